import {
  SmsProviderError,
  postForm,
  recordSent,
  type SmsProvider,
  type SmsProviderDeps,
} from './sms.provider.ts';

/** Mobizon settings from configuration (`MOBIZON_*`). */
export interface MobizonOptions {
  /** API origin, e.g. `https://api.mobizon.kz`. */
  apiUrl: string;
  apiKey: string;
  /** Registered sender name; the gateway's default when undefined. */
  sender: string | undefined;
  timeoutMs: number;
}

/** Mobizon's bounds of `params[validity]`, minutes (sendSmsMessage.md): 60 (an hour) to 1440 (a day). */
export const MOBIZON_VALIDITY_MINUTES = { min: 60, max: 1440 } as const;

/** Mobizon answer codes that mean the message was taken: 0 sent, 100 queued for background sending. */
const ACCEPTED = new Set([0, 100]);

interface MobizonAnswer {
  code?: number;
  data?: unknown;
  message?: string;
}

/** Mobizon answer code → what it means for the shop (design/payments-sms.md §2 Mobizon). */
function mobizonFailure(answer: MobizonAnswer): SmsProviderError {
  const code = answer.code ?? null;
  const text = `code ${code}: ${answer.message ?? ''}`.trim();
  if (code === 1) {
    // Validation: field errors in `data`. A bad recipient is the shopper's number; anything else is ours.
    const fields = answer.data && typeof answer.data === 'object' ? Object.keys(answer.data) : [];
    return new SmsProviderError(
      fields.includes('recipient') ? 'recipient' : 'unavailable',
      'mobizon',
      code,
      text,
    );
  }
  if (code === 30) return new SmsProviderError('throttled', 'mobizon', code, text, 60);
  // 8 authentication, 12 limit, 14 account blocked, 999 general, anything unknown.
  return new SmsProviderError('unavailable', 'mobizon', code, text);
}

/** The server Mobizon names in a code-13 answer (`data` is the domain, or an object holding it). */
function otherServer(data: unknown): string | undefined {
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    const v = d.domain ?? d.server ?? d.host;
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

/**
 * Mobizon adapter (mobizon.kz, design/payments-sms.md): `POST {apiUrl}/service/message/sendsmsmessage?
 * output=json&api=v1&apiKey=…`, form-encoded `recipient` (international digits), `text`, optional `from`, and
 * `params[validity]` (minutes, raised/capped to Mobizon's 60–1440) when the caller gives `validityMinutes`.
 * Answer `{code, data, message}`: 0 → sent (`data.messageId`) and 100 → accepted for background sending,
 * both success as in Mobizon's own client (never resent: the shopper would get two codes); 13 → the account lives on another server
 * (`data` names it): the call is repeated there once; other codes → {@link SmsProviderError}.
 */
export function createMobizonProvider(deps: SmsProviderDeps, opts: MobizonOptions): SmsProvider {
  let base = new URL(opts.apiUrl);
  return {
    name: 'mobizon',
    async send(mobile, text, options) {
      const form: Record<string, string> = { recipient: mobile, text };
      if (opts.sender) form.from = opts.sender;
      if (options?.validityMinutes !== undefined) {
        const { min, max } = MOBIZON_VALIDITY_MINUTES;
        form['params[validity]'] = String(Math.min(max, Math.max(min, Math.ceil(options.validityMinutes))));
      }
      for (let hop = 0; ; hop++) {
        const url = new URL('/service/message/sendsmsmessage', base);
        url.search = new URLSearchParams({ output: 'json', api: 'v1', apiKey: opts.apiKey }).toString();
        const answer = (await postForm('mobizon', url, form, opts.timeoutMs)) as MobizonAnswer;
        if (answer.code !== undefined && ACCEPTED.has(answer.code)) {
          const id = (answer.data as { messageId?: unknown } | undefined)?.messageId;
          await recordSent(
            deps,
            'mobizon',
            mobile,
            text,
            id === undefined || id === null ? null : String(id),
          );
          return;
        }
        const server = answer.code === 13 ? otherServer(answer.data) : undefined;
        if (server && hop === 0) {
          const next = new URL(base);
          next.host = server.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
          base = next;
          deps.log.warn(
            { provider: 'mobizon', server: next.host },
            'mobizon: account lives on another server',
          );
          continue;
        }
        throw mobizonFailure(answer);
      }
    },
  };
}
