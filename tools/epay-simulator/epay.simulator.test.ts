import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATOR_CREDENTIALS } from '@kiim/api/config';
import {
  createEpaySimulator,
  encodePayformParams,
  type EpaySimulator,
  type SimulatorEvent,
} from './epay.simulator.ts';
import { payWithCard } from './simulator.browser.ts';

// The ePay simulator speaks ePay's protocol (payments-sms.md §1), checked here over real HTTP on loopback.
// The shop's own Halyk adapter is checked against it in apps/api (payment/halyk.epay.test.ts).

let sim: EpaySimulator;
let origin: string;
const delivered: { url: string; body: Record<string, unknown> }[] = [];
const events: SimulatorEvent[] = [];
let now = new Date('2026-05-01T10:00:00Z');
let dice = 0.5;

beforeAll(async () => {
  sim = createEpaySimulator({
    deliver: async (url, body) => {
      delivered.push({ url, body });
    },
    onEvent: (e) => events.push(e),
    now: () => now,
    random: () => dice,
  });
  origin = await sim.listen();
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  delivered.length = 0;
  events.length = 0;
  now = new Date('2026-05-01T10:00:00Z');
  dice = 0.5;
  sim.configure({
    callbackDelayMs: 0,
    callbackCopies: 1,
    callbackLoss: 0,
    twoStage: false,
    statusUnavailable: false,
    down: false,
  });
});

const creds = {
  grant_type: 'client_credentials',
  client_id: SIMULATOR_CREDENTIALS.clientId,
  client_secret: SIMULATOR_CREDENTIALS.clientSecret,
  terminal: SIMULATOR_CREDENTIALS.terminalId,
  scope: 'webapi usermanagement email_send verification statement statistics payment',
};
let invoiceSeq = 300000;
const nextInvoice = () => String(++invoiceSeq);

async function token(fields: Record<string, string | undefined>) {
  const body = new URLSearchParams(
    Object.entries({ ...creds, ...fields }).filter(([, v]) => v !== undefined) as [string, string][],
  );
  const res = await fetch(`${origin}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string> };
}

const paymentToken = (invoiceId: string, amount = 15990) =>
  token({
    scope: 'payment',
    invoiceID: invoiceId,
    amount: String(amount),
    currency: 'KZT',
    secret_hash: 'secret-' + invoiceId,
    postLink: 'http://shop.test/api/payment/halyk/response',
    failurePostLink: 'http://shop.test/api/payment/halyk/response',
  });

/** A payment object as the shop makes it. */
const paymentObject = (invoiceId: string, auth: object, amount = 15990) => ({
  invoiceId,
  backLink: 'http://shop.test/ok',
  failureBackLink: 'http://shop.test/fail',
  postLink: 'http://shop.test/api/payment/halyk/response',
  failurePostLink: 'http://shop.test/api/payment/halyk/response',
  language: 'RU',
  description: `Оплата заказа № ${invoiceId}`,
  accountId: 'customer-1',
  terminal: SIMULATOR_CREDENTIALS.terminalId,
  amount,
  currency: 'KZT',
  name: 'Айгерим',
  phone: '77011234567',
  email: 'a@mail.kz',
  cardSave: false,
  data: '{}',
  auth,
});

const pay = (obj: object, card: string, extra: Record<string, string> = {}) =>
  payWithCard(origin, obj, card, extra);

async function status(invoiceId: string, bearer?: string) {
  const t = bearer ?? (await token({})).json.access_token;
  const res = await fetch(`${origin}/check-status/payment/transaction/${invoiceId}`, {
    headers: { authorization: `Bearer ${t}` },
  });
  return {
    status: res.status,
    json: (await res.json()) as { resultCode: string; transaction?: Record<string, unknown> },
  };
}

/** An operation as ePay documents it: a charge amount in a JSON body, a refund amount in the query string. */
async function operation(
  id: string,
  op: string,
  amount?: number,
  externalID?: string,
  inBody = op !== 'refund',
) {
  const t = (await token({})).json.access_token;
  const query = new URLSearchParams();
  if (amount !== undefined && !inBody) query.set('amount', String(amount));
  if (externalID) query.set('externalID', externalID);
  const res = await fetch(`${origin}/operation/${id}/${op}?${query.toString()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
    body: JSON.stringify(amount === undefined || !inBody ? {} : { amount }),
  });
  return { status: res.status, json: (await res.json()) as { code: number; message: string } };
}

