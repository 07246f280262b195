import type { FastifyInstance } from 'fastify';
import type { CustomerLanguage } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { currentRequestId } from '#app/lib/request-context.ts';
import type { OrderNotice } from './notification.notice.ts';
import { insertNotification, pendingRow } from './notification.repository.ts';
import { smsText } from './notification.texts.ts';
import type { NotificationRow } from './notification.table.ts';
import {
  deliverClaimed,
  deliverDue,
  BATCH,
  LEASE_MS,
  type DeliveryReport,
  type NotifyDeps,
} from './notification.worker.ts';

export type { OrderNotice } from './notification.notice.ts';

/** The app's notifier: the worker's deps, whether emails go out, and a way to deliver or wake the worker. */
export interface Notifier {
  deps: NotifyDeps;
  /** False in production without SMTP_URL: no email rows are written. */
  emailEnabled: boolean;
  /** Delivers the given rows now (after their transaction committed); failures stay for the worker. */
  deliver(ids: readonly string[]): Promise<DeliveryReport>;
  /**
   * Delivers rows written already claimed ({@link WrittenNotices.claimed}) now, after their transaction committed,
   * without claiming them again; failures stay for the worker.
   */
  deliverClaimed(claimed: ClaimedNotices): Promise<DeliveryReport>;
  /** Asks the background worker (when jobs run) to look for due rows now. */
  wake(): void;
  /**
   * Runs `send` (a delivery right after commit) without the caller waiting for it; the app's close waits for it
   * before the database closes, so a send under way is never cut into an `unknown` row. `send` must not reject
   * (its failures stay in the outbox for the worker).
   */
  sendInBackground(send: () => Promise<void>): void;
  /** Resolves when every send started by {@link sendInBackground} has finished (tests, shutdown). */
  settled(): Promise<void>;
}

/** Who a notice goes to: the customer's mobile, the order's email (or none), in the customer's language. */
export interface NoticeRecipient {
  orderId: string;
  mobile: string | null;
  email: string | null;
  language: CustomerLanguage;
}

/** Rows written already claimed by their writer (status `claimed`, a lease of {@link LEASE_MS}), as written. */
export interface ClaimedNotices {
  claimId: string;
  rows: NotificationRow[];
}

/** The ids written by {@link recordOrderNotice}, by channel. */
export interface WrittenNotices {
  sms: string[];
  email: string[];
  /** The SMS rows among `sms` written already claimed (`claimSms`), to send right after commit. */
  claimed?: ClaimedNotices;
}

/**
 * Writes the notifications of an order event into the outbox, in the caller's transaction (issue 13): an SMS
 * to the customer's mobile (when the event has one in {@link smsText}) and an email to the order's address
 * (when there is one and emails are enabled). Unique per (order, event, channel, `dedupeKey`): an event recorded
 * twice writes nothing the second time. With `emailElseSms` (receipt links, issue 32) only one goes out: the email
 * when the order has an address and emails are on, else the SMS.
 *
 * With `claimSms` the SMS row is written already `claimed` (a claim of its own, lease {@link LEASE_MS}) for the
 * caller to send right after commit with {@link Notifier.deliverClaimed} — one write and its disk flush fewer than
 * claiming it after commit (issue 14; the order's answer does not wait for the send). Should the process stop
 * before the send starts, the worker claims the row once the lease has run out, as for any claimed row whose
 * worker died.
 * @returns the ids written, by channel (to deliver right after commit), and the claimed SMS rows.
 */
export async function recordOrderNotice(
  trx: DbOrTrx,
  notice: OrderNotice,
  to: NoticeRecipient,
  opts: {
    emailEnabled: boolean;
    nowIso: string;
    claimSms?: boolean;
    leaseMs?: number;
    dedupeKey?: string;
    emailElseSms?: boolean;
  },
): Promise<WrittenNotices> {
  const written: WrittenNotices = { sms: [], email: [] };
  const emailGoes = Boolean(to.email && opts.emailEnabled);
  const base = pendingRow(
    {
      order_id: to.orderId,
      event: notice.event,
      language: to.language,
      payload: JSON.stringify(notice),
      request_id: currentRequestId(),
      dedupe_key: opts.dedupeKey ?? '',
    },
    opts.nowIso,
  );
  if (to.mobile && smsText(notice, to.language) !== null && !(opts.emailElseSms && emailGoes)) {
    const id = newId();
    const claim = opts.claimSms
      ? {
          status: 'claimed' as const,
          claim_id: newId(),
          lease_until: new Date(Date.parse(opts.nowIso) + (opts.leaseMs ?? LEASE_MS)).toISOString(),
        }
      : {};
    const row: NotificationRow = { ...base, ...claim, id, channel: 'sms', recipient: to.mobile };
    if (await insertNotification(trx, row)) {
      written.sms.push(id);
      if (row.claim_id) written.claimed = { claimId: row.claim_id, rows: [row] };
    }
  }
  if (to.email && emailGoes) {
    const id = newId();
    if (await insertNotification(trx, { ...base, id, channel: 'email', recipient: to.email }))
      written.email.push(id);
  }
  return written;
}

/**
 * Makes the app's notifier and, with `jobs`, registers the worker: from when the app is ready it runs
 * {@link deliverDue} every `intervalSeconds` and when woken, one run at a time; a failed run is logged and the
 * next one tries again. Stops when the app closes, after the requests in flight and before the database closes:
 * the sends started in the background end, and the worker's run under way (app.closing; issue 14).
 */
export function createNotifier(
  app: FastifyInstance,
  deps: NotifyDeps,
  jobs: boolean,
  intervalSeconds: number,
): Notifier {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const report = await deliverDue(deps);
          if (report.sent || report.retried || report.failed || report.abandoned)
            deps.log.info(report, 'notification worker');
          // A full batch: more rows may be due (a campaign of thousands), so the next run starts now, not at the
          // next tick — unless the app is closing.
          if (report.claimed === BATCH && ready) again = true;
        } catch (err) {
          deps.log.error({ err }, 'notification worker failed');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  let ready = false;
  if (jobs) {
    app.addHook('onReady', async () => {
      ready = true;
      timer = setInterval(() => void run(), intervalSeconds * 1000);
      timer.unref();
    });
  }
  const inFlight = new Set<Promise<void>>();
  const settled = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };
  // After the requests in flight (which may start sends or wake the worker), before the database closes.
  app.closing.onStop('notifications', async () => {
    ready = false;
    clearInterval(timer);
    await settled();
    await running;
  });
  if (!deps.mailer) deps.log.warn('SMTP_URL is not set: order emails are not sent');
  return {
    deps,
    emailEnabled: deps.mailer !== null,
    deliver: (ids) => deliverDue(deps, { ids }),
    deliverClaimed: (claimed) => deliverClaimed(deps, claimed.claimId, claimed.rows),
    wake: () => {
      if (jobs && ready) void run();
    },
    sendInBackground: (send) => {
      const job = send().finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    settled,
  };
}
