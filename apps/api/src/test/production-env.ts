/**
 * Environment variables a production configuration needs (config.ts refuses production without them): a real
 * OTP secret, the public address, the seller's legal details, and live Halyk ePay settings pointing nowhere reachable.
 * Tests that start the app with `NODE_ENV=production` spread these and override what they test.
 */
export const SELLER_ENV = {
  SELLER_COMPANY_NAME: 'ТОО «Киим Казахстан»',
  SELLER_BIN: '900101300017',
  SELLER_LEGAL_ADDRESS: 'г. Астана, пр. Мангилик Ел, 55/20',
};

export const LIVE_EPAY_ENV = {
  EPAY_MODE: 'live',
  EPAY_OAUTH_URL: 'https://epay.invalid/oauth2/token',
  EPAY_API_URL: 'https://epay.invalid',
  EPAY_SCRIPT_URL: 'https://epay.invalid/payment-api.js',
  EPAY_CLIENT_ID: 'kiim',
  EPAY_CLIENT_SECRET: 'secret',
  EPAY_TERMINAL_ID: '67e34d63-102f-4bd1-898e-370781d0074d',
};

/** A real SMS gateway (production refuses the `dev` provider), pointing nowhere reachable. */
export const GATEWAY_SMS_ENV = {
  SMS_PROVIDER: 'mobizon',
  MOBIZON_API_URL: 'https://mobizon.invalid',
  MOBIZON_API_KEY: 'key',
};

export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  // Required in production; the address a development shop derives by itself.
  PUBLIC_URL: 'http://localhost:3000',
  ...GATEWAY_SMS_ENV,
  OTP_SECRET: 'a-production-secret-of-enough-length',
  ...SELLER_ENV,
  ...LIVE_EPAY_ENV,
};
