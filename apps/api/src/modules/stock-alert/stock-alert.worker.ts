import type { FastifyInstance } from 'fastify';
import { newId } from '#app/lib/ids.ts';
import { SmsProviderError } from '#app/modules/sms/sms.provider.ts';
import { certainlyNotDelivered } from '#app/modules/notification/notification.mailer.ts';
import { failureCause, failureRecord } from '#app/modules/notification/notification.failure.ts';
import {
  BATCH,
  LEASE_MS,
  MAX_ATTEMPTS,
  backoffMs,
  type NotifyDeps,
} from '#app/modules/notification/notification.worker.ts';
import * as repo from './stock-alert.repository.ts';
import type { StockAlertPayload, StockAlertRow } from './stock-alert.table.ts';
import { alertEmail, alertSms, productUrl, type AlertMessage } from './stock-alert.texts.ts';

// The back-in-stock sender (docs/decisions/052): the notification worker's rules (docs/decisions/023) on the
// stock_alert rows — claim under a lease (SKIP LOCKED on PostgreSQL), `sending` committed before the provider is
// called, retry with the same back-off, `unknown` and never resent when the worker died mid-send. Runs in the
// worker role only (docs/decisions/041).

/** What the sender needs: the notifier's deps and the shop's address for the product link. */
export interface AlertDeps extends NotifyDeps {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
}

/** What one run did. */
export interface AlertReport {
  sent: number;
  retried: number;
  failed: number;
  abandoned: number;
  claimed: number;
}

/** The message of a row, in the subscriber's language. */
export function renderAlert(row: StockAlertRow, publicUrl: string): AlertMessage {
  const payload = JSON.parse(row.payload) as StockAlertPayload;
  const url = productUrl(publicUrl, payload);
  return row.channel === 'sms'
    ? { subject: null, text: alertSms(payload, row.language, url), html: null }
    : alertEmail(payload, row.language, url);
}

/** A send error: retry at (ISO), give up (null), or 'uncertain' (the provider may have taken it). */
function nextAttempt(row: StockAlertRow, err: unknown, now: Date): string | null | 'uncertain' {
  const refused = row.channel === 'email' ? certainlyNotDelivered(err) : err instanceof SmsProviderError;
  if (!refused) return 'uncertain';
  if (err instanceof SmsProviderError && err.kind === 'recipient') return null;
  const attempts = row.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + backoffMs(attempts)).toISOString();
}

/** Calls the provider of the row's channel. */
async function send(deps: AlertDeps, row: StockAlertRow, m: AlertMessage): Promise<void> {
  if (row.channel === 'sms') return deps.sms.send(row.recipient, m.text);
  await deps.mailer!.send({
    to: row.recipient,
    subject: m.subject ?? '',
    html: m.html ?? '',
    text: m.text,
    messageId: `<alert-${row.id}@${deps.mailer!.domain}>`,
  });
}

/** Sends one claimed row and records the outcome. */
async function deliverOne(
  deps: AlertDeps,
  row: StockAlertRow,
  claimId: string,
): Promise<keyof Omit<AlertReport, 'claimed' | 'abandoned'> | 'skipped'> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const message = renderAlert(row, deps.publicUrl);
  const lease = new Date(now.getTime() + (deps.leaseMs ?? LEASE_MS)).toISOString();
  if (!(await repo.startSending(deps.db, row.id, claimId, lease, nowIso))) return 'skipped';
  if (row.channel === 'email' && !deps.mailer) {
    const why = failureRecord('not_configured', 'email is not configured (SMTP_URL)');
    await repo.markRefused(deps.db, row.id, claimId, why, null, nowIso);
    return 'failed';
  }
  try {
    await send(deps, row, message);
  } catch (err) {
    const next = nextAttempt(row, err, now);
    const log = { err, reqId: row.request_id ?? undefined, stockAlertId: row.id, attempt: row.attempts + 1 };
    if (next === 'uncertain') {
      deps.log.error(log, 'stock alert send ended uncertainly: left as sending, not retried');
      return 'skipped';
    }
    deps.log.warn(log, next ? 'stock alert refused: will retry' : 'stock alert refused: giving up');
    const record = failureRecord(failureCause(err), String((err as Error)?.message ?? err));
    await repo.markRefused(deps.db, row.id, claimId, record, next, nowIso);
    return next ? 'retried' : 'failed';
  }
  await repo.markSent(deps.db, row.id, claimId, message.text, deps.clock.now().toISOString());
  deps.log.info({ reqId: row.request_id ?? undefined, stockAlertId: row.id }, 'stock alert sent');
  return 'sent';
}

/**
 * One run: rows left `sending` past their lease become `unknown`; up to `limit` due rows are claimed and sent one
 * by one, each ending its subscription. Safe in several processes at once.
 */
export async function deliverDueAlerts(deps: AlertDeps, limit = BATCH): Promise<AlertReport> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const abandoned = await repo.abandonStaleSends(deps.db, nowIso);
  if (abandoned) deps.log.error({ abandoned }, 'stock alerts left sending by a stopped worker: not resent');
  const claimId = newId();
  const rows = await repo.claimDue(deps.db, {
    nowIso,
    leaseUntil: new Date(now.getTime() + (deps.leaseMs ?? LEASE_MS)).toISOString(),
    claimId,
    limit,
  });
  const report: AlertReport = { sent: 0, retried: 0, failed: 0, abandoned, claimed: rows.length };
  for (const row of rows) {
    const outcome = await deliverOne(deps, row, claimId);
    if (outcome !== 'skipped') report[outcome]++;
  }
  return report;
}

/**
 * Registers the sender as a job (worker role): from when the app is ready, a run every `intervalSeconds` (one at
 * a time; a full batch is followed by another at once); a failed run is logged and the next one tries again.
 * Stops when the app closes, before the database closes.
 */
export function registerStockAlertJob(app: FastifyInstance, deps: AlertDeps, intervalSeconds: number): void {
  let running: Promise<void> | null = null;
  let open = false;
  const run = () => {
    if (running) return;
    running = (async () => {
      try {
        let report: AlertReport;
        do {
          report = await deliverDueAlerts(deps);
          if (report.sent || report.retried || report.failed) deps.log.info(report, 'stock alert worker');
        } while (open && report.claimed === BATCH);
      } catch (err) {
        deps.log.error({ err }, 'stock alert worker failed');
      }
    })().finally(() => {
      running = null;
    });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    open = true;
    timer = setInterval(run, intervalSeconds * 1000);
    timer.unref();
  });
  app.closing.onStop('stock-alerts', async () => {
    open = false;
    clearInterval(timer);
    await running;
  });
}
