import { NOTIFICATION_FAILURE_CAUSES, type NotificationFailureCause } from '@kiim/contract';
import { SmsProviderError } from '#app/modules/sms/sms.provider.ts';

// The cause of a failed send, kept at the head of the row's `last_error` (`auth: Invalid login: 535 …`) so the
// back office can tell staff in Russian what happened and what to do, with the service's own words beside it.

/** nodemailer's error codes by cause (the rest of a refused email is `refused`). */
const EMAIL_CAUSE: Readonly<Record<string, NotificationFailureCause>> = {
  ECONNECTION: 'unavailable',
  EDNS: 'unavailable',
  ESOCKET: 'unavailable',
  ETIMEDOUT: 'unavailable',
  ETLS: 'unavailable',
  EAUTH: 'auth',
  EENVELOPE: 'recipient',
};

/**
 * The cause of a send error: an SMS gateway's kind (`SmsProviderError`); for an email, an SMTP reply 4xx is a
 * busy or unavailable server (temporary by RFC 5321), then nodemailer's error code, then a 5.1.x reply (the
 * recipient's address); anything else is `refused`.
 */
export function failureCause(err: unknown): NotificationFailureCause {
  if (err instanceof SmsProviderError) return err.kind;
  const e = err as { code?: string; responseCode?: number; response?: string } | null;
  if (typeof e?.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 500)
    return 'unavailable';
  const byCode = e?.code ? EMAIL_CAUSE[e.code] : undefined;
  if (byCode) return byCode;
  if (typeof e?.response === 'string' && /\b5\.1\.\d\b/.test(e.response)) return 'recipient';
  return 'refused';
}

/** The `last_error` text of a failure: `cause: detail`. */
export const failureRecord = (cause: NotificationFailureCause, detail: string) => `${cause}: ${detail}`;

/**
 * A `last_error` back as its cause and detail; a text without a known cause (rows written before causes were
 * kept) is all detail.
 */
export function parseFailureRecord(text: string | null): {
  cause: NotificationFailureCause | null;
  detail: string | null;
} {
  if (text === null) return { cause: null, detail: null };
  const colon = text.indexOf(': ');
  const head = colon > 0 ? text.slice(0, colon) : '';
  if ((NOTIFICATION_FAILURE_CAUSES as readonly string[]).includes(head))
    return { cause: head as NotificationFailureCause, detail: text.slice(colon + 2) };
  return { cause: null, detail: text };
}
