import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEpaySimulator, simulatorEndpoints, type EpaySimulator } from '@kiim/tools/epay-simulator';
import { payWithCard, TEST_CARDS } from '@kiim/tools/epay-simulator/browser';
import { SIMULATOR_CREDENTIALS } from '#app/config.ts';
import { createHalykEpay, unconfiguredProvider } from './halyk.epay.ts';
import { PaymentProviderError } from './payment.provider.ts';

// The shop's Halyk adapter against the project's ePay simulator over real HTTP on loopback (payments-sms.md
// §1); the simulator's own protocol is checked in tools/epay-simulator.

let sim: EpaySimulator;
let origin: string;
let invoiceSeq = 400000;
const nextInvoice = () => String(++invoiceSeq);

beforeAll(async () => {
  sim = createEpaySimulator({ deliver: async () => {} });
  origin = await sim.listen();
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  sim.configure({ statusUnavailable: false, down: false });
});

const adapter = () =>
  createHalykEpay({
    ...simulatorEndpoints(origin),
    clientId: SIMULATOR_CREDENTIALS.clientId,
    clientSecret: SIMULATOR_CREDENTIALS.clientSecret,
    terminalId: SIMULATOR_CREDENTIALS.terminalId,
    scope: 'payment',
    apiScope: 'webapi usermanagement email_send verification statement statistics payment',
    timeoutMs: 5000,
  });

/** The payment object as the shop hands it to `halyk.pay` (the fields the payment page checks). */
const paymentObject = (invoiceId: string, auth: object, amount: number) => ({
  invoiceId,
  backLink: 'http://shop.test/ok',
  failureBackLink: 'http://shop.test/fail',
  postLink: 'http://shop.test/p',
  failurePostLink: 'http://shop.test/p',
  terminal: SIMULATOR_CREDENTIALS.terminalId,
  amount,
  currency: 'KZT',
  description: `Оплата заказа № ${invoiceId}`,
  auth,
});

describe('the shop’s Halyk adapter against the simulator', () => {
  it('gets payment tokens, reads statuses and refunds', async () => {
    const epay = adapter();
    const invoiceId = nextInvoice();
    const auth = await epay.paymentToken({
      invoiceId,
      amount: 15990,
      currency: 'KZT',
      secretHash: 's',
      postLink: 'http://shop.test/p',
      failurePostLink: 'http://shop.test/p',
    });
    expect(await epay.checkStatus(invoiceId)).toEqual({ kind: 'not-found' });
    expect(
      (await payWithCard(origin, paymentObject(invoiceId, auth, 15990), TEST_CARDS.approved)).location,
    ).toBe('http://shop.test/ok');
    const found = await epay.checkStatus(invoiceId);
    expect(found).toMatchObject({
      kind: 'found',
      resultCode: '100',
      transaction: { invoiceId, amount: 15990, currency: 'KZT', statusName: 'CHARGE' },
    });
    if (found.kind !== 'found') throw new Error('not found');
    await epay.refund(found.transaction.id!, 15990);
    expect(await epay.checkStatus(invoiceId)).toMatchObject({
      kind: 'found',
      transaction: { statusName: 'REFUND' },
    });
  });

  it('turns refusals, busy answers and outages into PaymentProviderError', async () => {
    const epay = adapter();
    await expect(
      epay.paymentToken({
        invoiceId: 'ABC',
        amount: 1,
        currency: 'KZT',
        secretHash: 's',
        postLink: '',
        failurePostLink: '',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    sim.configure({ statusUnavailable: true });
    await expect(epay.checkStatus('123456')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      providerCode: '107',
    });
    sim.configure({ statusUnavailable: false, down: true });
    await expect(epay.checkStatus('123456')).rejects.toMatchObject({ status: 503 });
    const gone = createHalykEpay({
      ...simulatorEndpoints('http://127.0.0.1:9'),
      clientId: 'x',
      clientSecret: 'y',
      terminalId: 'z',
      scope: 'payment',
      apiScope: 'payment',
      timeoutMs: 2000,
    });
    await expect(gone.checkStatus('123456')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unconfiguredProvider().checkStatus('123456')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
