import { describe, expect, it } from 'vitest';
import { SmsProviderError } from '#app/modules/sms/sms.provider.ts';
import { failureCause, failureRecord, parseFailureRecord } from './notification.failure.ts';

/** An error as nodemailer raises it: a message with `code`, and the SMTP reply when the server answered. */
const smtpError = (message: string, fields: { code?: string; responseCode?: number; response?: string }) =>
  Object.assign(new Error(message), fields);

describe('the cause of a failed send', () => {
  it('takes an SMS gateway’s own kind', () => {
    expect(failureCause(new SmsProviderError('recipient', 'smsc', 7, 'invalid phone'))).toBe('recipient');
    expect(failureCause(new SmsProviderError('throttled', 'smsc', 9, 'too many'))).toBe('throttled');
    expect(failureCause(new SmsProviderError('unavailable', 'smsc', 3, 'HTTP 502'))).toBe('unavailable');
  });

  it('reads an email’s SMTP reply and nodemailer’s code', () => {
    const busy = smtpError('Mailbox busy, try later', { code: 'EENVELOPE', responseCode: 451 });
    expect(failureCause(busy)).toBe('unavailable');
    const login = smtpError('Invalid login: 535 5.7.8 Authentication failed', {
      code: 'EAUTH',
      responseCode: 535,
    });
    expect(failureCause(login)).toBe('auth');
    const noBox = smtpError('Recipient command failed', {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 <ainur@example.kz>: user unknown',
    });
    expect(failureCause(noBox)).toBe('recipient');
    expect(failureCause(smtpError('connect ECONNREFUSED 127.0.0.1:2525', { code: 'ESOCKET' }))).toBe(
      'unavailable',
    );
    expect(failureCause(smtpError('Message rejected as spam', { responseCode: 554 }))).toBe('refused');
    expect(failureCause('a thrown string')).toBe('refused');
  });

  it('keeps the cause at the head of the record and reads it back; an older record is all detail', () => {
    const text = failureRecord('auth', 'Invalid login: 535');
    expect(text).toBe('auth: Invalid login: 535');
    expect(parseFailureRecord(text)).toEqual({ cause: 'auth', detail: 'Invalid login: 535' });
    expect(parseFailureRecord('451 Mailbox busy, try later')).toEqual({
      cause: null,
      detail: '451 Mailbox busy, try later',
    });
    expect(parseFailureRecord('unknown: words')).toEqual({ cause: null, detail: 'unknown: words' });
    expect(parseFailureRecord(null)).toEqual({ cause: null, detail: null });
  });
});
