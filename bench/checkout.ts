// The checkout path of `npm run bench` (issue 14, goal 4): customers (made with tokens directly in the shop's
// database: the bench's own SQLite file or PostgreSQL database) each run a loop for the measured time — add a SKU in stock to a new cart, then create a
// pickup order paid on delivery — and every call's latency is recorded apart, so add to cart and order
// creation get their own percentiles at the same concurrency.
import { randomUUID } from 'node:crypto';
import { createDatabase, type DatabaseOptions } from '../apps/api/src/db/database.ts';
import { issueToken } from '../apps/api/src/modules/customer/customer.token.ts';

export interface CheckoutSetup {
  tokens: string[];
  externalIds: string[];
  cityId: number;
  pickupPointId: number;
}

/**
 * `customers` customers with tokens in the shop's database (`database`: its SQLite file or PostgreSQL URL), and
 * what their orders need: a visible city with a pickup point and SKUs of active products with at least 20 units
 * there.
 */
export async function prepareCheckout(database: DatabaseOptions, customers: number): Promise<CheckoutSetup> {
  const { db } = createDatabase(database);
  try {
    const point = await db
      .selectFrom('pickup_point')
      .innerJoin('city', 'city.id', 'pickup_point.city_id')
      .select(['pickup_point.id', 'pickup_point.city_id'])
      .where('city.visible_for_customers', '=', 1)
      .orderBy('pickup_point.city_id')
      .orderBy('pickup_point.id')
      .executeTakeFirstOrThrow();
    const skus = await db
      .selectFrom('stock')
      .innerJoin('sku', 'sku.id', 'stock.sku_id')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select('sku.external_id')
      .where('stock.city_id', '=', point.city_id)
      .where('stock.quantity', '>=', 20)
      .where('product.is_active', '=', 1)
      .orderBy('sku.id')
      .limit(2000)
      .execute();
    const tokens: string[] = [];
    const now = new Date();
    const base = Date.now() % 9_000_000;
    for (let i = 0; i < customers; i++) {
      const id = randomUUID();
      const at = now.toISOString();
      const mobile = `7707${String(base + i).padStart(7, '0')}`;
      await db
        .insertInto('customer')
        .values({
          id,
          mobile,
          name: 'Bench',
          surname: null,
          email: null,
          gender: null,
          birth_date: null,
          password_hash: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      tokens.push(await issueToken(db, id, now));
    }
    return {
      tokens,
      externalIds: skus.map((s) => s.external_id),
      cityId: point.city_id,
      pickupPointId: point.id,
    };
  } finally {
    await db.destroy();
  }
}

export interface CheckoutResult {
  addToCart: { count: number; p50: number; p95: number; p99: number };
  createOrder: { count: number; p50: number; p95: number; p99: number };
  failures: Record<string, number>;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : NaN;
};
const summary = (xs: number[]) => ({
  count: xs.length,
  p50: percentile(xs, 50),
  p95: percentile(xs, 95),
  p99: percentile(xs, 99),
});

/** Every customer's loop (add to a new cart, order it) for `seconds`; latencies in milliseconds. */
export async function runCheckout(
  url: string,
  setup: CheckoutSetup,
  seconds: number,
): Promise<CheckoutResult> {
  const add: number[] = [];
  const create: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (what: string, status: number) =>
    (failures[`${what} ${status}`] = (failures[`${what} ${status}`] ?? 0) + 1);
  const until = Date.now() + seconds * 1000;
  let n = 0;
  const loop = async (token: string) => {
    const headers = { 'content-type': 'application/json', 'x-authorization': token };
    while (Date.now() < until) {
      const externalId = setup.externalIds[n++ % setup.externalIds.length]!;
      let t = performance.now();
      const added = await fetch(`${url}/api/cart/add-or-update-item`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ uuid: null, externalId, regionId: setup.cityId, qty: 1 }),
      });
      const cart = (await added.json()) as { data?: { uuid: string } };
      add.push(performance.now() - t);
      if (!added.ok || !cart.data) {
        fail('add to cart', added.status);
        continue;
      }
      const order = {
        cartUuid: cart.data.uuid,
        regionId: setup.cityId,
        deliveryMethodId: 1,
        paymentId: 1,
        pickupPointId: setup.pickupPointId,
        idempotencyKey: randomUUID(),
      };
      t = performance.now();
      const created = await fetch(`${url}/api/order/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ order }),
      });
      await created.arrayBuffer();
      create.push(performance.now() - t);
      if (!created.ok) fail('create order', created.status);
    }
  };
  await Promise.all(setup.tokens.map(loop));
  return { addToCart: summary(add), createOrder: summary(create), failures };
}