describe('token endpoint', () => {
  it('issues a payment token bound to an invoice, and an API token without one', async () => {
    const r = await paymentToken(nextInvoice());
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      expires_in: '1200',
      scope: 'payment',
      token_type: 'Bearer',
    });
    expect(r.json.access_token!.length).toBeGreaterThan(20);
    expect(r.json).not.toHaveProperty('refresh_token');
    expect((await token({})).status).toBe(200);
  });

  it.each([
    ['a wrong grant type', { grant_type: 'password' }, 400],
    ['wrong credentials', { client_secret: 'nope' }, 401],
    ['another terminal', { terminal: '00000000-0000-0000-0000-000000000000' }, 400],
    ['a scope without payment', { scope: 'webapi' }, 400],
    [
      'an invoiceID with letters',
      { scope: 'payment', invoiceID: 'KIIM123456', amount: '100', currency: 'KZT', secret_hash: 's' },
      400,
    ],
    [
      'a 5-digit invoiceID',
      { scope: 'payment', invoiceID: '12345', amount: '100', currency: 'KZT', secret_hash: 's' },
      400,
    ],
    [
      'a 16-digit invoiceID',
      { scope: 'payment', invoiceID: '1234567890123456', amount: '100', currency: 'KZT', secret_hash: 's' },
      400,
    ],
    [
      'another currency',
      { scope: 'payment', invoiceID: '777777', amount: '100', currency: 'USD', secret_hash: 's' },
      400,
    ],
    ['no amount', { scope: 'payment', invoiceID: '777778', currency: 'KZT', secret_hash: 's' }, 400],
    ['no secret_hash', { scope: 'payment', invoiceID: '777779', amount: '100', currency: 'KZT' }, 400],
  ])('refuses %s', async (_name, fields, code) => {
    expect((await token(fields)).status).toBe(code);
  });

  it('requires the last 6 digits of long invoiceIDs to be unique', async () => {
    expect((await paymentToken('1555111')).status).toBe(200);
    const clash = await paymentToken('2555111');
    expect(clash.status).toBe(400);
    expect(clash.json.message).toMatch(/last 6 digits/);
  });
});

