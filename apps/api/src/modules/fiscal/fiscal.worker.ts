import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import type { Clock } from '#app/lib/clock.ts';
import { newId } from '#app/lib/ids.ts';
import type { FiscalProvider, ReceiptContent, ReturnBasis, FiscalResult } from './fiscal.provider.ts';
import * as repo from './fiscal.repository.ts';
import type { FiscalReceiptRow } from './fiscal.table.ts';

// The fiscal worker (docs/decisions/043): per cash register, under its lease (one worker at a time across
// instances, so calls are sequential), sends due receipts oldest first. A receipt is marked `sending` and
// committed before the provider is called; one found `sending` again (a crash, a timeout, a lost answer) is looked
// up by its number before it is ever sent again, so a crash at any point gives one receipt, never two or none.

/** What the worker needs. */
export interface FiscalDeps {
  db: Db;
  provider: FiscalProvider;
  log: FastifyBaseLogger;
  clock: Clock;
  /**
   * Called once per receipt, in the transaction that marks it done (issue 32: the shopper's receipt link goes into
   * the notification outbox with it, so a crash never loses or repeats the notice). The order module supplies it:
   * fiscal knows no orders. It may return what to run after commit (waking the notification worker).
   */
  onIssued?: (trx: DbOrTrx, receipt: IssuedReceipt) => Promise<(() => void) | undefined>;
}

/** A receipt just fiscalised, as {@link FiscalDeps.onIssued} gets it. */
export interface IssuedReceipt {
  id: string;
  orderId: string;
  operation: FiscalReceiptRow['operation'];
  /** Tenge taken (sale) or given back (return). */
  total: number;
  /** The receipt's public page at the ОФД (Webkassa TicketUrl). */
  ticketUrl: string;
}

/** How long a worker holds a cash register and a sending receipt before another may act, ms. */
export const LEASE_MS = 2 * 60_000;
/** Attempts before a receipt is given up (`failed`, shown to staff, who may retry it). */
export const MAX_ATTEMPTS = 12;
/** First retry after 10 s, doubling up to 30 minutes. */
export const backoffMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
/** A shift is closed once this old, before Webkassa's 24 h limit (fiscal-webkassa.md §7). */
export const SHIFT_MAX_MS = 23 * 3600_000;

/** What one run did. */
export interface FiscalReport {
  done: number;
  retried: number;
  failed: number;
  /** Returns waiting for their sale's receipt. */
  waiting: number;
}
type Outcome = keyof FiscalReport | 'skipped';

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** A return's basis from its sale's stored answer (sent back verbatim, §5). */
function basisOf(sale: FiscalReceiptRow): ReturnBasis {
  const r = JSON.parse(sale.result!) as FiscalResult;
  return {
    dateTime: r.dateTime,
    total: r.total,
    checkNumber: r.checkNumber,
    registrationNumber: r.registrationNumber,
    isOffline: r.offline,
  };
}

/** The return's basis, or what stops it: its sale is not fiscalised yet (wait) or never will be (fail). */
async function returnBasis(db: Db, row: FiscalReceiptRow): Promise<ReturnBasis | 'wait' | 'fail'> {
  const sale = row.basis_receipt_id ? await repo.findReceipt(db, row.basis_receipt_id) : undefined;
  if (!sale || sale.status === 'failed') return 'fail';
  return sale.status === 'done' ? basisOf(sale) : 'wait';
}

/** Stores a fiscalised receipt and the shift it went into. */
async function done(deps: FiscalDeps, row: FiscalReceiptRow, result: FiscalResult): Promise<'done'> {
  const nowIso = deps.clock.now().toISOString();
  const onIssued = deps.onIssued;
  let afterCommit: (() => void) | undefined;
  await deps.db.transaction().execute(async (trx) => {
    const first = await repo.markDone(trx, row.id, result, nowIso);
    if (first && onIssued && result.ticketUrl)
      afterCommit = await onIssued(trx, {
        id: row.id,
        orderId: row.order_id,
        operation: row.operation,
        total: Number(row.total),
        ticketUrl: result.ticketUrl,
      });
  });
  afterCommit?.();
  await repo.noteShift(deps.db, row.cashbox, result.shiftNumber, nowIso);
  return 'done';
}

/**
 * Records a failed attempt (`attempts` counted so far, this one included): retried after backoff (as `status`)
 * until the last attempt, then failed.
 */
async function failedAttempt(
  deps: FiscalDeps,
  row: FiscalReceiptRow,
  status: 'pending' | 'sending',
  message: string,
  attempts: number,
): Promise<Outcome> {
  const now = deps.clock.now();
  const give = attempts >= MAX_ATTEMPTS;
  deps.log.warn({ receiptId: row.id, attempts, message }, 'fiscal receipt not issued');
  const next = later(now, backoffMs(attempts));
  await repo.markAttempt(
    deps.db,
    row.id,
    give ? 'failed' : status,
    message,
    next,
    now.toISOString(),
    attempts,
  );
  return give ? 'failed' : 'retried';
}

