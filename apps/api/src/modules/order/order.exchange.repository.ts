import type { DbOrTrx } from '#app/db/database.ts';

// Orders for the 1C exchange (`type=sale`, docs/decisions/021 and 033): orders whose current version 1C has not
// confirmed taking (new ones, and ones changed since), the version it took, and the orders its documents name.

/**
 * Orders 1C has not taken at their current version (never taken, or changed since: paid, handed over, cancelled…),
 * oldest first, with the customer, the city (name and time zone) and the pickup point's title.
 */
export function selectOrdersToExport(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('order as o')
    .innerJoin('customer as c', 'c.id', 'o.customer_id')
    .innerJoin('city as ci', 'ci.id', 'o.city_id')
    .leftJoin('pickup_point as pp', 'pp.id', 'o.pickup_point_id')
    .selectAll('o')
    .select(['c.mobile', 'c.name as customer_name', 'c.surname as customer_surname', 'ci.name as city_name'])
    .select(['ci.time_zone as time_zone', 'pp.title as pickup_point_title'])
    .where((eb) =>
      eb.or([
        eb('o.exchange_exported_version', 'is', null),
        eb('o.exchange_exported_version', '<', eb.ref('o.version')),
      ]),
    )
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

/** The status histories of orders (status and when it was entered), oldest first. */
export function selectStatusTimes(db: DbOrTrx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_status_history')
    .select(['order_id', 'to_status', 'created_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The version 1C last took of an order (null: never), by number; undefined for an unknown number. */
export function selectExportedVersion(db: DbOrTrx, number: string) {
  return db
    .selectFrom('order')
    .select(['exchange_exported_version as exported'])
    .where('number', '=', number)
    .executeTakeFirst();
}

/**
 * Marks version `version` of order `number` taken by 1C, unless 1C already took that version or a later one.
 * @returns true when this call marked it.
 */
export async function markExported(
  db: DbOrTrx,
  number: string,
  version: number,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('order')
    .set({ exchange_exported_at: nowIso, exchange_exported_version: version })
    .where('number', '=', number)
    .where('version', '>=', version)
    .where((eb) =>
      eb.or([eb('exchange_exported_version', 'is', null), eb('exchange_exported_version', '<', version)]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * After a change 1C itself asked for: the order counts as taken at its new version `to` if 1C had taken it at `from`
 * (its version before that change) and nothing else changed it meanwhile — 1C need not be told what it said.
 */
export async function markTakenAfterOwnChange(db: DbOrTrx, orderId: string, from: number, to: number) {
  await db
    .updateTable('order')
    .set({ exchange_exported_version: to })
    .where('id', '=', orderId)
    .where('version', '=', to)
    .where('exchange_exported_version', '=', from)
    .execute();
}

/**
 * The order a 1C document names: by its «Ид» when that is an order's id (what `mode=query` sent, echoed by 1C), else
 * by «Номер» — 1C may number its own document differently, so the id is the surer key.
 */
export async function selectOrderByRef(db: DbOrTrx, number: string, id: string) {
  const q = db
    .selectFrom('order')
    .select(['id', 'number', 'status', 'delivery_method_id', 'payment_id', 'version'])
    .select(['exchange_exported_version']);
  const byId = id ? await q.where('id', '=', id).executeTakeFirst() : undefined;
  return byId ?? (number ? await q.where('number', '=', number).executeTakeFirst() : undefined);
}
