import type { DbOrTrx } from '#app/db/database.ts';

// Orders for the 1C exchange (`type=sale`, docs/decisions/021): orders 1C has not yet confirmed taking, and the mark
// it sets.

/** Orders not yet taken by 1C, oldest first, with the customer and the pickup point's title. */
export function selectOrdersToExport(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('order as o')
    .innerJoin('customer as c', 'c.id', 'o.customer_id')
    .innerJoin('city as ci', 'ci.id', 'o.city_id')
    .leftJoin('pickup_point as pp', 'pp.id', 'o.pickup_point_id')
    .selectAll('o')
    .select(['c.mobile', 'c.name as customer_name', 'c.surname as customer_surname', 'ci.name as city_name'])
    .select(['pp.title as pickup_point_title'])
    .where('o.exchange_exported_at', 'is', null)
    .orderBy('o.created_at')
    .orderBy('o.number')
    .limit(limit)
    .execute();
}
export type OrderToExport = Awaited<ReturnType<typeof selectOrdersToExport>>[number];

/** Lines of orders, in order. */
export function selectLines(db: DbOrTrx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_line')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

/** Marks orders taken by 1C. @returns how many were marked now. */
export async function markExported(db: DbOrTrx, numbers: readonly string[], nowIso: string): Promise<number> {
  if (numbers.length === 0) return 0;
  const r = await db
    .updateTable('order')
    .set({ exchange_exported_at: nowIso })
    .where('number', 'in', [...numbers])
    .where('exchange_exported_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** An order's status and delivery method by number. */
export function selectOrderState(db: DbOrTrx, number: string) {
  return db
    .selectFrom('order')
    .select(['status', 'delivery_method_id'])
    .where('number', '=', number)
    .executeTakeFirst();
}
