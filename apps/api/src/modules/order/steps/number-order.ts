import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from '../order.repository.ts';
import { formatOrderNumber } from '../order.rules.ts';

/**
 * Order step "number": the next order number, at least 6 digits (ePay's invoiceID) — unique and increasing, with
 * gaps allowed (decision 007): PostgreSQL's `order_number_seq` (no lock held to commit), SQLite's counter row
 * ({@link repo.nextOrderNumber}).
 */
export async function numberOrder(trx: DbOrTrx): Promise<string> {
  return formatOrderNumber(await repo.nextOrderNumber(trx));
}
