import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from './order.exchange.repository.ts';

export type { OrderToExport } from './order.exchange.repository.ts';
export type OrderLineToExport = Awaited<ReturnType<typeof repo.selectLines>>[number];

/** Orders 1C has not taken yet (at most `limit`, oldest first), each with its lines. */
export async function ordersToExport(db: DbOrTrx, limit: number) {
  const orders = await repo.selectOrdersToExport(db, limit);
  const lines = await repo.selectLines(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((o) => ({ order: o, lines: lines.filter((l) => l.order_id === o.id) }));
}

/** Marks orders as taken by 1C (`type=sale&mode=success`). @returns how many were marked now. */
export function markOrdersExported(db: DbOrTrx, numbers: readonly string[], nowIso: string): Promise<number> {
  return repo.markExported(db, numbers, nowIso);
}

/** An order's status and delivery method, or undefined for an unknown number. */
export function orderState(db: DbOrTrx, number: string) {
  return repo.selectOrderState(db, number);
}
