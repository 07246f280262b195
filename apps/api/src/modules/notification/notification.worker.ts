import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/database.ts';
import type { Clock } from '#app/lib/clock.ts';
import { newId } from '#app/lib/ids.ts';
import { SmsProviderError, type SmsProvider } from '#app/modules/sms/sms.provider.ts';
import { renderOrderEmail } from './notification.email.ts';
import { isQuestionNotice, questionSms, renderQuestionEmail } from './notification.question.ts';
import { certainlyNotDelivered, type Mailer } from './notification.mailer.ts';
import { failureCause, failureRecord } from './notification.failure.ts';
import type { OrderNotice } from './notification.notice.ts';
import * as repo from './notification.repository.ts';
import type { NotificationRow } from './notification.table.ts';
import { smsText } from './notification.texts.ts';

// The notification worker (docs/decisions/023): claims due outbox rows under a lease, marks each `sending`
// before calling the provider, then `sent`; a refused send is retried with exponential back-off; a send whose
// worker died mid-way is never repeated automatically.

/** What the worker needs. */
export interface NotifyDeps {
  db: Db;
  sms: SmsProvider;
  /** Null: emails are not sent (production without SMTP_URL). */
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  clock: Clock;
  /** How long a claim or a send holds its row, ms (NOTIFICATION_LEASE_SECONDS; default {@link LEASE_MS}). */
  leaseMs?: number;
}

/** How long a claim or a send holds its row before another worker may act on it, ms (the default). */
export const LEASE_MS = 2 * 60_000;
/** Rows one run claims at most; a run that claimed this many is followed by another at once (a campaign drains). */
export const BATCH = 50;
/** Sends tried before a notification is given up (`failed`). */
export const MAX_ATTEMPTS = 10;
/** First retry after 30 s, doubling up to one hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

/** What one run did. */
export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  /** Rows found `sending` past their lease, now `unknown`. */
  abandoned: number;
  /** Rows this run claimed (a full {@link BATCH}: more may be due). */
  claimed?: number;
}

type Outcome = 'sent' | 'retried' | 'failed' | 'skipped';

/** What a row's message is: SMS text, or a rendered email (an order's, or a question notice's). */
async function render(row: NotificationRow) {
  const payload: unknown = JSON.parse(row.payload);
  if (isQuestionNotice(payload))
    return row.channel === 'sms'
      ? { subject: null, text: questionSms(payload, row.language), html: null }
      : renderQuestionEmail(payload, row.language);
  const notice = payload as OrderNotice;
  if (row.channel === 'sms') return { subject: null, text: smsText(notice, row.language) ?? '', html: null };
  return renderOrderEmail(notice, row.language);
}

/** A send error: retry (`nextAt`), give up (null), or — the provider may have taken it — stop as unknown. */
function nextAttempt(row: NotificationRow, err: unknown, now: Date): string | null | 'uncertain' {
  const refused = row.channel === 'email' ? certainlyNotDelivered(err) : err instanceof SmsProviderError;
  if (!refused) return 'uncertain';
  if (err instanceof SmsProviderError && err.kind === 'recipient') return null;
  const attempts = row.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + backoffMs(attempts)).toISOString();
}

/** Sends one claimed row and records the outcome. */
async function deliverOne(deps: NotifyDeps, row: NotificationRow, claimId: string): Promise<Outcome> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const message = await render(row);
  const lease = new Date(now.getTime() + (deps.leaseMs ?? LEASE_MS)).toISOString();
  if (!(await repo.startSending(deps.db, row.id, claimId, lease, nowIso))) return 'skipped';
  if (row.channel === 'email' && !deps.mailer) {
    await repo.markRefused(
      deps.db,
      row.id,
      claimId,
      failureRecord('not_configured', 'email is not configured (SMTP_URL)'),
      null,
      nowIso,
    );
    return 'failed';
  }
  try {
    if (row.channel === 'sms') await deps.sms.send(row.recipient, message.text);
    else {
      await deps.mailer!.send({
        to: row.recipient,
        subject: message.subject ?? '',
        html: message.html ?? '',
        text: message.text,
        messageId: `<${row.id}@${deps.mailer!.domain}>`,
      });
    }
  } catch (err) {
    const next = nextAttempt(row, err, now);
    const log = {
      err,
      reqId: row.request_id ?? undefined,
      notificationId: row.id,
      channel: row.channel,
      event: row.event,
      attempt: row.attempts + 1,
    };
    if (next === 'uncertain') {
      deps.log.error(log, 'notification send ended uncertainly: left as sending, not retried');
      return 'skipped';
    }
    deps.log.warn(
      log,
      next ? 'notification send refused: will retry' : 'notification send refused: giving up',
    );
    const record = failureRecord(failureCause(err), String((err as Error)?.message ?? err));
    await repo.markRefused(deps.db, row.id, claimId, record, next, nowIso);
    return next ? 'retried' : 'failed';
  }
  await repo.markSent(deps.db, row.id, claimId, message, deps.clock.now().toISOString());
  // Under the id of the request that queued it, whichever process sends it (issue 31 §4).
  deps.log.info(
    { reqId: row.request_id ?? undefined, notificationId: row.id, channel: row.channel, event: row.event },
    'notification sent',
  );
  return 'sent';
}

/**
 * Sends rows their writer claimed under `claimId` in the transaction that wrote them (`recordOrderNotice` with
 * `claimSms`), right after its commit: each goes through the same states as a claimed row of {@link deliverDue}
 * (`sending` committed before the provider is called, then `sent` or back to `pending`).
 */
export async function deliverClaimed(
  deps: NotifyDeps,
  claimId: string,
  rows: readonly NotificationRow[],
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, abandoned: 0 };
  for (const row of rows) {
    const outcome = await deliverOne(deps, row, claimId);
    if (outcome !== 'skipped') report[outcome]++;
  }
  return report;
}

/**
 * One run of the worker: rows still `sending` past their lease become `unknown`; then up to `limit` due rows
 * (only `ids`, when given) are claimed and sent one by one. Safe to run in several processes at once.
 */
export async function deliverDue(
  deps: NotifyDeps,
  opts: { ids?: readonly string[]; limit?: number } = {},
): Promise<DeliveryReport> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const abandoned = await repo.abandonStaleSends(deps.db, nowIso);
  if (abandoned.length)
    deps.log.error({ ids: abandoned }, 'notifications left sending by a stopped worker: not resent');
  const claimId = newId();
  const rows = await repo.claimDue(deps.db, {
    nowIso,
    leaseUntil: new Date(now.getTime() + (deps.leaseMs ?? LEASE_MS)).toISOString(),
    claimId,
    limit: opts.limit ?? BATCH,
    ids: opts.ids,
  });
  const report: DeliveryReport = {
    ...{ sent: 0, retried: 0, failed: 0, abandoned: abandoned.length },
    claimed: rows.length,
  };
  for (const row of rows) {
    const outcome = await deliverOne(deps, row, claimId);
    if (outcome !== 'skipped') report[outcome]++;
  }
  return report;
}
