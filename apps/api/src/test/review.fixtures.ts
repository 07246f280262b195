import { expect } from 'vitest';
import type { ErrorBody, StaffRole } from '@kiim/contract';
import type { TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { tableCount } from '#app/test/inject.ts';
import { makeApiKey, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Fixtures of the review and question tests: products of the seeded catalogue, customers with orders moved to
// completed (or cancelled) by the ERP's API key, staff members of a role signed in, and JSON calls.

/** One SKU each of `n` distinct active products, from the `offset`-th product by id. */
export async function productSkus(t: TestContext, n: number, offset = 0) {
  const rows = await t.db
    .selectFrom('product')
    .innerJoin('sku', 'sku.product_id', 'product.id')
    .select(['product.id as productId', 'product.slug', (eb) => eb.fn.min('sku.id').as('skuId')])
    .where('product.is_active', '=', 1)
    .groupBy(['product.id', 'product.slug'])
    .orderBy('product.id')
    .offset(offset)
    .limit(n)
    .execute();
  return rows.map((r) => ({ productId: r.productId, slug: r.slug, skuId: Number(r.skuId) }));
}

/** Helpers bound to one test app. */
export function reviewFixtures(t: TestContext) {
  const fx = orderFixtures(t);
  let erpKey: Promise<string> | undefined;
  const members = new Map<StaffRole, Promise<{ id: string; cookie: string }>>();
  /** A signed-in staff member of `role` (one per role and app). */
  const member = (role: StaffRole) => {
    let m = members.get(role);
    if (!m) members.set(role, (m = signedInMember(t.app, t.db, role)));
    return m;
  };

  /** Any JSON call with optional headers; the status and parsed body. */
  async function call<T>(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) {
    const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
    expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
    return { status: res.statusCode, body: res.json() as { data: T } & ErrorBody, headers: res.headers };
  }
  const as = (token: string) => ({ 'x-authorization': token });

  /**
   * An order of the customer holding one unit of each SKU, placed through the API (pickup, cash) and moved by
   * the back office to `status`: `completed` (ready for pickup → completed), `cancelled`, or left `new`.
   * @returns the order number.
   */
  async function orderOf(
    customer: { id: string; token: string },
    skuIds: readonly number[],
    status: 'completed' | 'cancelled' | 'new' = 'completed',
  ): Promise<string> {
    const city = (await fx.cities()).courier;
    for (const skuId of skuIds) await fx.setStock(skuId, { [city.id]: 5 });
    const cart = await fx.makeCart(
      skuIds.map((skuId) => ({ skuId, qty: 1 })),
      customer.id,
    );
    const created = await fx.create(customer.token, fx.draft(cart, city));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { number } = created.body.data.order;
    const steps =
      status === 'completed'
        ? ['ready_for_pickup', 'completed']
        : status === 'cancelled'
          ? ['cancelled']
          : [];
    for (const to of steps) {
      erpKey ??= makeApiKey(t.db, ['orders.status']).then((k) => k.secret);
      const moved = await call(
        'POST',
        `/api/backoffice/orders/${number}/status`,
        { 'x-api-key': await erpKey },
        { status: to },
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    return number;
  }

  /** A customer with a name (shown as «Имя Ф.»). */
  async function customer(name = 'Айгерим') {
    const c = await fx.newCustomer({ name });
    await t.db.updateTable('customer').set({ surname: 'Касымова' }).where('id', '=', c.id).execute();
    return c;
  }

  /** Row counts of the module's tables (a refused call must leave them as they were). */
  const counts = async () => ({
    review: await tableCount(t.db, 'review'),
    vote: await tableCount(t.db, 'review_vote'),
    question: await tableCount(t.db, 'question'),
    answer: await tableCount(t.db, 'question_answer'),
  });

  /**
   * A call of the staff API as a signed-in member of `role` (default: a manager, who moderates), or without a
   * session (`null`), with the shop's Origin.
   */
  async function staff<T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    role: StaffRole | null = 'manager',
  ) {
    const cookie = role ? (await member(role)).cookie : undefined;
    const r = await staffCall(t.app, cookie, method, url, payload);
    return { status: r.status, body: r.body as { data: T } & ErrorBody };
  }

  return { call, as, orderOf, customer, counts, staff, member, fx };
}
