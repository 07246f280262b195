import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, DbOrTrx } from '#app/db/database.ts';
import { containsText } from '#app/db/dialect.ts';
import type { OrderRow } from './order.table.ts';

/**
 * Data access of the back office's orders (issue 15, decision 019): the filtered list, the counts of the
 * dashboard, the optimistic version claim and the staff's own fields of an order. Reads the customer's name and
 * mobile and the city's name and zone in the same statements (reference data; never written here).
 */

/** An instant range of one city: the local days the member chose, turned into UTC by the service. */
export interface CityRange {
  cityId: number;
  fromIso: string | null;
  toIso: string | null;
}

/** The list's filters as the repository applies them (the service resolves days and the search text). */
export interface OrderFilter {
  status?: string;
  customerId?: string;
  cityId?: number;
  deliveryMethodId?: number;
  paymentId?: number;
  paid?: boolean;
  /** Per-city instant ranges (the date filter); absent: no date filter. */
  ranges?: readonly CityRange[];
  /** The order number, when the search text is one. */
  number?: string;
  /** Digits of a phone to look for (contact phone or the customer's mobile). */
  phoneDigits?: string;
  /** Part of a name (contact name, customer's name or surname). */
  name?: string;
}

export interface OrderListRow extends OrderRow {
  customer_name: string | null;
  customer_surname: string | null;
  customer_mobile: string;
  city_name: string;
  time_zone: string;
  line_count: number;
  ever_paid: number;
}

type Eb = ExpressionBuilder<Database & { o: Database['order'] }, 'o' | 'customer' | 'city'>;

/** Paid: the order went through `paid` (ePay) or was completed (cash and card on delivery are paid at handover). */
const paidExpr = (eb: Eb) =>
  eb.or([
    eb('o.status', '=', 'completed'),
    eb.exists(
      eb
        .selectFrom('order_status_history as h')
        .select('h.id')
        .whereRef('h.order_id', '=', 'o.id')
        .where('h.to_status', '=', 'paid'),
    ),
  ]);

function where(db: DbOrTrx, eb: Eb, f: OrderFilter) {
  const parts = [];
  if (f.status) parts.push(eb('o.status', '=', f.status));
  if (f.customerId) parts.push(eb('o.customer_id', '=', f.customerId));
  if (f.cityId) parts.push(eb('o.city_id', '=', f.cityId));
  if (f.deliveryMethodId) parts.push(eb('o.delivery_method_id', '=', f.deliveryMethodId));
  if (f.paymentId) parts.push(eb('o.payment_id', '=', f.paymentId));
  if (f.paid !== undefined) parts.push(f.paid ? paidExpr(eb) : eb.not(paidExpr(eb)));
  if (f.ranges)
    parts.push(
      eb.or(
        f.ranges.map((r) =>
          eb.and([
            eb('o.city_id', '=', r.cityId),
            ...(r.fromIso ? [eb('o.created_at', '>=', r.fromIso)] : []),
            ...(r.toIso ? [eb('o.created_at', '<', r.toIso)] : []),
          ]),
        ),
      ),
    );
  const search = [];
  if (f.number) search.push(eb('o.number', '=', f.number));
  if (f.phoneDigits) {
    const like = `%${f.phoneDigits}%`;
    search.push(eb('o.delivery_contact_phone', 'like', like), eb('customer.mobile', 'like', like));
  }
  if (f.name) {
    const name = f.name;
    search.push(
      containsText(db, eb.ref('o.delivery_contact_name'), name),
      containsText(db, eb.ref('customer.name'), name),
      containsText(db, eb.ref('customer.surname'), name),
      containsText(
        db,
        sql<string>`${sql.ref('customer.name')} || ' ' || ${sql.ref('customer.surname')}`,
        name,
      ),
    );
  }
  if (search.length) parts.push(eb.or(search));
  return eb.and(parts);
}

const base = (db: DbOrTrx) =>
  db
    .selectFrom('order as o')
    .innerJoin('customer', 'customer.id', 'o.customer_id')
    .innerJoin('city', 'city.id', 'o.city_id');

/** One page of orders matching `f`, newest first, and how many match in all. */
export async function selectOrderPage(
  db: DbOrTrx,
  f: OrderFilter,
  offset: number,
  limit: number,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    base(db)
      .selectAll('o')
      .select((eb) => [
        'customer.name as customer_name',
        'customer.surname as customer_surname',
        'customer.mobile as customer_mobile',
        'city.name as city_name',
        'city.time_zone as time_zone',
        eb
          .selectFrom('order_line as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.order_id', '=', 'o.id')
          .as('line_count'),
        eb.case().when(paidExpr(eb)).then(1).else(0).end().as('ever_paid'),
      ])
      .where((eb) => where(db, eb, f))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.number', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => where(db, eb, f))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, line_count: Number(r.line_count), ever_paid: Number(r.ever_paid) })),
    total: Number(count.n),
  };
}

/** The order's customer and city as the order page shows them. */
export function selectOrderParties(db: DbOrTrx, orderId: string) {
  return base(db)
    .select([
      'customer.id as customer_id',
      'customer.name',
      'customer.surname',
      'customer.mobile',
      'city.name as city_name',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/**
 * Takes the change right of an order: raises its version if it still is `version` (of two racing changes exactly
 * one wins; PostgreSQL holds the row until the transaction ends).
 * @returns true when the version was `version`.
 */
export async function claimVersion(db: DbOrTrx, orderId: string, version: number, nowIso: string) {
  const r = await db
    .updateTable('order')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso }))
    .where('id', '=', orderId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Sets the staff's own fields of an order (note, confirmation, picking). */
export async function updateStaffFields(
  db: DbOrTrx,
  orderId: string,
  fields: Partial<Pick<OrderRow, 'staff_note' | 'confirmed_at' | 'picked_at'>>,
): Promise<void> {
  await db.updateTable('order').set(fields).where('id', '=', orderId).execute();
}

/** Records the units refused of one line at handover. */
export async function setRefusedQty(db: DbOrTrx, lineId: string, refusedQty: number, nowIso: string) {
  await db
    .updateTable('order_line')
    .set({ refused_qty: refusedQty, updated_at: nowIso })
    .where('id', '=', lineId)
    .execute();
}

/** The detailed history of an order (oldest first): status, who, why. */
export function selectHistory(db: DbOrTrx, orderId: string) {
  return db
    .selectFrom('order_status_history')
    .select(['from_status', 'to_status', 'actor', 'reason', 'created_at'])
    .where('order_id', '=', orderId)
    .execute();
}

/** Orders (count, sum of totals minus refused lines) created in [fromIso, toIso), cancelled ones left out. */
export async function selectSales(db: DbOrTrx, fromIso: string, toIso: string) {
  const row = await db
    .selectFrom('order as o')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('o.total_amount'), eb.lit(0)).as('total'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('order_line as l')
            .innerJoin('order as o2', 'o2.id', 'l.order_id')
            .select((e) => e.fn.sum<number>(sql`${sql.ref('l.refused_qty')} * ${sql.ref('l.price')}`).as('r'))
            .where('o2.status', '!=', 'cancelled')
            .where('o2.created_at', '>=', fromIso)
            .where('o2.created_at', '<', toIso),
          eb.lit(0),
        )
        .as('refused'),
    ])
    .where('o.status', '!=', 'cancelled')
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.n), revenue: Number(row.total) - Number(row.refused) };
}

/** Orders per status, and how many of new/paid are confirmed but not picked yet. */
export async function selectStatusCounts(db: DbOrTrx) {
  const rows = await db
    .selectFrom('order')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('status', 'not in', ['completed', 'cancelled'])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
