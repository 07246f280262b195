import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEpaySimulator, simulatorEndpoints, type EpaySimulator } from '@kiim/tools/epay-simulator';
import { payWithCard, TEST_CARDS } from '@kiim/tools/epay-simulator/browser';
import { SIMULATOR_CREDENTIALS } from '#app/config.ts';
import { createHalykEpay } from './halyk.epay.ts';
import { PaymentProviderError } from './payment.provider.ts';

// The Halyk adapter's token and refunds as ePay defines them (payments-sms.md §3): a token answer without
// `refresh_token`, a partial refund's amount and externalID in the query string (the simulator ignores a
// body, as ePay's doc implies, so a body amount would refund everything), and a retry after a lost answer.

let sim: EpaySimulator;
let origin: string;
let invoiceSeq = 410000;
const nextInvoice = () => String(++invoiceSeq);

beforeAll(async () => {
  sim = createEpaySimulator({ deliver: async () => {} });
  origin = await sim.listen();
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  sim.configure({ statusUnavailable: false, down: false, loseOperationAnswers: false });
});

const adapter = (timeoutMs = 5000) =>
  createHalykEpay({
    ...simulatorEndpoints(origin),
    clientId: SIMULATOR_CREDENTIALS.clientId,
    clientSecret: SIMULATOR_CREDENTIALS.clientSecret,
    terminalId: SIMULATOR_CREDENTIALS.terminalId,
    scope: 'payment',
    apiScope: 'webapi usermanagement email_send verification statement statistics payment',
    timeoutMs,
  });

/** A charged payment of 15 990 ₸ on a fresh invoice; its ePay transaction id. */
async function chargedPayment(): Promise<{ invoiceId: string; id: string }> {
  const invoiceId = nextInvoice();
  const auth = await adapter().paymentToken({
    invoiceId,
    amount: 15990,
    currency: 'KZT',
    secretHash: 's',
    postLink: 'http://shop.test/p',
    failurePostLink: 'http://shop.test/p',
  });
  expect(auth).not.toHaveProperty('refresh_token');
  expect(typeof auth.expires_in).toBe('string');
  const object = {
    invoiceId,
    backLink: 'http://shop.test/ok',
    failureBackLink: 'http://shop.test/fail',
    postLink: 'http://shop.test/p',
    failurePostLink: 'http://shop.test/p',
    terminal: SIMULATOR_CREDENTIALS.terminalId,
    amount: 15990,
    currency: 'KZT',
    description: `Оплата заказа № ${invoiceId}`,
    auth,
  };
  await payWithCard(origin, object, TEST_CARDS.approved);
  return { invoiceId, id: sim.transactions(invoiceId)[0]!.id };
}

describe('Halyk adapter: token answers and refunds as ePay defines them', () => {
  it('accepts a token answer without refresh_token and with expires_in as text', async () => {
    const { invoiceId } = await chargedPayment();
    expect(await adapter().checkStatus(invoiceId)).toMatchObject({ kind: 'found', resultCode: '100' });
  });

  it('refunds part of a payment with amount and externalID in the query string', async () => {
    const { invoiceId, id } = await chargedPayment();
    await adapter().refund(id, 300, 'kiim-r-1');
    expect(sim.transactions(invoiceId)[0]).toMatchObject({ refundedAmount: 300, chargedAmount: 15990 });
    await adapter().refund(id, 700, 'kiim-r-2');
    expect(sim.transactions(invoiceId)[0]!.refundedAmount).toBe(1000);
  });

  it('never refunds twice when the answer was lost and the refund is retried with its externalID', async () => {
    const { invoiceId, id } = await chargedPayment();
    sim.configure({ loseOperationAnswers: true });
    await expect(adapter(300).refund(id, 500, 'kiim-r-lost')).rejects.toBeInstanceOf(PaymentProviderError);
    expect(sim.transactions(invoiceId)[0]!.refundedAmount).toBe(500);
    sim.configure({ loseOperationAnswers: false });
    await adapter().refund(id, 500, 'kiim-r-lost');
    expect(sim.transactions(invoiceId)[0]!.refundedAmount).toBe(500);
  });

  it('reads a refused operation as ePay answers it: HTTP 400 with code 100', async () => {
    const { id } = await chargedPayment();
    await expect(adapter().refund(id, 5, 'kiim-r-small')).rejects.toMatchObject({
      status: 400,
      providerCode: '100',
    });
  });
});
