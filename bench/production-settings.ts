import { randomBytes } from 'node:crypto';

/**
 * What production requires beyond the defaults: its own OTP secret, the seller's legal details (the demo ones are
 * refused there), live ePay settings (never called by the bench: loopback, port 9) and an SMS gateway — SMSC.kz,
 * answered by the bench's own gateway (run.ts starts it and sets `SMSC_API_URL`). A fresh OTP secret per call.
 */
export const productionSettings = () => ({
  OTP_SECRET: randomBytes(24).toString('hex'),
  SELLER_COMPANY_NAME: 'ТОО «Kiim Bench»',
  SELLER_BIN: '240540000016',
  SELLER_LEGAL_ADDRESS: 'г. Алматы, пр. Аль-Фараби, 77/8',
  EPAY_MODE: 'live',
  EPAY_OAUTH_URL: 'http://127.0.0.1:9/oauth',
  EPAY_API_URL: 'http://127.0.0.1:9/api',
  EPAY_SCRIPT_URL: 'http://127.0.0.1:9/payform.js',
  EPAY_CLIENT_ID: 'bench',
  EPAY_CLIENT_SECRET: 'bench',
  EPAY_TERMINAL_ID: 'bench',
  // Production refuses the development SMS outbox: SMSC.kz, answered by bench/sms-gateway.ts (the URL is set when
  // it has started; a closed port until then).
  SMS_PROVIDER: 'smsc',
  SMSC_API_URL: 'http://127.0.0.1:9',
  SMSC_LOGIN: 'bench',
  SMSC_PASSWORD: 'bench',
  // Orders of earlier runs have notifications to send: the worker looks once an hour, not every 10 s.
  NOTIFICATION_INTERVAL_SECONDS: '3600',
});
