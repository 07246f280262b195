import type { Db, DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { CarrierUnavailableError } from './shipping.carrier.ts';
import * as repo from './shipping.repository.ts';
import {
  ShipmentRefusedError,
  type CarrierShipment,
  type ShipmentCarrier,
  type ShipmentRequest,
} from './shipping.shipment.ts';
import { isFinal, nextState, type ShipmentState } from './shipping.status.ts';
import type { ShipmentRow } from './shipping.table.ts';

// A parcel's life at the carrier (issue 34 items 3–4, decision 068): written with the staff action that sends it,
// registered by the job (the order number looked up at the carrier first, so a lost answer is adopted and never
// sent twice), then re-read — on the carrier's hint (webhook) or every half hour — until a final state.

/** While the carrier validates a registration, it is re-read this often. */
const VALIDATING_RECHECK_MS = 60_000;
/** A parcel on its way is re-read at least this often (the hints may be lost). */
const POLL_MS = 30 * 60_000;
/** Parcels one pass of the job handles. */
const BATCH = 20;
/** Wait after the n-th failed attempt to reach the carrier: 1, 2, 4 … 60 minutes. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/** What a pass changed, for the order flow to act on (history, notices, the order's status). */
export interface ShipmentChange {
  shipmentId: string;
  orderId: string;
  orderNumber: string;
  from: ShipmentState;
  to: ShipmentState;
  trackNumber: string | null;
  /** The carrier's reasons when it refused the parcel. */
  problems: { code: string; message: string }[];
}

/**
 * In the transaction of the staff action that sends the order: records its parcel for the job to register.
 * A second call for the same order changes nothing (one parcel per order).
 * @returns whether this call recorded it.
 */
export async function requestShipment(
  trx: DbOrTrx,
  p: { orderId: string; orderNumber: string; carrier: string; request: ShipmentRequest; now: Date },
): Promise<boolean> {
  const nowIso = p.now.toISOString();
  return repo.insertShipment(trx, {
    ...{ id: newId(), order_id: p.orderId, order_number: p.orderNumber, carrier: p.carrier },
    ...{ state: 'registering', request: JSON.stringify(p.request), carrier_id: null, track_number: null },
    ...{ status_at: null, problems: null, label_form_id: null, attempts: 0, next_check_at: nowIso },
    ...{ last_error: null, created_at: nowIso, updated_at: nowIso },
  });
}

/**
 * Staff send again a parcel the carrier refused (decision 068: a new staff action resets the row): the new request,
 * registering from scratch. Only an `invalid` parcel is reset. @returns whether it was.
 */
export async function resendShipment(
  trx: DbOrTrx,
  p: { orderId: string; request: ShipmentRequest; now: Date },
): Promise<boolean> {
  const nowIso = p.now.toISOString();
  return repo.resetInvalidShipment(trx, p.orderId, {
    ...{ state: 'registering', request: JSON.stringify(p.request), carrier_id: null, track_number: null },
    ...{ status_at: null, problems: null, label_form_id: null, attempts: 0, next_check_at: nowIso },
    ...{ last_error: null, updated_at: nowIso },
  });
}

const change = (
  row: ShipmentRow,
  to: ShipmentState,
  extra: Partial<ShipmentChange> = {},
): ShipmentChange => ({
  ...{ shipmentId: row.id, orderId: row.order_id, orderNumber: row.order_number },
  ...{ from: row.state as ShipmentState, to, trackNumber: row.track_number, problems: [] },
  ...extra,
});

/** A failed attempt to reach the carrier: counted, retried after the backoff. */
async function postpone(db: DbOrTrx, row: ShipmentRow, err: Error, now: Date): Promise<void> {
  const attempts = row.attempts + 1;
  await repo.updateShipment(db, row.id, row.updated_at, {
    attempts,
    next_check_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
    last_error: err.message.slice(0, 500),
    updated_at: now.toISOString(),
  });
}

/** Registers a parcel, adopting one the carrier already holds for the order number (never an invalid one). */
async function register(db: Db, carrier: ShipmentCarrier, row: ShipmentRow, now: Date) {
  const nowIso = now.toISOString();
  try {
    const held = await carrier.findByOrderNumber(row.order_number);
    const adopt = held && held.requestState !== 'invalid' ? held.id : null;
    const id = adopt ?? (await carrier.register(JSON.parse(row.request) as ShipmentRequest));
    await repo.updateShipment(db, row.id, row.updated_at, {
      carrier_id: id,
      next_check_at: nowIso,
      last_error: null,
      updated_at: nowIso,
    });
    return null;
  } catch (err) {
    if (err instanceof ShipmentRefusedError) {
      const moved = await repo.updateShipment(db, row.id, row.updated_at, {
        ...{ state: 'invalid', problems: JSON.stringify(err.problems), next_check_at: null },
        ...{ last_error: null, updated_at: nowIso },
      });
      return moved ? change(row, 'invalid', { problems: err.problems }) : null;
    }
    if (err instanceof CarrierUnavailableError) return postpone(db, row, err, now).then(() => null);
    throw err;
  }
}

/** Applies what the carrier says of a registered parcel: validation, track number, statuses, the state. */
async function apply(db: Db, row: ShipmentRow, seen: CarrierShipment, now: Date) {
  const nowIso = now.toISOString();
  if (seen.requestState === 'invalid') {
    const moved = await repo.updateShipment(db, row.id, row.updated_at, {
      ...{ state: 'invalid', problems: JSON.stringify(seen.problems), next_check_at: null },
      ...{ last_error: null, updated_at: nowIso },
    });
    return moved ? change(row, 'invalid', { problems: seen.problems }) : null;
  }
  const known = { state: row.state as ShipmentState, statusAt: row.status_at };
  const next = nextState(known, seen.statuses) ?? known;
  const recheck = seen.requestState === 'accepted' ? VALIDATING_RECHECK_MS : POLL_MS;
  return db.transaction().execute(async (trx) => {
    const moved = await repo.updateShipment(trx, row.id, row.updated_at, {
      ...{ state: next.state, status_at: next.statusAt, track_number: seen.trackNumber, last_error: null },
      next_check_at: isFinal(next.state) ? null : new Date(now.getTime() + recheck).toISOString(),
      updated_at: nowIso,
    });
    if (!moved) return null;
    await repo.insertStatuses(
      trx,
      seen.statuses.map((s) => ({ shipment_id: row.id, ...s, created_at: nowIso, updated_at: nowIso })),
    );
    return next.state === row.state && seen.trackNumber === row.track_number
      ? null
      : change(row, next.state, { trackNumber: seen.trackNumber });
  });
}

/**
 * One pass of the shipment job: registers the parcels waiting for it and re-reads those due (hinted by a
 * webhook, validating, or not read for half an hour). Carrier failures postpone a parcel with a growing wait;
 * nothing here throws for the carrier.
 * @returns the parcels whose state or track number changed.
 */
export async function processDueShipments(
  db: Db,
  carrier: ShipmentCarrier,
  now: Date,
): Promise<ShipmentChange[]> {
  const changes: ShipmentChange[] = [];
  for (const row of await repo.dueShipments(db, now.toISOString(), BATCH)) {
    if (row.carrier !== carrier.code) continue;
    if (!row.carrier_id) {
      const c = await register(db, carrier, row, now);
      if (c) changes.push(c);
      continue;
    }
    try {
      const c = await apply(db, row, await carrier.read(row.carrier_id), now);
      if (c) changes.push(c);
    } catch (err) {
      if (!(err instanceof CarrierUnavailableError)) throw err;
      await postpone(db, row, err, now);
    }
  }
  return changes;
}

/**
 * A carrier's hint that a parcel moved (an unsigned webhook): only makes the parcel due now, so the job reads its
 * real state from the API — a forged hint changes nothing but an early re-read.
 * @returns how many parcels it made due (0 for one the shop does not know).
 */
export function hintShipment(
  db: DbOrTrx,
  where: { carrierId: string | null; orderNumber: string | null },
  now: Date,
): Promise<number> {
  return repo.hintShipment(db, where, now.toISOString());
}

/** What {@link parcelLabel} found: the PDF, not ready yet, or no registered parcel. */
export type LabelResult = { pdf: Buffer } | { pending: true } | { missing: true };

/**
 * The parcel's label (issue 34 item 3): ordered from the carrier once (its print form id kept), then read as PDF;
 * `pending` while the carrier is still making it (`waits` short re-reads first).
 * @throws CarrierUnavailableError when the carrier cannot answer.
 */
export async function parcelLabel(
  db: DbOrTrx,
  carrier: ShipmentCarrier,
  orderId: string,
  o: { now: Date; waits?: number; waitMs?: number },
): Promise<LabelResult> {
  const row = await repo.shipmentOfOrder(db, orderId);
  if (!row?.carrier_id || row.state === 'invalid' || row.state === 'registering') return { missing: true };
  let formId = row.label_form_id;
  if (!formId) {
    formId = await carrier.requestLabel(row.carrier_id);
    await repo.setLabelForm(db, row.id, formId);
  }
  for (let i = 0; ; i++) {
    const pdf = await carrier.label(formId);
    if (pdf) return { pdf };
    if (i >= (o.waits ?? 4)) return { pending: true };
    await new Promise((r) => setTimeout(r, o.waitMs ?? 500));
  }
}
