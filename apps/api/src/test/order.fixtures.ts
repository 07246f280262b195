import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CustomerLanguage, ErrorBody, HalykAuth, Order, OrderDraft } from '@kiim/contract';
import { issueToken } from '#app/modules/customer/customer.token.ts';
import type { TestContext } from '#app/test/helper.ts';
import type { EpaySimulator } from '@kiim/tools/epay-simulator';
import { payWithCard, TEST_CARDS } from '@kiim/tools/epay-simulator/browser';
import { chainHistory } from '#app/modules/order/order.mapper.ts';

// Test fixtures of the order and payment tests: cities and SKUs of the seeded shop, customers with tokens,
// carts, exact stock, orders placed through the API, and paying on the ePay simulator the way a browser does.

/** The body type `POST /api/order/create` accepts (defaults may be left out). */
export type DraftInput = z.input<typeof OrderDraft>;

/** A city of the seed with one of its pickup points. */
export interface FixtureCity {
  id: number;
  pointId: number;
  courierPrice: number;
  timeZone: string;
}

/** A SKU of an active product with its server-side price (tenge). */
export interface FixtureSku {
  id: number;
  externalId: string;
  price: number;
  originalPrice: number;
}

/** Helpers bound to one test app. */
export function orderFixtures(t: TestContext) {
  let seq = 0;
  const prefix = String(Math.floor(Math.random() * 90) + 10);

  /** A visible city with courier and pickup points, one without courier, and the hidden one. */
  async function cities() {
    const rows = await t.db
      .selectFrom('city')
      .innerJoin('pickup_point', 'pickup_point.city_id', 'city.id')
      .select([
        'city.id',
        'city.courier_available',
        'city.courier_price',
        'city.visible_for_customers',
        'city.time_zone',
        'pickup_point.id as point_id',
      ])
      .orderBy('city.id')
      .orderBy('pickup_point.id')
      .execute();
    const pick = (r: (typeof rows)[number]): FixtureCity => ({
      id: r.id,
      pointId: r.point_id,
      courierPrice: Number(r.courier_price),
      timeZone: r.time_zone,
    });
    const visible = rows.filter((r) => r.visible_for_customers === 1);
    return {
      courier: pick(visible.find((r) => r.courier_available === 1 && r.courier_price > 0)!),
      other: pick(
        visible.find((r) => r.courier_available === 1 && r.courier_price > 0 && r.id !== visible[0]!.id)!,
      ),
      noCourier: pick(visible.find((r) => r.courier_available === 0)!),
      hidden: pick(rows.find((r) => r.visible_for_customers === 0)!),
      visibleIds: [...new Set(visible.map((r) => r.id))],
      pointsOf: (cityId: number) => rows.filter((r) => r.id === cityId).map((r) => r.point_id),
    };
  }

  /** `n` SKUs of active products, from the `offset`-th, by id. */
  async function skus(n: number, offset = 0): Promise<FixtureSku[]> {
    const rows = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.id', 'sku.external_id', 'product.price', 'product.original_price'])
      .where('product.is_active', '=', 1)
      .orderBy('sku.id')
      .offset(offset)
      .limit(n)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      externalId: r.external_id,
      price: Number(r.price),
      originalPrice: Number(r.original_price),
    }));
  }

  /** A customer with a token, made directly in the database (sign-in is tested in the customer module). */
  async function newCustomer(extra: { name?: string; email?: string; language?: CustomerLanguage } = {}) {
    const id = randomUUID();
    const now = new Date().toISOString();
    const mobile = `770${prefix}${String(++seq).padStart(6, '0')}`;
    await t.db
      .insertInto('customer')
      .values({
        id,
        mobile,
        name: extra.name ?? null,
        surname: null,
        email: extra.email ?? null,
        gender: null,
        birth_date: null,
        password_hash: null,
        language: extra.language,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id, mobile, token: await issueToken(t.db, id, new Date()) };
  }

  /** Sets the exact units of a SKU: `byCity` cities get their quantity, every other city none. */
  async function setStock(skuId: number, byCity: Record<number, number>) {
    const now = new Date().toISOString();
    await t.db.deleteFrom('stock').where('sku_id', '=', skuId).execute();
    const rows = Object.entries(byCity).map(([city, quantity]) => ({
      sku_id: skuId,
      city_id: Number(city),
      quantity,
      created_at: now,
      updated_at: now,
    }));
    if (rows.length) await t.db.insertInto('stock').values(rows).execute();
  }

  /** Units of a SKU in a city (0 without a row). */
  async function stockOf(skuId: number, cityId: number) {
    const row = await t.db
      .selectFrom('stock')
      .select('quantity')
      .where('sku_id', '=', skuId)
      .where('city_id', '=', cityId)
      .executeTakeFirst();
    return Number(row?.quantity ?? 0);
  }

  /** A cart with these lines, anonymous unless `customerId` is given. */
  async function makeCart(lines: { skuId: number; qty: number }[], customerId: string | null = null) {
    const id = randomUUID();
    const now = new Date().toISOString();
    await t.db
      .insertInto('cart')
      .values({ id, customer_id: customerId, created_at: now, updated_at: now })
      .execute();
    if (lines.length)
      await t.db
        .insertInto('cart_item')
        .values(
          lines.map((l) => ({ cart_id: id, sku_id: l.skuId, qty: l.qty, created_at: now, updated_at: now })),
        )
        .execute();
    return id;
  }

  /** The lines of a cart (sku, qty), by SKU. */
  const cartItems = (cartId: string) =>
    t.db
      .selectFrom('cart_item')
      .select(['sku_id', 'qty'])
      .where('cart_id', '=', cartId)
      .orderBy('sku_id')
      .execute();

  /** Any API call with the customer's token; the JSON answer. */
  async function call<T>(method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: token ? { 'x-authorization': token } : {},
    });
    return { status: res.statusCode, body: res.json() as { data: T } & ErrorBody, raw: res.body };
  }

  /** `POST /api/order/create`. */
  const create = (token: string | undefined, order: unknown) =>
    call<{ order: Order }>('POST', '/api/order/create', token, { order });

  /** A pickup order draft for a cart (cash on delivery unless told). */
  const draft = (cartUuid: string, city: FixtureCity, over: Partial<DraftInput> = {}): DraftInput => ({
    cartUuid,
    regionId: city.id,
    deliveryMethodId: 1,
    paymentId: 1,
    pickupPointId: city.pointId,
    idempotencyKey: randomUUID(),
    ...over,
  });

  /** Rows of a table. */
  const count = async (
    table: 'order' | 'order_line' | 'payment' | 'payment_event' | 'order_status_history' | 'sms_message',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The stored order row, its payment and its history (what callbacks and jobs may change). */
  async function orderState(number: string) {
    const order = await t.db
      .selectFrom('order')
      .selectAll()
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    const payment = await t.db
      .selectFrom('payment')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    const history = chainHistory(
      await t.db
        .selectFrom('order_status_history')
        .select(['from_status', 'to_status', 'actor', 'created_at'])
        .where('order_id', '=', order.id)
        .execute(),
    ).map(({ created_at: _at, ...h }) => h);
    const events = payment
      ? await t.db
          .selectFrom('payment_event')
          .select(['source', 'outcome'])
          .where('payment_id', '=', payment.id)
          .orderBy('created_at')
          .execute()
      : [];
    return { order, payment, history, events };
  }

  /** `n` customers with tokens, each with their own cart holding `lines`. */
  async function buyers(n: number, lines: { skuId: number; qty: number }[]) {
    return Promise.all(
      Array.from({ length: n }, async () => {
        const c = await newCustomer();
        return { ...c, cartId: await makeCart(lines, c.id) };
      }),
    );
  }

  /**
   * The stock movement rows of a SKU (decision 020), in insertion order, optionally only in one city; the order's
   * rows and cancellations as the back office's history lists them.
   */
  async function movementsOf(skuId: number, cityId?: number) {
    const rows = await t.db
      .selectFrom('stock_movement')
      .select([
        'id',
        'city_id',
        'quantity_before',
        'quantity_after',
        'reason',
        'actor_type',
        'actor_id',
        'note',
      ])
      .where('sku_id', '=', skuId)
      .$if(cityId !== undefined, (q) => q.where('city_id', '=', cityId!))
      .orderBy('id')
      .execute();
    return rows.map(({ id, quantity_before, quantity_after, ...r }) => ({
      id: Number(id),
      ...r,
      before: Number(quantity_before),
      after: Number(quantity_after),
    }));
  }

  return {
    cities,
    skus,
    movementsOf,
    newCustomer,
    buyers,
    setStock,
    stockOf,
    makeCart,
    cartItems,
    call,
    create,
    draft,
    count,
    orderState,
  };
}

/**
 * Pays on the simulator's payment page as a browser would after `halyk.pay(obj)`: submits the card form with
 * the payment object. Expiry 12/35, CVC 123.
 * @returns the HTTP status and where the page sends the browser (backLink or failureBackLink).
 */
export async function payOnSimulator(sim: EpaySimulator, auth: HalykAuth, cardNumber: string) {
  const { status, location } = await payWithCard(sim.url, auth.payment, cardNumber);
  return { status, location };
}

/** Approved and declined sandbox cards (payments-sms.md §1). */
export const CARDS = TEST_CARDS;
