import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '#app/config.ts';

/** One email to send; `messageId` is the notification's delivery id as `<id@domain>`. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
}

/**
 * Sends emails (nodemailer). `send` resolves when the server accepted the message and throws when it did not;
 * `refused(err)` tells a failure where the server certainly did not take the message (it answered with an
 * error code, or no connection was made) from one where it may have (the connection broke mid-message).
 */
export interface Mailer {
  readonly name: 'smtp' | 'dev';
  /** The domain of the sender, used in Message-IDs. */
  readonly domain: string;
  send(message: MailMessage): Promise<void>;
}

/** Error codes of nodemailer for failures before any message data reached the server. */
const NOT_DELIVERED_CODES = new Set([
  'ECONNECTION',
  'EDNS',
  'ESOCKET',
  'ETIMEDOUT',
  'EAUTH',
  'EENVELOPE',
  'ETLS',
]);

/**
 * Whether a send error certainly means the message was not taken: an SMTP error reply (`responseCode`), or a
 * connection, DNS, TLS, authentication or envelope failure before the DATA command finished. Anything else (a
 * socket closed after the message was transmitted) is uncertain.
 */
export function certainlyNotDelivered(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string; command?: string };
  if (typeof e?.responseCode === 'number' && e.responseCode >= 400) return true;
  if (e?.command && e.command !== 'DATA' && e.code && NOT_DELIVERED_CODES.has(e.code)) return true;
  return !e?.command && !!e?.code && NOT_DELIVERED_CODES.has(e.code);
}

/** The domain part of a sender address `Name <box@domain>` or `box@domain`. */
export const senderDomain = (from: string) => from.match(/@([^>\s]+)/)?.[1] ?? 'kiim.kz';

/** SMTP options of `smtp://user:password@host:port` (`smtps://` = TLS from the start), 15 s timeouts. */
export function smtpOptions(url: string): SMTPTransport.Options {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 465 : 587),
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 15_000,
  };
}

/**
 * The mailer of the configuration: SMTP at `SMTP_URL` (timeouts of 15 s, so a stuck server cannot hold the
 * worker), or — without `SMTP_URL` outside production — the development mailer, which builds the full MIME
 * message and sends nothing (the sent email is kept in the outbox table for the development email outbox).
 * Production without `SMTP_URL`: null (no emails are written).
 */
export function createMailer(config: Config): Mailer | null {
  const { smtpUrl, from } = config.mail;
  const domain = senderDomain(from);
  if (!smtpUrl && config.env === 'production') return null;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpOptions(smtpUrl), { from })
    : nodemailer.createTransport({ streamTransport: true, buffer: true }, { from });
  return {
    name: smtpUrl ? 'smtp' : 'dev',
    domain,
    async send(m) {
      await transport.sendMail({
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        messageId: m.messageId,
      });
    },
  };
}