/** Sends (or first finds) one receipt, under its cash register's lease. */
async function processRow(
  deps: FiscalDeps,
  row: FiscalReceiptRow,
  shiftHint: number | null,
): Promise<Outcome> {
  const now = deps.clock.now();
  let basis: ReturnBasis | null = null;
  if (row.operation === 'return') {
    const b = await returnBasis(deps.db, row);
    if (b === 'fail') {
      await repo.markAttempt(
        deps.db,
        row.id,
        'failed',
        'Нет фискального чека продажи: чек возврата не отправлен',
        now.toISOString(),
        now.toISOString(),
      );
      return 'failed';
    }
    if (b === 'wait') {
      await repo.markAttempt(
        deps.db,
        row.id,
        row.status === 'sending' ? 'sending' : 'pending',
        'Ждёт чек продажи',
        later(now, backoffMs(1)),
        now.toISOString(),
      );
      return 'waiting';
    }
    basis = b;
  }
  if (row.status === 'sending') {
    try {
      const found = await deps.provider.find(row.cashbox, row.external_check_number, shiftHint);
      if (found) return done(deps, row, found);
    } catch (err) {
      return failedAttempt(deps, row, 'sending', (err as Error).message, row.attempts + 1);
    }
  }
  if (!(await repo.startSending(deps.db, row, later(now, LEASE_MS), now.toISOString()))) return 'skipped';
  const outcome = await deps.provider.issue({
    cashbox: row.cashbox,
    operation: row.operation,
    externalCheckNumber: row.external_check_number,
    content: JSON.parse(row.payload) as ReceiptContent,
    basis,
  });
  if (outcome.kind === 'done') return done(deps, row, outcome.result);
  if (outcome.kind === 'refused') {
    deps.log.error({ receiptId: row.id, message: outcome.message }, 'fiscal receipt refused for its content');
    await repo.markAttempt(
      deps.db,
      row.id,
      'failed',
      outcome.message,
      now.toISOString(),
      deps.clock.now().toISOString(),
    );
    return 'failed';
  }
  const status = outcome.kind === 'retry' ? 'pending' : 'sending';
  return failedAttempt(deps, row, status, outcome.message, row.attempts + 1);
}

/** Closes the cash register's shift when it is near 24 h old (the lease is held). */
async function closeOldShift(deps: FiscalDeps, cashbox: string): Promise<void> {
  const box = await repo.findCashbox(deps.db, cashbox);
  const now = deps.clock.now();
  if (!box?.shift_opened_at || now.getTime() - Date.parse(box.shift_opened_at) < SHIFT_MAX_MS) return;
  await deps.provider.closeShift(cashbox);
  await repo.noteShiftClosed(deps.db, cashbox, now.toISOString());
}

/**
 * Runs `work` holding the cash register's lease; null when another worker holds it.
 * @throws what `work` throws (the lease is given back).
 */
export async function withCashbox<T>(
  deps: FiscalDeps,
  cashbox: string,
  work: () => Promise<T>,
): Promise<T | null> {
  const now = deps.clock.now();
  const leaseId = newId();
  if (!(await repo.claimCashbox(deps.db, cashbox, leaseId, now.toISOString(), later(now, LEASE_MS))))
    return null;
  try {
    return await work();
  } finally {
    await repo.releaseCashbox(deps.db, cashbox, leaseId);
  }
}

/**
 * Closes a cash register's shift now (Z-report: the daily job, or staff's button).
 * @returns the closed shift's number, null when none was open, 'busy' when a worker holds the cash register.
 * @throws FiscalTransportError or Error with the provider's message.
 */
export async function closeShiftNow(deps: FiscalDeps, cashbox: string): Promise<number | null | 'busy'> {
  const r = await withCashbox(deps, cashbox, async () => {
    const shift = await deps.provider.closeShift(cashbox);
    await repo.noteShiftClosed(deps.db, cashbox, deps.clock.now().toISOString());
    return { shift };
  });
  return r ? r.shift : 'busy';
}

/**
 * One run of the worker: for each cash register with due receipts whose lease it gets, closes a shift near 24 h,
 * then sends up to `limit` receipts one at a time. Safe to run in several processes at once.
 */
export async function runFiscalQueue(deps: FiscalDeps, opts: { limit?: number } = {}): Promise<FiscalReport> {
  const report: FiscalReport = { done: 0, retried: 0, failed: 0, waiting: 0 };
  for (const cashbox of await repo.cashboxesDue(deps.db, deps.clock.now().toISOString())) {
    await withCashbox(deps, cashbox, async () => {
      try {
        await closeOldShift(deps, cashbox);
      } catch (err) {
        deps.log.warn({ err, cashbox }, 'closing an old shift failed: receipts go on (code 11 closes it)');
      }
      const nowIso = deps.clock.now().toISOString();
      const rows = await repo.dueReceipts(deps.db, cashbox, nowIso, opts.limit ?? 50);
      for (const row of rows) {
        const shiftHint = (await repo.findCashbox(deps.db, cashbox))?.shift_number ?? null;
        const outcome = await processRow(deps, row, shiftHint);
        if (outcome !== 'skipped') report[outcome]++;
      }
    });
  }
  return report;
}
