import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKaspiSimulator, DEFAULT_CREDENTIALS, type KaspiSimulator } from './kaspi.simulator.ts';

// The Kaspi Pay simulator speaks the reconstructed protocol of kaspi.md A, checked over real HTTP on loopback.
// The shop's adapter is checked against it in apps/api (modules/kaspi/kaspi.client.test.ts).

let sim: KaspiSimulator;
let now = new Date('2026-06-01T08:00:00Z');
const BIN = DEFAULT_CREDENTIALS.organizationBin;

beforeAll(async () => {
  sim = createKaspiSimulator({ now: () => now });
  await sim.listen();
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  now = new Date('2026-06-01T08:00:00Z');
  sim.configure({ fault: 'none', delayMs: 0, partialReturnRefused: false, loseReturnAnswers: false });
});

/** A call as the shop makes it; `headers` replace the default ones. */
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sim.apiUrl}/${path}`, {
    method,
    headers: {
      'Api-Key': DEFAULT_CREDENTIALS.apiKey,
      'X-Request-ID': randomUUID(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

let deviceSeq = 0;
async function device(): Promise<string> {
  const r = await call('POST', 'device/register', { DeviceId: `kiim-${++deviceSeq}`, TradePointId: 1001 });
  expect(r.body.StatusCode).toBe(0);
  return r.body.Data.DeviceToken;
}

async function qr(amount = 15990, externalId = `ord-${randomUUID()}`) {
  const r = await call('POST', 'qr/create', {
    DeviceToken: await device(),
    Amount: amount,
    ExternalId: externalId,
  });
  expect(r.body.StatusCode, JSON.stringify(r.body)).toBe(0);
  return r.body.Data as {
    QrPaymentId: number;
    QrToken: string;
    QrPaymentBehaviorOptions: Record<string, number>;
  };
}
const status = async (id: number) => (await call('GET', `payment/status/${id}`)).body.Data.Status;

describe('Kaspi Pay simulator', () => {
  it('refuses calls without the Api-Key or a UUID X-Request-ID, and unknown fields', async () => {
    expect((await call('GET', 'partner/tradepoints', undefined, { 'Api-Key': 'wrong' })).status).toBe(401);
    expect((await call('GET', 'partner/tradepoints', undefined, { 'X-Request-ID': '42' })).status).toBe(400);
    const extra = await call('POST', 'device/register', { DeviceId: 'x', TradePointId: 1001, Extra: 1 });
    expect(extra.status).toBe(400);
    const typed = await call('POST', 'qr/create', { DeviceToken: 't', Amount: '100', ExternalId: 'a' });
    expect(typed.body).toMatchObject({ StatusCode: -1 });
  });

  it('registers a device once, with known trade points only', async () => {
    expect(
      (await call('POST', 'device/register', { DeviceId: 'dup', TradePointId: 1001 })).body.StatusCode,
    ).toBe(0);
    expect(
      (await call('POST', 'device/register', { DeviceId: 'dup', TradePointId: 1001 })).body.StatusCode,
    ).toBe(-1503);
    const unknown = await call('POST', 'device/register', { DeviceId: 'tp', TradePointId: 9 });
    expect(unknown.body.StatusCode).toBe(-99000002);
    const qrUnknownDevice = await call('POST', 'qr/create', {
      DeviceToken: 'nope',
      Amount: 10,
      ExternalId: 'a',
    });
    expect(qrUnknownDevice.body.StatusCode).toBe(-1501);
  });

  it('a QR goes QrTokenCreated → Wait → Processed through the emulator, with the behaviour options', async () => {
    const p = await qr();
    expect(p.QrPaymentBehaviorOptions).toEqual({
      StatusPollingInterval: 5,
      QrCodeScanWaitTimeout: 180,
      PaymentConfirmationTimeout: 65,
    });
    expect(await status(p.QrPaymentId)).toBe('QrTokenCreated');
    expect((await call('POST', 'test/payment/scan', { qrPaymentId: p.QrPaymentId })).body.StatusCode).toBe(0);
    expect(await status(p.QrPaymentId)).toBe('Wait');
    expect((await call('POST', 'test/payment/confirm', { qrPaymentId: p.QrPaymentId })).body.StatusCode).toBe(
      0,
    );
    const s = await call('GET', `payment/status/${p.QrPaymentId}`);
    expect(s.body.Data).toMatchObject({ Status: 'Processed', Amount: 15990 });
    expect(s.body.Data.TransactionId).toMatch(/^\d+$/);
    // A confirmed payment cannot be confirmed again.
    expect(
      (await call('POST', 'test/payment/confirm', { qrPaymentId: p.QrPaymentId })).body.StatusCode,
    ).not.toBe(0);
  });

  it('scan and confirm errors end in Error; timeouts end in Expired', async () => {
    const a = await qr();
    await call('POST', 'test/payment/scanerror', { qrPaymentId: a.QrPaymentId });
    expect(await status(a.QrPaymentId)).toBe('Error');
    const b = await qr();
    await call('POST', 'test/payment/scan', { qrPaymentId: b.QrPaymentId });
    await call('POST', 'test/payment/confirmerror', { qrPaymentId: b.QrPaymentId });
    expect(await status(b.QrPaymentId)).toBe('Error');
    const c = await qr();
    now = new Date(now.getTime() + 180_000);
    expect(await status(c.QrPaymentId)).toBe('Expired');
    const d = await qr();
    await call('POST', 'test/payment/scan', { qrPaymentId: d.QrPaymentId });
    now = new Date(now.getTime() + 64_000);
    expect(await status(d.QrPaymentId)).toBe('Wait');
    now = new Date(now.getTime() + 1_000);
    expect(await status(d.QrPaymentId)).toBe('Expired');
  });

  it('a payment link and a remote invoice by phone', async () => {
    const token = await device();
    const link = await call('POST', 'qr/create-link', { DeviceToken: token, Amount: 500, ExternalId: 'l1' });
    expect(link.body.Data.PaymentLink).toMatch(/^https:\/\//);
    expect(link.body.Data.PaymentBehaviorOptions.LinkActivationWaitTimeout).toBe(180);
    const bad = await call('POST', 'remote/create', {
      OrganizationBin: BIN,
      Amount: 500,
      PhoneNumber: '+77011234567',
      DeviceToken: token,
    });
    expect(bad.status).toBe(400);
    const remote = await call('POST', 'remote/create', {
      OrganizationBin: BIN,
      Amount: 500,
      PhoneNumber: '77011234567',
      DeviceToken: token,
      Comment: 'Заказ 100001',
    });
    const id = remote.body.Data.QrPaymentId as number;
    expect(await status(id)).toBe('RemotePaymentCreated');
    await call('POST', 'test/payment/confirm', { qrPaymentId: id });
    expect(await status(id)).toBe('Processed');
  });

  it('returns in parts up to what was paid; refuses more, and partial returns when configured', async () => {
    const p = await qr(10_000);
    const payment = sim.payments().find((x) => x.id === p.QrPaymentId)!;
    const ret = (Amount: number) =>
      call('POST', 'payment/return', {
        DeviceToken: payment.deviceToken,
        QrPaymentId: p.QrPaymentId,
        Amount,
      });
    expect((await ret(100)).body.StatusCode).toBe(-99000011);
    sim.emulate(p.QrPaymentId, 'scan');
    sim.emulate(p.QrPaymentId, 'confirm');
    expect((await ret(4_000)).body).toMatchObject({
      StatusCode: 0,
      Data: { ReturnOperationId: expect.any(Number) },
    });
    expect((await ret(7_000)).body.StatusCode).toBe(-99000005);
    sim.configure({ partialReturnRefused: true });
    expect((await ret(1_000)).body.StatusCode).toBe(-99000020);
    expect((await ret(6_000)).body.StatusCode).toBe(0);
    const details = await call(
      'GET',
      `payment/details?QrPaymentId=${p.QrPaymentId}&DeviceToken=${payment.deviceToken}`,
    );
    expect(details.body.Data).toMatchObject({ TotalAmount: 10_000, AvailableReturnAmount: 0 });
  });

  it('faults on demand: HTTP 500 and -999', async () => {
    sim.configure({ fault: 'http500' });
    expect((await call('GET', 'partner/tradepoints')).status).toBe(500);
    sim.configure({ fault: 'unavailable' });
    expect((await call('GET', 'partner/tradepoints')).body.StatusCode).toBe(-999);
  });
});
