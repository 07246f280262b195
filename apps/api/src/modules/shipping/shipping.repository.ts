import type { DbOrTrx } from '#app/db/database.ts';
import { fixedListRead } from '#app/db/fixed-query.ts';
import type { OrderCarrierRow, ShipmentRow, ShipmentStatusRow, ShipmentTable } from './shipping.table.ts';

// Queries of the shipping module: carrier codes of cities (read only) and shipments (decision 068; the rules are
// in shipping.fulfilment.ts).

/** Inserts the order's parcel unless it has one. @returns whether this call inserted it. */
export async function insertShipment(db: DbOrTrx, row: ShipmentRow): Promise<boolean> {
  const r = await db
    .insertInto('shipment')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const shipmentOfOrder = (db: DbOrTrx, orderId: string): Promise<ShipmentRow | undefined> =>
  db.selectFrom('shipment').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export const shipmentById = (db: DbOrTrx, id: string): Promise<ShipmentRow | undefined> =>
  db.selectFrom('shipment').selectAll().where('id', '=', id).executeTakeFirst();

/** Parcels the job should register or re-read now, oldest due first. */
export function dueShipments(db: DbOrTrx, nowIso: string, limit: number): Promise<ShipmentRow[]> {
  return db
    .selectFrom('shipment')
    .selectAll()
    .where('next_check_at', '<=', nowIso)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
}

/**
 * Changes a parcel only if it is still as the caller read it (`updated_at`), so two instances re-reading the same
 * parcel never both apply. @returns whether it changed.
 */
export async function updateShipment(
  db: DbOrTrx,
  id: string,
  readAt: string,
  change: Partial<Omit<ShipmentTable, 'id' | 'order_id' | 'created_at'>> & { updated_at: string },
): Promise<boolean> {
  const r = await db
    .updateTable('shipment')
    .set(change)
    .where('id', '=', id)
    .where('updated_at', '=', readAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Makes a parcel due now (a carrier's hint), unless it is final. */
export async function hintShipment(
  db: DbOrTrx,
  where: { carrierId: string | null; orderNumber: string | null },
  nowIso: string,
): Promise<number> {
  if (!where.carrierId && !where.orderNumber) return 0;
  const r = await db
    .updateTable('shipment')
    .set({ next_check_at: nowIso })
    .where('next_check_at', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(where.carrierId ? [eb('carrier_id', '=', where.carrierId)] : []),
        ...(where.orderNumber ? [eb('order_number', '=', where.orderNumber)] : []),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Adds the statuses not stored yet. */
export async function insertStatuses(db: DbOrTrx, rows: ShipmentStatusRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('shipment_status')
    .values(rows)
    .onConflict((oc) => oc.columns(['shipment_id', 'code', 'at']).doNothing())
    .execute();
}

/** A parcel's statuses, newest first. */
export const statusesOf = (db: DbOrTrx, shipmentId: string): Promise<ShipmentStatusRow[]> =>
  db
    .selectFrom('shipment_status')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('at', 'desc')
    .execute();

/** CDEK's codes of the given cities that have one (reads the catalogue's `city` reference data; writes nothing). */
export async function selectCdekCodes(db: DbOrTrx, cityIds: readonly number[]): Promise<Map<number, number>> {
  if (cityIds.length === 0) return new Map();
  const rows = await cdekCodesOf(db, [...new Set(cityIds)]);
  return new Map(rows.map((r) => [r.id, Number(r.cdek_code)]));
}

/** Compiled once per number of cities (the carrier's split cart reads it every time). */
const cdekCodesOf = fixedListRead((db: DbOrTrx, cityIds: readonly number[]) =>
  db
    .selectFrom('city')
    .select(['id', 'cdek_code'])
    .where('id', 'in', cityIds)
    .where('cdek_code', 'is not', null),
);

/** Writes an order's carrier choice (in the order's transaction). */
export async function insertOrderCarrier(db: DbOrTrx, row: OrderCarrierRow): Promise<void> {
  await db.insertInto('order_carrier').values(row).execute();
}

/** The carrier choices of orders. */
export function orderCarriers(db: DbOrTrx, orderIds: readonly string[]): Promise<OrderCarrierRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_carrier')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** The parcels of orders. */
export function shipmentsOfOrders(db: DbOrTrx, orderIds: readonly string[]): Promise<ShipmentRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shipment')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** The statuses of parcels, oldest first. */
export function statusesOfShipments(
  db: DbOrTrx,
  shipmentIds: readonly string[],
): Promise<ShipmentStatusRow[]> {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shipment_status')
    .selectAll()
    .where('shipment_id', 'in', [...shipmentIds])
    .orderBy('at')
    .execute();
}

/** The stored carrier choice of an order. */
export const orderCarrierOf = (db: DbOrTrx, orderId: string): Promise<OrderCarrierRow | undefined> =>
  db.selectFrom('order_carrier').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** CDEK's office for handing parcels in at a warehouse city (`city.cdek_shipment_point`, read only), or null. */
export async function shipmentPointOf(db: DbOrTrx, cityId: number): Promise<string | null> {
  const row = await db
    .selectFrom('city')
    .select('cdek_shipment_point')
    .where('id', '=', cityId)
    .executeTakeFirst();
  return row?.cdek_shipment_point ?? null;
}

/** Resets a refused (`invalid`) parcel of an order with `change`. @returns whether one was reset. */
export async function resetInvalidShipment(
  db: DbOrTrx,
  orderId: string,
  change: Partial<Omit<ShipmentTable, 'id' | 'order_id' | 'created_at'>> & { updated_at: string },
): Promise<boolean> {
  const r = await db
    .updateTable('shipment')
    .set(change)
    .where('order_id', '=', orderId)
    .where('state', '=', 'invalid')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Keeps the label's print form id, unless one is kept already. */
export async function setLabelForm(db: DbOrTrx, shipmentId: string, formId: string): Promise<void> {
  await db
    .updateTable('shipment')
    .set({ label_form_id: formId })
    .where('id', '=', shipmentId)
    .where('label_form_id', 'is', null)
    .execute();
}

/** One page of parcels, most recently changed first, optionally in one state; with the count of all matching. */
export async function selectShipmentPage(
  db: DbOrTrx,
  state: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: ShipmentRow[]; total: number }> {
  let q = db.selectFrom('shipment');
  if (state !== undefined) q = q.where('state', '=', state);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
