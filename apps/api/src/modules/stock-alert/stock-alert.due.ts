import type { DbOrTrx } from '#app/db/database.ts';
import { anyLive, markDue } from './stock-alert.repository.ts';

/** A SKU and a city whose stock has just gone up. */
export interface RestockedPair {
  skuId: number;
  cityId: number;
}

/**
 * Marks the live back-in-stock subscriptions of SKUs whose stock just went up in a city as due (`pending`, due
 * now), in the caller's transaction — the one of the stock change (docs/decisions/052, issue 35 item 4), so an
 * alert is queued exactly when the new level commits, and never when it is rolled back. Called by the inventory
 * module on every stock movement that raises a level to above zero (staff, CSV, 1C, cancelled orders).
 * @returns how many subscriptions became due.
 */
export async function markAlertsDue(
  db: DbOrTrx,
  pairs: readonly RestockedPair[],
  nowIso: string,
): Promise<number> {
  // Most stock changes find no one waiting: one indexed probe instead of an UPDATE per chunk.
  if (pairs.length === 0 || !(await anyLive(db))) return 0;
  const unique = [...new Map(pairs.map((p) => [`${p.skuId}:${p.cityId}`, p])).values()];
  let n = 0;
  for (let i = 0; i < unique.length; i += CHUNK) n += await markDue(db, unique.slice(i, i + CHUNK), nowIso);
  return n;
}

/** Pairs per UPDATE (a 1C import raises thousands of levels in one transaction). */
const CHUNK = 200;
