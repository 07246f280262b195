import type { DbOrTrx } from '#app/db/database.ts';
import type { PickupPointRow } from '#app/modules/catalog/catalog.table.ts';
import type { OrderLineRow, OrderRow } from './order.table.ts';

/**
 * Data access of the order module: the only place with Kysely queries for orders, order lines, the order
 * number counter, stock reservation and the cart claim of an order. Functions take `db | trx` first;
 * times are ISO 8601 UTC text.
 */

/** The order a customer placed with an idempotency key, if any. */
export async function findOrderByIdempotencyKey(
  db: DbOrTrx,
  customerId: string,
  key: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('order')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A customer's order by number (another customer's order is not found). */
export async function findCustomerOrderByNumber(
  db: DbOrTrx,
  customerId: string,
  number: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('order')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/**
 * A customer's orders, newest first, whose status is (`finished` true) or is not (false) in
 * `finishedStatuses`.
 */
export async function findCustomerOrders(
  db: DbOrTrx,
  customerId: string,
  finishedStatuses: readonly string[],
  finished: boolean,
): Promise<OrderRow[]> {
  return db
    .selectFrom('order')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', finished ? 'in' : 'not in', [...finishedStatuses])
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .execute();
}

/** The lines of the given orders, in the order they were written. */
export async function findOrderLines(db: DbOrTrx, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_line')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Pickup points by id. */
export async function findPickupPoints(db: DbOrTrx, ids: readonly number[]): Promise<PickupPointRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('pickup_point')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * Claims a cart for an order: locks its row (first lock of the order transaction, the same order the
 * cart module locks in) and attaches an anonymous cart to the customer. A cart of another customer is
 * not touched.
 * @returns false when the cart does not exist or belongs to another customer.
 */
export async function claimCart(
  db: DbOrTrx,
  cartId: string,
  customerId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('cart')
    .set({ customer_id: customerId, updated_at: nowIso })
    .where('id', '=', cartId)
    .where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', customerId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes `qty` units of a SKU from a city's stock with one conditional UPDATE (`quantity >= qty`), so
 * stock can never go below zero nor be sold twice, whatever the concurrency.
 * @returns true when the units were taken.
 */
export async function takeStock(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  qty: number,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('stock')
    .set((eb) => ({ quantity: eb('quantity', '-', qty), updated_at: nowIso }))
    .where('sku_id', '=', skuId)
    .where('city_id', '=', cityId)
    .where('quantity', '>=', qty)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Exact units of a SKU in a city (0 without a stock row). */
export async function stockQuantity(db: DbOrTrx, skuId: number, cityId: number): Promise<number> {
  const row = await db
    .selectFrom('stock')
    .select('quantity')
    .where('sku_id', '=', skuId)
    .where('city_id', '=', cityId)
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

/**
 * Next order number: increments the `order_number` counter row and returns the new value. Inside the
 * order transaction the row stays locked until commit, so numbers are unique and, as a rollback undoes
 * the increment, without gaps.
 */
export async function nextOrderNumber(db: DbOrTrx): Promise<number> {
  const row = await db
    .updateTable('counter')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order_number')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Inserts an order and its lines. */
export async function insertOrder(
  db: DbOrTrx,
  order: OrderRow,
  lines: readonly OrderLineRow[],
): Promise<void> {
  await db.insertInto('order').values(order).execute();
  if (lines.length)
    await db
      .insertInto('order_line')
      .values([...lines])
      .execute();
}
