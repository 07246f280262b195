/** Every SMS the shop sent, with the provider's answer; the development outbox reads it. */
export interface SmsMessageTable {
  id: string;
  mobile: string;
  text: string;
  provider: string;
  status: string;
  provider_message_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One attempt to send an SMS, the log behind the send limits (per number, per client address, daily
 * total; docs/security.md). `pending` while the provider is asked, then `sent` or `failed`; failed sends
 * do not count against the limits.
 */
export interface SmsSendTable {
  id: string;
  mobile: string;
  /** 1, 2, 3… per number; unique with `mobile` (serialises parallel sends to one number). */
  seq: number;
  client_ip: string | null;
  /** What the SMS was for: `sign-in`, `register`, `recover-password`. */
  purpose: string;
  status: 'pending' | 'sent' | 'failed';
  created_at: string;
  updated_at: string;
}
