import type { DbOrTrx } from '#app/db/database.ts';
import type { OrderRow } from '../order.table.ts';
import type { KaspiShopPollRow } from './kaspi-shop.table.ts';

// Data access of Kaspi Магазин orders (issue 33 item 6): the order module's own rows by Kaspi id, the catalogue's
// SKUs read (never written) by their external id, and the importer's poll state. Times ISO 8601 UTC.

/** The order imported from the Kaspi order `kaspiOrderId`, if any. */
export const findKaspiOrder = (db: DbOrTrx, kaspiOrderId: string): Promise<OrderRow | undefined> =>
  db
    .selectFrom('order')
    .selectAll()
    .where('channel', '=', 'kaspi')
    .where('kaspi_order_id', '=', kaspiOrderId)
    .executeTakeFirst();

/** Which of these Kaspi order ids are already imported. */
export async function importedKaspiIds(db: DbOrTrx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('order')
    .select('kaspi_order_id')
    .where('channel', '=', 'kaspi')
    .where('kaspi_order_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.kaspi_order_id!));
}

/**
 * Kaspi orders Kaspi may still cancel or return: not cancelled here and not yet read as cancelled or returned
 * there, oldest first, at most `limit`.
 */
export const openKaspiOrders = (db: DbOrTrx, limit: number): Promise<OrderRow[]> =>
  db
    .selectFrom('order')
    .selectAll()
    .where('channel', '=', 'kaspi')
    .where('status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([eb('kaspi_status', 'is', null), eb('kaspi_status', 'not in', ['CANCELLED', 'RETURNED'])]),
    )
    .orderBy('kaspi_created_at')
    .limit(limit)
    .execute();

/**
 * Records Kaspi's status of an order if it is still `from` (a conditional update: of two racing writers one wins).
 * @returns true when this call changed it.
 */
export async function setKaspiStatus(
  db: DbOrTrx,
  orderId: string,
  from: string | null,
  to: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('order')
    .set((eb) => ({ kaspi_status: to, updated_at: nowIso, version: eb('version', '+', 1) }))
    .where('id', '=', orderId)
    .where((eb) => (from === null ? eb('kaspi_status', 'is', null) : eb('kaspi_status', '=', from)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A catalogue SKU as an order line snapshots it. */
export interface SkuSnapshot {
  id: number;
  external_id: string;
  size: string;
  slug: string;
  name: string;
  colour_name: string;
}

/** The SKUs with these external ids (Kaspi's `offer.code` is our SKU's external id). */
export async function skusByExternalId(db: DbOrTrx, externalIds: readonly string[]): Promise<SkuSnapshot[]> {
  if (externalIds.length === 0) return [];
  return db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 's.external_id', 's.size', 'p.slug', 'p.name', 'p.colour_name'])
    .where('s.external_id', 'in', [...externalIds])
    .execute();
}

/** The lowest-id city shown to customers (the city Kaspi orders are served from until stores are mapped). */
export async function mainCityId(db: DbOrTrx): Promise<number | undefined> {
  const row = await db
    .selectFrom('city')
    .select('id')
    .where('visible_for_customers', '=', 1)
    .where('carrier_found', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** The importer's state under `name`, if it ever polled. */
export const findPoll = (db: DbOrTrx, name: string): Promise<KaspiShopPollRow | undefined> =>
  db.selectFrom('kaspi_shop_poll').selectAll().where('name', '=', name).executeTakeFirst();

/** What one poll changes of the state (absent fields stay). */
export interface PollChange {
  window_from?: string;
  window_to?: string;
  last_poll_at: string;
  last_success_at?: string;
  last_error: string | null;
  imported?: number;
}

/** Writes the importer's state (creates its row on the first poll). */
export async function savePoll(db: DbOrTrx, name: string, change: PollChange): Promise<void> {
  const { imported = 0, ...rest } = change;
  await db
    .insertInto('kaspi_shop_poll')
    .values({ name, ...rest, imported, created_at: change.last_poll_at, updated_at: change.last_poll_at })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        ...rest,
        imported: eb('kaspi_shop_poll.imported', '+', imported),
        updated_at: change.last_poll_at,
      })),
    )
    .execute();
}
