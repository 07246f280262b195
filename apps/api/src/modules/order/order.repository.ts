import { sql } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import type { OrderLineRow, OrderRow, OrderStatusHistoryRow } from './order.table.ts';

/**
 * Data access of the order module: the only place with Kysely queries for orders, order lines, the order
 * number counter (SQLite) and sequence (PostgreSQL). Functions take `db | trx` first;
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
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Next order number (issue 14, decision 007 amendment): unique and increasing, gaps allowed.
 * - PostgreSQL: `nextval('order_number_seq')` — no row lock, so parallel orders do not queue on it; a
 *   transaction that rolls back after taking a number leaves a gap (the number is never given again).
 * - SQLite: increments the `order_number` counter row in the caller's transaction (writes are serialised anyway;
 *   a rollback undoes the increment, so the number of an order that never existed is given to the next one).
 */
export async function nextOrderNumber(db: DbOrTrx): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ value: string }>`select nextval('order_number_seq') as value`.execute(db);
    return Number(rows[0]!.value);
  }
  const row = await db
    .updateTable('counter')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order_number')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * The last order number given out (committed or not, on PostgreSQL): the sequence's `last_value`, or SQLite's
 * counter. Every number {@link nextOrderNumber} gives later is greater. For tests and checks; not a count of orders.
 */
export async function lastOrderNumber(db: DbOrTrx): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ value: string }>`select last_value as value from order_number_seq`.execute(
      db,
    );
    return Number(rows[0]!.value);
  }
  const row = await db
    .selectFrom('counter')
    .select('value')
    .where('name', '=', 'order_number')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** An order by number, whoever placed it (payments and the back-office). */
export async function findOrderByNumber(db: DbOrTrx, number: string): Promise<OrderRow | undefined> {
  return db.selectFrom('order').selectAll().where('number', '=', number).executeTakeFirst();
}

/** An order by id. */
export async function findOrderById(db: DbOrTrx, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('order').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves an order from `from` to `to` only if it is still in `from` (the one guard against every race: two
 * callbacks, a callback and the payment window, staff and the customer).
 * @returns true when this call changed it.
 */
export async function updateOrderStatus(
  db: DbOrTrx,
  orderId: string,
  from: string,
  to: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('order')
    .set((eb) => ({
      status: to,
      version: eb('version', '+', 1),
      updated_at: nowIso,
      ...(from === 'awaiting_payment' ? { payment_expires_at: null } : {}),
    }))
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Appends one entry to an order's status history. */
export async function insertStatusHistory(db: DbOrTrx, row: OrderStatusHistoryRow): Promise<void> {
  await db.insertInto('order_status_history').values(row).execute();
}

/** The status histories of the given orders, oldest first. */
export async function findStatusHistory(
  db: DbOrTrx,
  orderIds: readonly string[],
): Promise<OrderStatusHistoryRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_status_history')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Ids of the orders awaiting payment (card online, unpaid, not cancelled yet). */
export async function findAwaitingPaymentOrderIds(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom('order').select('id').where('status', '=', 'awaiting_payment').execute();
  return rows.map((r) => r.id);
}

/**
 * Card-online orders still awaiting payment whose payment window closed at `nowIso` or before, oldest
 * first, at most `limit`.
 */
export async function findExpiredAwaitingOrders(
  db: DbOrTrx,
  nowIso: string,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('order')
    .selectAll()
    .where('status', '=', 'awaiting_payment')
    .where('payment_expires_at', '<=', nowIso)
    .orderBy('payment_expires_at')
    .limit(limit)
    .execute();
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

/**
 * The customer's newest completed order holding a line of `productId` (any size or colour SKU of it), or
 * undefined. Reads the catalogue's `sku` for the line's product in the same statement.
 */
export async function findCompletedOrderWithProduct(
  db: DbOrTrx,
  customerId: string,
  productId: number,
): Promise<{ id: string; number: string } | undefined> {
  return db
    .selectFrom('order')
    .innerJoin('order_line', 'order_line.order_id', 'order.id')
    .innerJoin('sku', 'sku.id', 'order_line.sku_id')
    .select(['order.id', 'order.number'])
    .where('order.customer_id', '=', customerId)
    .where('order.status', '=', 'completed')
    .where('sku.product_id', '=', productId)
    .orderBy('order.created_at', 'desc')
    .orderBy('order.number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Numbers of the given orders, keyed by order id. */
export async function findOrderNumbers(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('order')
    .select(['id', 'number'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.number]));
}
