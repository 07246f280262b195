import {
  ErrorCode,
  FiscalErrorCode,
  RECEIPT_PAGE_SIZE,
  type AdminCashbox,
  type AdminReceipt,
  type AdminReceiptList,
  type AdminReceiptQuery,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import type { ReceiptContent } from './fiscal.provider.ts';
import * as repo from './fiscal.repository.ts';
import type { FiscalCashboxRow, FiscalReceiptRow } from './fiscal.table.ts';
import { closeShiftNow, type FiscalDeps } from './fiscal.worker.ts';

// The back office's side of the fiscal queue (issue 32 §5, docs/decisions/048): «Чеки», the receipts of an admin
// order, staff's retry of a failed receipt and the manual Z-report; each action audited in its transaction.

/** A queue row as staff see it; the order's number comes from the receipt's own content (no order lookup). */
export function toAdminReceipt(r: FiscalReceiptRow): AdminReceipt {
  const content = JSON.parse(r.payload) as Partial<ReceiptContent>;
  return {
    id: r.id,
    orderId: r.order_id,
    orderNumber: String(content.orderNumber ?? ''),
    eventKey: r.event_key,
    operation: r.operation,
    status: r.status,
    total: Number(r.total),
    attempts: Number(r.attempts),
    checkNumber: r.check_number,
    shiftNumber: r.shift_number === null ? null : Number(r.shift_number),
    ticketUrl: r.ticket_url,
    lastError: r.last_error,
    createdAt: r.created_at,
    doneAt: r.done_at,
  };
}

const toAdminCashbox = (c: FiscalCashboxRow | undefined): AdminCashbox | null =>
  c
    ? {
        uniqueNumber: c.unique_number,
        shiftNumber: c.shift_number === null ? null : Number(c.shift_number),
        shiftOpenedAt: c.shift_opened_at,
        lastZReportAt: c.last_z_report_at,
        lastError: c.last_error,
      }
    : null;

/** The mode the shop runs in, for «Чеки» and the back office's warning (FISCAL_PROVIDER, production or not). */
export interface FiscalMode {
  provider: 'off' | 'webkassa' | 'simulator';
  production: boolean;
  cashbox: string;
}

/** «Чеки»: the newest {@link RECEIPT_PAGE_SIZE} receipts of `query.status` (all when absent), the mode, the cash register. */
export async function listReceiptsForStaff(
  db: DbOrTrx,
  mode: FiscalMode,
  query: AdminReceiptQuery,
): Promise<AdminReceiptList> {
  const [rows, cashbox] = await Promise.all([
    repo.listReceipts(db, query.status, RECEIPT_PAGE_SIZE),
    repo.findCashbox(db, mode.cashbox),
  ]);
  return {
    mode: mode.provider,
    production: mode.production,
    cashbox: toAdminCashbox(cashbox),
    items: rows.map(toAdminReceipt),
  };
}

/** The receipts of one order, oldest first (the admin order page). */
export async function receiptsOfOrderForStaff(db: DbOrTrx, orderId: string): Promise<AdminReceipt[]> {
  return (await repo.receiptsOfOrder(db, orderId)).map(toAdminReceipt);
}

/**
 * Staff's «Повторить»: a failed receipt back in the queue (looked up by its number before any resend, so it is
 * never issued twice); audited `fiscal.retry`.
 * @throws AppError 404 for an unknown id; 409 {@link FiscalErrorCode.notRetryable} when it is not failed.
 */
export async function retryReceipt(db: Db, id: string, actor: Actor): Promise<AdminReceipt> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findReceipt(trx, id);
    if (!before) throw notFound(ErrorCode.notFound, 'Чек не найден');
    const nowIso = actor.at.toISOString();
    if (!(await repo.retryFailed(trx, id, nowIso))) {
      throw new AppError(409, FiscalErrorCode.notRetryable, 'Повторить можно только чек с ошибкой');
    }
    const after = (await repo.findReceipt(trx, id))!;
    await audit(
      trx,
      actor,
      'fiscal.retry',
      { type: 'fiscal_receipt', id },
      { status: before.status, lastError: before.last_error, attempts: before.attempts },
      { status: after.status, attempts: after.attempts },
    );
    return toAdminReceipt(after);
  });
}

/**
 * Staff's «Закрыть смену»: the Z-report now, then the audit entry `fiscal.shift_closed` (the shift's number, or
 * null when none was open).
 * @throws AppError 409 {@link FiscalErrorCode.cashboxUnavailable} when fiscalisation is off or a worker holds the
 *   cash register; 502 {@link FiscalErrorCode.providerFailed} with the provider's message when it failed.
 */
export async function closeShiftByStaff(
  deps: FiscalDeps | null,
  cashbox: string,
  actor: Actor,
): Promise<{ closedShift: number | null; cashbox: AdminCashbox | null }> {
  if (!deps) {
    throw new AppError(409, FiscalErrorCode.cashboxUnavailable, 'Касса не подключена (FISCAL_PROVIDER=off)');
  }
  let shift: number | null | 'busy';
  try {
    shift = await closeShiftNow(deps, cashbox);
  } catch (err) {
    const why = err instanceof Error ? err.message.slice(0, 300) : 'нет ответа';
    throw new AppError(502, FiscalErrorCode.providerFailed, `Касса не закрыла смену: ${why}`);
  }
  if (shift === 'busy') {
    throw new AppError(
      409,
      FiscalErrorCode.cashboxUnavailable,
      'Касса сейчас отправляет чеки, повторите через минуту',
    );
  }
  await audit(deps.db, actor, 'fiscal.shift_closed', { type: 'fiscal_cashbox', id: cashbox }, null, {
    shift,
  });
  return { closedShift: shift, cashbox: toAdminCashbox(await repo.findCashbox(deps.db, cashbox)) };
}
