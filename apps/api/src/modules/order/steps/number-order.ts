import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from '../order.repository.ts';
import { formatOrderNumber } from '../order.rules.ts';

/**
 * Order step "number": the next order number from the `order_number` counter, at least 6 digits (ePay's
 * invoiceID). In the order's transaction the counter row stays locked until commit, so numbers are unique and,
 * as a rollback undoes the increment, without gaps.
 */
export async function numberOrder(trx: DbOrTrx): Promise<string> {
  return formatOrderNumber(await repo.nextOrderNumber(trx));
}
