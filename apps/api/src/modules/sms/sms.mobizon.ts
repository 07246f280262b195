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
 * output=json&api=v1&apiKey=…`, form-encoded `recipient` (international digits), `text`, optional `from`.
 * Answer `{code, data, message}`: 0 → sent (`data.messageId`); 13 → the account lives on another server
 * (`data` names it): the call is repeated there once; other codes → {@link SmsProviderError}.
 */
export function createMobizonProvider(deps: SmsProviderDeps, opts: MobizonOptions): SmsProvider {
  let base = new URL(opts.apiUrl);
  return {
    name: 'mobizon',
    async send(mobile, text) {
      const form: Record<string, string> = { recipient: mobile, text };
      if (opts.sender) form.from = opts.sender;
      for (let hop = 0; ; hop++) {
        const url = new URL('/service/message/sendsmsmessage', base);
        url.search = new URLSearchParams({ output: 'json', api: 'v1', apiKey: opts.apiKey }).toString();
        const answer = (await postForm('mobizon', url, form, opts.timeoutMs)) as MobizonAnswer;
        if (answer.code === 0) {
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
