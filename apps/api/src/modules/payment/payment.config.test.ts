import { describe, expect, it } from 'vitest';
import { loadPaymentConfig, SIMULATOR_CREDENTIALS } from './payment.config.ts';

describe('payment configuration', () => {
  it('uses the simulator outside production, with its development credentials and no URLs yet', () => {
    const c = loadPaymentConfig({ NODE_ENV: 'development' });
    expect(c.epay).toMatchObject({ mode: 'simulator', oauthUrl: undefined, clientId: SIMULATOR_CREDENTIALS.clientId, twoStage: false });
    expect(c.paymentWindowMinutes).toBe(30);
    expect(c.sweepIntervalSeconds).toBe(60);
    expect(c.backofficeToken).toBeUndefined();
  });

  it('needs every ePay URL and credential in live mode, listing what is missing', () => {
    expect(() => loadPaymentConfig({ NODE_ENV: 'production', EPAY_CLIENT_ID: 'kiim' })).toThrow(
      /EPAY_OAUTH_URL: required when EPAY_MODE=live[\s\S]*EPAY_CLIENT_SECRET[\s\S]*EPAY_TERMINAL_ID/,
    );
    const live = loadPaymentConfig({
      NODE_ENV: 'production',
      EPAY_OAUTH_URL: 'https://epay-oauth.homebank.kz/oauth2/token',
      EPAY_API_URL: 'https://epay-api.homebank.kz',
      EPAY_SCRIPT_URL: 'https://epay.homebank.kz/payform/payment-api.js',
      EPAY_CLIENT_ID: 'kiim',
      EPAY_CLIENT_SECRET: 'secret',
      EPAY_TERMINAL_ID: '67e34d63-102f-4bd1-898e-370781d0074d',
      EPAY_TWO_STAGE: 'true',
    });
    expect(live.epay).toMatchObject({ mode: 'live', apiUrl: 'https://epay-api.homebank.kz', twoStage: true });
  });

  it('refuses the simulator in production, and bad values', () => {
    expect(() => loadPaymentConfig({ NODE_ENV: 'production', EPAY_MODE: 'simulator' })).toThrow(/must not run in production/);
    expect(() => loadPaymentConfig({ ORDER_PAYMENT_WINDOW_MINUTES: '1' })).toThrow(/ORDER_PAYMENT_WINDOW_MINUTES/);
    expect(() => loadPaymentConfig({ BACKOFFICE_TOKEN: 'short' })).toThrow(/BACKOFFICE_TOKEN/);
    expect(() => loadPaymentConfig({ EPAY_OAUTH_URL: 'not a url' })).toThrow(/EPAY_OAUTH_URL/);
  });
});
