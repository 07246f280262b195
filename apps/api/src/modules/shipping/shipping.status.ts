import type { ShipmentState } from '@kiim/contract';
import type { CarrierStatus } from './shipping.shipment.ts';

// A shipment's state in the shop (issue 34 item 4, docs/shipping.md «Order states») is the contract's
// SHIPMENT_STATES, set from the carrier's status codes (delivery-cdek.md §7).
export { SHIPMENT_STATES, type ShipmentState } from '@kiim/contract';

const FINAL: ReadonlySet<ShipmentState> = new Set(['invalid', 'delivered', 'returned', 'cancelled']);

/** Whether nothing the carrier says later changes the state. */
export const isFinal = (s: ShipmentState): boolean => FINAL.has(s);

const EXACT: Record<string, ShipmentState> = {
  ACCEPTED: 'registering',
  CREATED: 'registered',
  INVALID: 'invalid',
  REMOVED: 'cancelled',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'handed_to_carrier',
  RECEIVED_AT_SENDER_WAREHOUSE: 'handed_to_carrier',
  ACCEPTED_AT_PICK_UP_POINT: 'at_pickup_point',
  POSTOMAT_POSTED: 'at_pickup_point',
  TAKEN_BY_COURIER: 'out_for_delivery',
  DELIVERED: 'delivered',
  POSTOMAT_RECEIVED: 'delivered',
  NOT_DELIVERED: 'not_delivered',
  POSTOMAT_SEIZED: 'not_delivered',
};

/**
 * The shop's state for a CDEK status code: the table above, `RETURNED_TO_*` → returned, every other movement
 * code (`SENT_TO_*`, `ACCEPTED_IN_*`, `READY_FOR_SHIPMENT_*`, `TAKEN_BY_TRANSPORTER_*`, customs) → in transit.
 */
export function stateOfCode(code: string): ShipmentState {
  if (EXACT[code]) return EXACT[code];
  if (code.startsWith('RETURNED_TO_')) return 'returned';
  return 'in_transit';
}

/** What a shipment holds of its carrier history. */
export interface KnownState {
  state: ShipmentState;
  /** Time of the status that set it, ISO 8601 UTC (null before the first). */
  statusAt: string | null;
}

/**
 * The state after the carrier's statuses (any order, repeats allowed): each applies only when it is newer than
 * the one that set the current state, and a final state never changes (delivery-cdek.md §7). After
 * `not_delivered` only `returned` applies (the parcel comes back).
 * @returns the new state, or null when nothing changes.
 */
export function nextState(known: KnownState, statuses: readonly CarrierStatus[]): KnownState | null {
  let current = known;
  const oldestFirst = [...statuses].sort((a, b) => a.at.localeCompare(b.at));
  for (const s of oldestFirst) {
    if (isFinal(current.state)) break;
    if (current.statusAt !== null && s.at <= current.statusAt) continue;
    const state = stateOfCode(s.code);
    // A refused parcel travels back through transit codes: it stays «not delivered» until it is returned.
    if (current.state === 'not_delivered' && state !== 'returned') continue;
    current = { state, statusAt: s.at };
  }
  return current.state === known.state && current.statusAt === known.statusAt ? null : current;
}
