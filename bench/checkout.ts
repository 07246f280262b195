// The checkout path of `npm run bench` (issue 14, goal 4; the measurement of decision 018's amendment «checkout
// path»): customers (made with tokens directly in the shop's database: the bench's own SQLite file or PostgreSQL
// database) each run a loop for the measured time — add a SKU in stock to a new cart, then create a pickup order
// paid on delivery — and every call's latency is recorded apart, so add to cart and order creation get their own
// percentiles at the same concurrency. Two loads: at a shopper's pace (a random think of 0.5–1.5 s after each
// call: the goal's «20 concurrent customers») and at saturation (no think time: the shop's capacity, no goal).
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
 * what their orders need: a visible city with a pickup point and the SKUs to add, one entry per unit in stock there
 * ({@link unitsToOrder}), so that the runs' orders, taken in turn, never ask for a unit that is not there.
 * @throws Error when the city has no SKU of an active product in stock.
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
      .select(['sku.external_id', 'stock.quantity'])
      .where('stock.city_id', '=', point.city_id)
      .where('stock.quantity', '>', 0)
      .where('product.is_active', '=', 1)
      .orderBy('stock.quantity', 'desc')
      .orderBy('sku.id')
      .limit(2000)
      .execute();
    if (skus.length === 0) throw new Error(`checkout: no SKU in stock in city ${point.city_id}`);
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
      externalIds: unitsToOrder(skus),
      cityId: point.city_id,
      pickupPointId: point.id,
    };
  } finally {
    await db.destroy();
  }
}

/**
 * The SKUs to add, one entry per unit in stock, in rounds (every SKU's first unit, then every SKU's second…), so
 * that consecutive adds name different SKUs. Taken in turn, the first `length` orders never ask for a unit that is not
 * there: the capacity run (thousands of orders) used to drain the demo catalogue's 276 SKUs with 20 units or more
 * in the city, and the pace run after it then found none (every add answered 400).
 */
export function unitsToOrder(skus: { external_id: string; quantity: number }[]): string[] {
  const units: string[] = [];
  const most = Math.max(0, ...skus.map((s) => s.quantity));
  for (let round = 1; round <= most; round++)
    for (const s of skus) if (s.quantity >= round) units.push(s.external_id);
  return units;
}

/** Latencies of one kind of call, in milliseconds (`count` calls, failures included). */
export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface CheckoutResult {
  addToCart: Latencies;
  createOrder: Latencies;
  /** Orders answered 2xx, and per second of the measured time (`seconds`, as long as the last loop ran). */
  orders: number;
  ordersPerSecond: number;
  seconds: number;
  failures: Record<string, number>;
}

/**
 * How the customers behave for `seconds`. With `thinkMs`, a shopper's pace: after the add to cart and after the
 * order each thinks a uniformly random time in [min, max) milliseconds (also once before the first add, so that the
 * customers do not all arrive in the same millisecond). Without it, the closed loop at saturation: each calls again
 * the moment the answer arrives (the latency is then the queue: Little's law, customers in flight ÷ throughput).
 */
export interface CheckoutLoad {
  seconds: number;
  thinkMs?: [number, number];
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : NaN;
};
const summary = (xs: number[]): Latencies => ({
  count: xs.length,
  p50: percentile(xs, 50),
  p95: percentile(xs, 95),
  p99: percentile(xs, 99),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every customer's loop (add a SKU in stock to a new cart, then order that cart: pickup, paid on delivery) until
 * `load.seconds` have passed — at a shopper's pace when `load.thinkMs` is given, else at saturation — against the
 * shop at `url`. A loop that has begun an add finishes its order, so the run may end a little after `seconds`.
 * @returns each call's latencies apart (ms), the orders made and their rate over the time the loops ran, and the
 *   failures by call and HTTP status.
 */
export async function runCheckout(
  url: string,
  setup: CheckoutSetup,
  load: CheckoutLoad,
): Promise<CheckoutResult> {
  const add: number[] = [];
  const create: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (what: string, status: number) =>
    (failures[`${what} ${status}`] = (failures[`${what} ${status}`] ?? 0) + 1);
  const [min, max] = load.thinkMs ?? [0, 0];
  /** A customer's think time (none at saturation). */
  const think = async () => {
    if (max > 0) await sleep(min + Math.random() * (max - min));
  };
  const began = performance.now();
  const until = Date.now() + load.seconds * 1000;
  let orders = 0;
  let n = 0;
  const loop = async (token: string) => {
    const headers = { 'content-type': 'application/json', 'x-authorization': token };
    await think();
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
        await think();
        continue;
      }
      await think();
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
      if (created.ok) orders++;
      else fail('create order', created.status);
      if (Date.now() < until) await think();
    }
  };
  await Promise.all(setup.tokens.map(loop));
  const seconds = (performance.now() - began) / 1000;
  return {
    addToCart: summary(add),
    createOrder: summary(create),
    orders,
    ordersPerSecond: Math.round((orders / seconds) * 10) / 10,
    seconds: Math.round(seconds * 10) / 10,
    failures,
  };
}
