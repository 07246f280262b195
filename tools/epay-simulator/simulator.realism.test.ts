import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATOR_CREDENTIALS } from '@kiim/api/config';
import { createEpaySimulator, type EpaySimulator } from './epay.simulator.ts';
import { payWithCard } from './simulator.browser.ts';

// The simulator's knobs for ePay as it really behaves (issue 28 items 17–18, decision 035), over real HTTP:
// 107 «in progress» for a number of status answers, payments partly in Halyk bonuses, refunds made in ePay's
// cabinet, and the record of operation requests that tests count.

let sim: EpaySimulator;
let origin: string;
const delivered: Record<string, unknown>[] = [];

beforeAll(async () => {
  sim = createEpaySimulator({ deliver: async (_url, body) => void delivered.push(body) });
  origin = await sim.listen();
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  delivered.length = 0;
  sim.configure({ bonusAmount: 0, inProgressChecks: 0 });
});

const creds = {
  grant_type: 'client_credentials',
  client_id: SIMULATOR_CREDENTIALS.clientId,
  client_secret: SIMULATOR_CREDENTIALS.clientSecret,
  terminal: SIMULATOR_CREDENTIALS.terminalId,
};
let invoiceSeq = 700000;

async function token(fields: Record<string, string> = { scope: 'webapi payment' }) {
  const res = await fetch(`${origin}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...creds, ...fields }).toString(),
  });
  return (await res.json()) as Record<string, string>;
}

/** Pays a fresh invoice of `amount` tenge with the approved sandbox card. @returns its invoiceID. */
async function paidInvoice(amount = 15990): Promise<string> {
  const invoiceId = String(++invoiceSeq);
  const auth = await token({
    scope: 'payment',
    invoiceID: invoiceId,
    amount: String(amount),
    currency: 'KZT',
    secret_hash: `s-${invoiceId}`,
  });
  const link = 'http://shop.test/api/payment/halyk/response';
  const obj = {
    invoiceId,
    backLink: 'http://shop.test/ok',
    failureBackLink: 'http://shop.test/fail',
    postLink: link,
    failurePostLink: link,
    language: 'rus',
    description: 'Заказ',
    accountId: 'c-1',
    terminal: SIMULATOR_CREDENTIALS.terminalId,
    amount,
    currency: 'KZT',
    name: 'Айгерим',
    phone: '77011234567',
    email: 'a@mail.kz',
    cardSave: false,
    data: '{}',
    auth,
  };
  await payWithCard(origin, obj, '4405639704015096');
  await sim.idle();
  return invoiceId;
}

async function status(invoiceId: string) {
  const res = await fetch(`${origin}/check-status/payment/transaction/${invoiceId}`, {
    headers: { authorization: `Bearer ${(await token()).access_token}` },
  });
  return (await res.json()) as { resultCode: string; transaction?: Record<string, unknown> };
}

describe('ePay as it really behaves', () => {
  it('answers 107 «in progress» for the configured number of status calls, then the final answer', async () => {
    const invoiceId = await paidInvoice();
    sim.configure({ inProgressChecks: 2 });
    expect((await status(invoiceId)).resultCode).toBe('107');
    expect((await status(invoiceId)).resultCode).toBe('107');
    const final = await status(invoiceId);
    expect(final.resultCode).toBe('100');
    expect(final.transaction).toMatchObject({ statusName: 'CHARGE' });
  });

  it('reports a payment partly in Halyk bonuses: amount the card part, amountBonus, payoutAmount', async () => {
    sim.configure({ bonusAmount: 2000 });
    const invoiceId = await paidInvoice(15990);
    expect((await status(invoiceId)).transaction).toMatchObject({
      amount: 13990,
      amountBonus: 2000,
      payoutAmount: 15990,
      statusName: 'CHARGE',
    });
    expect(delivered.at(-1)).toMatchObject({ amount: 13990, amountBonus: 2000, code: 'ok' });
  });

  it('shows a refund made in the cabinet as REFUND with a lower payoutAmount; records operations sent', async () => {
    const invoiceId = await paidInvoice(15990);
    sim.refundInCabinet(invoiceId, 990);
    expect((await status(invoiceId)).transaction).toMatchObject({
      statusName: 'REFUND',
      payoutAmount: 15000,
    });
    expect(() => sim.refundInCabinet(invoiceId, 20000)).toThrow(/exceeds/);
    const id = sim.transactions(invoiceId)[0]!.id;
    const before = sim.operations().length;
    const res = await fetch(`${origin}/operation/${id}/refund?amount=500&externalID=x-1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await token()).access_token}` },
    });
    expect(res.status).toBe(200);
    expect(sim.operations().slice(before)).toEqual([
      { op: 'refund', transactionId: id, amount: '500', externalId: 'x-1' },
    ]);
    expect((await status(invoiceId)).transaction).toMatchObject({ payoutAmount: 14500 });
  });
});
