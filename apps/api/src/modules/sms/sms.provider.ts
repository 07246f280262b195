import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/database.ts';
import type { Clock } from '#app/lib/clock.ts';
import { newId } from '#app/lib/ids.ts';
import { insertMessage } from './sms.repository.ts';
import type { SmsMessageTable } from './sms.table.ts';

// What every SMS gateway adapter shares (the provider interface, its errors, recording a sent message, the
// form POST) and the development provider; the choice among them by configuration is sms.factory.ts, so the
// adapters import this file and nothing imports them back (no import cycle).

/**
 * Sends one SMS. `mobile` is `7XXXXXXXXXX`. `options.validityMinutes`: how long the gateway may keep trying to
 * deliver it (a one-time code is useless once expired); gateways round it into their own bounds. Throws
 * {@link SmsProviderError} (or any error) on a failure.
 */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, text: string, options?: SmsSendOptions): Promise<void>;
}

/** Per-message options of {@link SmsProvider.send}. */
export interface SmsSendOptions {
  /** Minutes the gateway may keep trying to deliver (a one-time code's lifetime). */
  validityMinutes?: number;
}

/**
 * What went wrong at the gateway, in the shop's terms (design/payments-sms.md: provider errors mapped to
 * clear shop errors):
 * - `recipient`: the gateway refuses this number (format, undeliverable) — the shopper should check it;
 * - `throttled`: the gateway asks to slow down — the shopper may retry after `retryAfterSeconds`;
 * - `unavailable`: anything else (network, timeout, balance, credentials, account blocked, unknown code).
 */
export type SmsFailureKind = 'recipient' | 'throttled' | 'unavailable';

/** A gateway failure with the provider's own code kept for the log. */
export class SmsProviderError extends Error {
  constructor(
    readonly kind: SmsFailureKind,
    readonly provider: string,
    readonly providerCode: string | number | null,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

/** What an adapter needs: the database (to record the message), the log, the clock. */
export interface SmsProviderDeps {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** Message text as recorded for a real gateway: runs of 4+ digits (the codes) are masked. */
export const redactCodes = (text: string): string => text.replace(/\d{4,}/g, (m) => '•'.repeat(m.length));

/**
 * Records a message a real gateway accepted in `sms_message` (codes masked, the provider's message id
 * kept for delivery questions).
 */
export async function recordSent(
  deps: SmsProviderDeps,
  provider: string,
  mobile: string,
  text: string,
  providerMessageId: string | null,
): Promise<void> {
  await insertMessage(
    deps.db,
    messageRow(deps, { mobile, text: redactCodes(text), provider, status: 'sent', providerMessageId }),
  );
}

/** An `sms_message` row stamped with a new id and the app clock's time. */
function messageRow(
  deps: SmsProviderDeps,
  m: {
    mobile: string;
    text: string;
    provider: string;
    status: 'sent' | 'logged';
    providerMessageId: string | null;
  },
): SmsMessageTable {
  const now = deps.clock.now().toISOString();
  return {
    id: newId(),
    mobile: m.mobile,
    text: m.text,
    provider: m.provider,
    status: m.status,
    provider_message_id: m.providerMessageId,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Development provider: sends nothing; writes the message to the log and to `sms_message`, which the
 * development-only outbox endpoint reads (architecture: Identity and sessions). Times from the app clock.
 */
export function createDevSmsProvider(deps: SmsProviderDeps): SmsProvider {
  return {
    name: 'dev',
    async send(mobile, text) {
      await insertMessage(
        deps.db,
        messageRow(deps, { mobile, text, provider: 'dev', status: 'logged', providerMessageId: null }),
      );
      deps.log.info({ mobile, text }, 'sms (development provider)');
    },
  };
}

/**
 * POSTs a form to a gateway and parses its JSON answer.
 * @throws SmsProviderError `unavailable` on a network error, a timeout, a non-2xx status or a body that is
 *   not JSON.
 */
export async function postForm(
  provider: string,
  url: URL,
  form: Record<string, string>,
  timeoutMs: number,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timeout = (err as Error).name === 'TimeoutError';
    throw new SmsProviderError(
      'unavailable',
      provider,
      null,
      timeout ? `no answer in ${timeoutMs} ms` : `network: ${(err as Error).message}`,
    );
  }
  const body = await res.text();
  if (!res.ok) throw new SmsProviderError('unavailable', provider, res.status, `HTTP ${res.status}`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new SmsProviderError('unavailable', provider, res.status, 'answer is not JSON');
  }
}
