import type { Db, DbOrTrx } from '#app/db/database.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './order.exchange.repository.ts';

// What the 1C exchange (`type=sale`) reads and marks of orders (issue 28 item 13, docs/decisions/033): an order goes
// to 1C while its version is above the one 1C last took — new, and again after every change (paid, cancelled,
// handed over, partly refused).

export type { OrderToExport } from './order.exchange.repository.ts';
export type OrderLineToExport = Awaited<ReturnType<typeof repo.selectLines>>[number];
export type StatusTime = Awaited<ReturnType<typeof repo.selectStatusTimes>>[number];

/** One order handed to 1C: the number and the version the document showed. */
export interface TakenOrder {
  number: string;
  version: number;
}

/** Orders 1C has not taken at their current version (at most `limit`, oldest first), with lines and history. */
export async function ordersToExport(db: DbOrTrx, limit: number) {
  const orders = await repo.selectOrdersToExport(db, limit);
  const ids = orders.map((o) => o.id);
  const [lines, history] = await Promise.all([repo.selectLines(db, ids), repo.selectStatusTimes(db, ids)]);
  return orders.map((o) => ({
    order: o,
    lines: lines.filter((l) => l.order_id === o.id),
    history: history.filter((h) => h.order_id === o.id),
  }));
}

/**
 * Marks the versions of orders 1C took (`type=sale&mode=success`), each with an audit entry `order.exported_1c`
 * by `actor` (the exchange session's API key or staff member; issue 29 item 9), in one transaction. A version
 * already taken (a repeated `success`) or older than one taken marks nothing and is not audited.
 * @returns how many orders were marked now.
 */
export async function markOrdersExported(
  db: Db,
  taken: readonly TakenOrder[],
  actor: Actor,
): Promise<number> {
  if (taken.length === 0) return 0;
  const nowIso = actor.at.toISOString();
  return db.transaction().execute(async (trx) => {
    let marked = 0;
    for (const t of taken) {
      const before = await repo.selectExportedVersion(trx, t.number);
      if (!before || !(await repo.markExported(trx, t.number, t.version, nowIso))) continue;
      marked += 1;
      await audit(
        trx,
        actor,
        'order.exported_1c',
        { type: 'order', id: t.number },
        { exportedVersion: before.exported },
        { exportedVersion: t.version, exportedAt: nowIso },
      );
    }
    return marked;
  });
}

/** The order a 1C document names (by «Ид», else by «Номер»), with its status, version and the version 1C took. */
export function orderForExchange(db: DbOrTrx, number: string, id: string) {
  return repo.selectOrderByRef(db, number, id);
}

/**
 * After a status change 1C asked for (version `from` → `to`): when 1C had taken version `from`, version `to` counts
 * as taken too, so the change is not sent back to the system that made it.
 */
export function markTakenAfterOwnChange(
  db: DbOrTrx,
  orderId: string,
  from: number,
  to: number,
): Promise<void> {
  return repo.markTakenAfterOwnChange(db, orderId, from, to);
}
