import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { down, up } from '#app/db/migrations/20261228T050000-create-refund.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures, type FixtureSku } from '#app/test/order.fixtures.ts';

// Decision 035's migration on both databases: a refund owed in 027's single column (`payment.refund_owed_to`)
// becomes an `owed` refund row with the externalID 027 sent (so a refund already under way is never paid twice)
// and one attempt counted (so ePay's status is read before it is sent again); `down` gives the column back.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('migration 20261228T050000-create-refund', () => {
  it('moves the refunds owed in payment.refund_owed_to into owed refund rows, and back', async () => {
    const fx = orderFixtures(t);
    const city = (await fx.cities()).courier;
    const me = await fx.newCustomer();
    const [sku] = (await fx.skus(1, 7)) as [FixtureSku];
    await fx.setStock(sku.id, { [city.id]: 3 });
    const cartId = await fx.makeCart([{ skuId: sku.id, qty: 2 }], me.id);
    const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 3 }));
    expect(r.status, r.raw).toBe(200);
    const payment = await t.db
      .selectFrom('payment')
      .selectAll()
      .where('invoice_id', '=', r.body.data.order.number)
      .executeTakeFirstOrThrow();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const raw = t.db as unknown as Kysely<any>;
    await down(raw);
    await raw
      .updateTable('payment')
      .set({ status: 'charged', transaction_id: 'tr-1', refunded_amount: 100, refund_owed_to: 1100 })
      .where('id', '=', payment.id)
      .execute();
    await up(raw);
    const rows = await t.db.selectFrom('refund').selectAll().where('payment_id', '=', payment.id).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        order_id: payment.order_id,
        amount: 1000,
        external_id: `${payment.id}-1100`,
        status: 'owed',
        source: 'shop',
        attempts: 1,
        requested_by: 'system',
      }),
    ]);
    await down(raw);
    const back = await raw
      .selectFrom('payment')
      .select('refund_owed_to')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(Number(back.refund_owed_to)).toBe(1100);
    await up(raw);
  });
});
