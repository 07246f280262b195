import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import { WEBKASSA_SIMULATOR_CREDENTIALS as SIM } from '#app/config.fiscal.ts';
import { createTestApp, testDatabaseUrl, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { startShopProcess, type ShopProcess } from '#app/test/server-process.ts';
import { orderDeps } from '#app/modules/order/order.lifecycle.ts';
import { queueOrderSale } from '#app/modules/order/order.fiscal.ts';
import { receiptsOfOrder } from './fiscal.service.ts';
import { LEASE_MS, runFiscalQueue } from './fiscal.worker.ts';

// Issue 32 acceptance, the crash cases: the shop process that sends receipts (src/server.ts with its fiscal job, a
// real OS process on the test's PostgreSQL schema) is killed with SIGKILL (1) after a money event was written and
// while its send had not reached Webkassa, and (2) after Webkassa stored the receipt but before the answer was stored.
// After the lease another worker finishes both: exactly one receipt at Webkassa for each event, the shop's rows done
// with Webkassa's own fiscal numbers. PostgreSQL only (processes share the database); SQLite runs one process.

const env = {
  ...{ FISCAL_PROVIDER: 'webkassa', WEBKASSA_API_KEY: SIM.apiKey, WEBKASSA_LOGIN: SIM.login },
  ...{ WEBKASSA_PASSWORD: SIM.password, WEBKASSA_CASHBOX: SIM.cashbox, FISCAL_INTERVAL_SECONDS: '1' },
};
let t: TestContext;
let wk: WebkassaSimulator;
const shops: ShopProcess[] = [];

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  wk = createWebkassaSimulator();
  await wk.listen();
  t = await createTestApp({ env: { ...env, WEBKASSA_URL: wk.url } });
});
afterAll(async () => {
  for (const s of shops) s.stop();
  await t?.close();
  await wk?.close();
});

/** A cash order handed over: its sale receipt queued in the shop's database (the money event), not sent. */
async function queuedSale(skuOffset: number) {
  const fx = orderFixtures(t);
  const city = (await fx.cities()).courier;
  const [sku] = await fx.skus(1, skuOffset);
  await fx.setStock(sku!.id, { [city.id]: 4 });
  const me = await fx.newCustomer({ name: 'Асель' });
  const cart = await fx.makeCart([{ skuId: sku!.id, qty: 2 }], me.id);
  const created = await fx.create(me.token, fx.draft(cart, city));
  expect(created.status, created.raw).toBe(200);
  const number = (created.body.data.order as { number: string }).number;
  const { id } = await t.db
    .selectFrom('order')
    .select('id')
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
  expect(
    await queueOrderSale(t.db, orderDeps(t.app).fiscal, id, { type: 'cash' }, new Date().toISOString()),
  ).toBe(true);
  const [row] = await receiptsOfOrder(t.db, id);
  return { id, ext: row!.external_check_number, rowId: row!.id };
}

const statusOf = async (rowId: string) =>
  (await t.db.selectFrom('fiscal_receipt').select('status').where('id', '=', rowId).executeTakeFirstOrThrow())
    .status;
const attemptsOf = async (rowId: string) =>
  (
    await t.db
      .selectFrom('fiscal_receipt')
      .select('attempts')
      .where('id', '=', rowId)
      .executeTakeFirstOrThrow()
  ).attempts;
const atWebkassa = (ext: string) => wk.receipts().filter((r) => r.externalCheckNumber === ext);

/** Polls `read` every 50 ms until it is true (at most 60 s). */
async function until(read: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!testDatabaseUrl)('a receipt survives SIGKILL of the process sending it (issue 32)', () => {
  it('killed before Webkassa got the receipt, and after it stored it: exactly one receipt each', async () => {
    // (1) Webkassa is down (505 on every call): the worker has tried the receipt, nothing has reached the register,
    // and the process dies. Deterministic, unlike catching a send in flight.
    wk.configure({ fail505: 1_000_000 });
    const early = await queuedSale(410);
    const first = await startShopProcess(t.schema!, { env: { ...env, WEBKASSA_URL: wk.url } });
    shops.push(first);
    await until(async () => (await attemptsOf(early.rowId)) >= 1, 'the first worker tries the receipt');
    first.child.kill('SIGKILL');
    await until(() => !first.alive(), 'the first worker is gone');
    expect(atWebkassa(early.ext)).toHaveLength(0);

    // (2) Every Webkassa answer is held 4 s: the receipt is stored there while the worker waits for the answer.
    wk.configure({ fail505: 0, slowMs: 4_000 });
    // The dead worker's hold on the cash register ends with its lease (2 min): ended here rather than waited for.
    await t.db
      .updateTable('fiscal_cashbox')
      .set({ lease_until: new Date(0).toISOString() })
      .execute();
    // The first receipt's back-off (10 s after one attempt) is stretched to the lease here: a second process that
    // starts slowly on a busy machine would otherwise find it due again and send it before the new one.
    await t.db
      .updateTable('fiscal_receipt')
      .set({ next_attempt_at: new Date(Date.now() + LEASE_MS).toISOString() })
      .where('id', '=', early.rowId)
      .execute();
    const late = await queuedSale(411);
    const second = await startShopProcess(t.schema!, { env: { ...env, WEBKASSA_URL: wk.url } });
    shops.push(second);
    // Webkassa stored the receipt and holds its answer: the process dies before storing it.
    await until(() => wk.receipts().length > 0, 'Webkassa stores a receipt');
    second.child.kill('SIGKILL');
    await until(() => !second.alive(), 'the second worker is gone');
    // Only the new receipt: the first one waits out its (stretched) back-off.
    expect(wk.receipts().map((r) => r.externalCheckNumber)).toEqual([late.ext]);
    expect(await statusOf(late.rowId)).toBe('sending');
    await wk.idle();

    // Another worker, once the dead ones' leases ran out: sends what never arrived, recovers what did.
    wk.configure({ slowMs: 0 });
    const clock = manualClock(new Date(Date.now() + LEASE_MS + 60_000));
    await runFiscalQueue({ db: t.db, provider: t.app.fiscal!, log: t.app.log, clock });
    for (const { ext, rowId } of [early, late]) {
      expect(atWebkassa(ext)).toHaveLength(1);
      expect(await statusOf(rowId)).toBe('done');
      const row = await t.db
        .selectFrom('fiscal_receipt')
        .select('check_number')
        .where('id', '=', rowId)
        .executeTakeFirstOrThrow();
      expect(row.check_number).toBe(atWebkassa(ext)[0]!.checkNumber);
    }
  });
});