describe('payment-api.js and the payment page', () => {
  it('serves halyk.pay and halyk.showPaymentWidget pointing at the simulator', async () => {
    const res = await fetch(`${origin}/payform/payment-api.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const js = await res.text();
    expect(js).toContain(JSON.stringify(origin));
    expect(js).toContain('window.halyk = { pay: pay, showPaymentWidget: showPaymentWidget }');
    expect(() => new Function(js)).not.toThrow();
  });

  it('shows the amount and the card form for a valid session, and refuses expired or altered ones', async () => {
    const invoiceId = nextInvoice();
    const auth = (await paymentToken(invoiceId)).json;
    const ok = await fetch(
      `${origin}/payform/?params=${encodePayformParams(paymentObject(invoiceId, auth))}`,
    );
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('Номер карты');
    expect(html).toMatch(/15\s990\s₸/);
    // The test cards, so whoever tests the shop knows what to type and what each gives.
    expect(html).toContain('<h2 id="cards-title">Тестовые карты</h2>');
    expect(html).toContain('<tr><td><code>4405 6397 0401 5096</code></td><td>Оплата пройдёт</td></tr>');
    expect(html).toContain(
      '<tr><td><code>5578 3427 1075 0560</code></td><td>Отказ: недостаточно средств на карте</td></tr>',
    );
    const altered = await fetch(
      `${origin}/payform/?params=${encodePayformParams(paymentObject(invoiceId, auth, 1))}`,
    );
    expect(altered.status).toBe(400);
    expect(await altered.text()).toContain('Данные платежа не совпадают');
    now = new Date(now.getTime() + 1201_000);
    const expired = await fetch(
      `${origin}/payform/?params=${encodePayformParams(paymentObject(invoiceId, auth))}`,
    );
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('Время на оплату истекло');
    expect((await fetch(`${origin}/payform/?params=garbage`)).status).toBe(400);
  });
});

describe('paying with the sandbox cards', () => {
  it('approves 4405 6397 0401 5096: back to backLink, callback to postLink with the echoed secret', async () => {
    const invoiceId = nextInvoice();
    const auth = (await paymentToken(invoiceId)).json;
    const r = await pay(paymentObject(invoiceId, auth), '4405 6397 0401 5096');
    expect(r.status).toBe(303);
    expect(r.location).toBe('http://shop.test/ok');
    await sim.idle();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.url).toBe('http://shop.test/api/payment/halyk/response');
    expect(delivered[0]!.body).toMatchObject({
      invoiceId,
      amount: 15990,
      currency: 'KZT',
      code: 'ok',
      secret_hash: 'secret-' + invoiceId,
      cardMask: '440563...5096',
      cardType: 'VISA',
      reasonCode: '00',
    });
    expect(delivered[0]!.body.id).toBe(sim.transactions(invoiceId)[0]!.id);
    const st = await status(invoiceId);
    expect(st.json.resultCode).toBe('100');
    expect(st.json.transaction).toMatchObject({
      invoiceID: invoiceId,
      amount: 15990,
      currency: 'KZT',
      statusName: 'CHARGE',
      cardMask: '440563...5096',
    });
    // The session is used up, and the paid invoice takes no new token.
    expect((await pay(paymentObject(invoiceId, auth), '4405639704015096')).status).toBe(400);
    expect((await paymentToken(invoiceId)).json.message).toBe('invoice already paid');
  });

  it.each([
    ['4003 0327 0454 7597', 'REJECT', '05'],
    ['5578 3427 1075 0560', 'FAILED', '51'],
    ['4111 1111 1111 1111', 'FAILED', '14'],
  ])(
    'declines %s: back to failureBackLink, callback with code error',
    async (card, statusName, reasonCode) => {
      const invoiceId = nextInvoice();
      const r = await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), card);
      expect(r.location).toBe('http://shop.test/fail');
      await sim.idle();
      expect(delivered[0]!.body).toMatchObject({ code: 'error', reasonCode });
      const st = await status(invoiceId);
      expect(st.json.resultCode).toBe('101');
      expect(st.json.transaction!.statusName).toBe(statusName);
      // A new attempt on the same invoice is allowed after a decline.
      expect((await paymentToken(invoiceId)).status).toBe(200);
    },
  );

  it.each([
    ['a number failing the Luhn check', { cardNumber: '4405 6397 0401 5097' }, 'Проверьте номер карты'],
    ['an expired card', { expiry: '01/20' }, 'Срок действия карты истёк'],
    ['a malformed expiry', { expiry: '13/30' }, 'Укажите срок действия в формате ММ/ГГ'],
    ['a missing CVC', { cvc: '' }, 'Укажите три цифры CVC/CVV с обратной стороны карты'],
  ] as [string, Record<string, string>, string][])(
    'keeps the form open with a message for %s',
    async (_name, extra, message) => {
      const invoiceId = nextInvoice();
      const r = await pay(
        paymentObject(invoiceId, (await paymentToken(invoiceId)).json),
        extra.cardNumber ?? '4405639704015096',
        extra,
      );
      expect(r.status).toBe(422);
      expect(r.html).toContain(message);
      expect(sim.transactions(invoiceId)).toEqual([]);
    },
  );

  it('in the widget, reports the result to the opening page instead of redirecting', async () => {
    const invoiceId = nextInvoice();
    const r = await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '5522042705066736', {
      widget: '1',
    });
    expect(r.status).toBe(200);
    expect(r.html).toContain('parent.postMessage({ success: true }');
  });
});

describe('callbacks: delay, duplicates and loss', () => {
  it('posts the configured number of copies', async () => {
    sim.configure({ callbackCopies: 3 });
    const invoiceId = nextInvoice();
    await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '4405639704015096');
    await sim.idle();
    expect(delivered).toHaveLength(3);
    expect(new Set(delivered.map((d) => JSON.stringify(d.body))).size).toBe(1);
  });

  it('loses callbacks at the configured rate', async () => {
    sim.configure({ callbackLoss: 0.6 });
    dice = 0.5;
    const invoiceId = nextInvoice();
    await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '4405639704015096');
    await sim.idle();
    expect(delivered).toHaveLength(0);
    expect(events).toContainEqual({
      type: 'callback-lost',
      url: 'http://shop.test/api/payment/halyk/response',
      invoiceId,
    });
  });

  it('waits the configured delay before posting', async () => {
    sim.configure({ callbackDelayMs: 50 });
    const invoiceId = nextInvoice();
    await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '4405639704015096');
    expect(delivered).toHaveLength(0);
    await sim.idle();
    expect(delivered).toHaveLength(1);
  });
});

describe('status API and operations', () => {
  it('answers 102 for an invoice without payments, 107 when busy, 401 without an API token', async () => {
    expect((await status('918273')).json.resultCode).toBe('102');
    sim.configure({ statusUnavailable: true });
    expect((await status('918273')).json.resultCode).toBe('107');
    sim.configure({ statusUnavailable: false });
    const invoiceId = nextInvoice();
    const paymentOnly = (await paymentToken(invoiceId)).json.access_token!;
    expect((await status(invoiceId, paymentOnly)).status).toBe(401);
    expect((await status(invoiceId, 'nope')).status).toBe(401);
  });

  it('two-stage: AUTH → partial charge → refunds of at least 10 KZT, never beyond the charge', async () => {
    sim.configure({ twoStage: true });
    const invoiceId = nextInvoice();
    await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '4405639704015096');
    const id = sim.transactions(invoiceId)[0]!.id;
    expect((await status(invoiceId)).json.transaction!.statusName).toBe('AUTH');
    expect((await operation(id, 'refund')).status).toBe(400);
    expect((await operation(id, 'charge', 20000)).status).toBe(400);
    expect((await operation(id, 'charge', 15000)).status).toBe(200);
    expect((await operation(id, 'charge')).status).toBe(400);
    expect((await operation(id, 'cancel')).status).toBe(400);
    expect((await operation(id, 'refund', 5)).json.message).toBe('refund amount must be at least 10 KZT');
    expect((await operation(id, 'refund', 5000)).status).toBe(200);
    expect((await operation(id, 'refund', 10001)).json.message).toBe(
      'refund amount exceeds the charged amount',
    );
    expect((await operation(id, 'refund')).status).toBe(200);
    expect(sim.transactions(invoiceId)[0]).toMatchObject({
      statusName: 'REFUND',
      chargedAmount: 15000,
      refundedAmount: 15000,
    });
    expect((await operation('no-such-id', 'charge')).json).toMatchObject({ code: 100 });
  });

  it('a refund reads its amount only from the query string: an amount in a body refunds everything', async () => {
    const invoiceId = nextInvoice();
    await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '4405639704015096');
    const id = sim.transactions(invoiceId)[0]!.id;
    expect((await operation(id, 'refund', 300, 'r-body', true)).status).toBe(200);
    expect(sim.transactions(invoiceId)[0]).toMatchObject({ statusName: 'REFUND', refundedAmount: 15990 });
  });

  it('a refund repeated with the same externalID is answered without refunding again', async () => {
    const invoiceId = nextInvoice();
    await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '4405639704015096');
    const id = sim.transactions(invoiceId)[0]!.id;
    expect((await operation(id, 'refund', 300, 'r-once')).status).toBe(200);
    expect((await operation(id, 'refund', 300, 'r-once')).status).toBe(200);
    expect(sim.transactions(invoiceId)[0]!.refundedAmount).toBe(300);
    expect((await operation(id, 'refund', 300, 'r-twice')).status).toBe(200);
    expect(sim.transactions(invoiceId)[0]!.refundedAmount).toBe(600);
  });

  it('two-stage: a hold can be cancelled', async () => {
    sim.configure({ twoStage: true });
    const invoiceId = nextInvoice();
    await pay(paymentObject(invoiceId, (await paymentToken(invoiceId)).json), '4405639704015096');
    const id = sim.transactions(invoiceId)[0]!.id;
    expect((await operation(id, 'cancel')).status).toBe(200);
    expect((await status(invoiceId)).json.transaction!.statusName).toBe('CANCEL');
  });
});
