import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient, type KaspiPayment, type KaspiStartBody, type Order } from '@kiim/contract';
import { fromPhone, loadKaspi, startKaspi } from './kaspi.server.ts';

// The storefront's side of Kaspi Pay (issue 33): which way a payment starts, how a typed phone reaches the API,
// and refusals shown as messages, never as a broken page.

const payment = (over: Partial<KaspiPayment> = {}): KaspiPayment => ({
  orderNumber: '100001',
  orderStatus: 'awaiting_payment',
  amount: 15990,
  state: 'none',
  kind: null,
  qrSvg: null,
  paymentLink: null,
  expiresAt: null,
  orderExpiresAt: null,
  pollSeconds: 5,
  remoteInvoice: true,
  ...over,
});

/** An API whose Kaspi calls are recorded; `startFails` makes kaspiStart refuse like Kaspi being down. */
function fakeApi(state: KaspiPayment['state'], startFails = false) {
  const started: KaspiStartBody[] = [];
  const api = {
    kaspiStatus: async () => payment({ state }),
    kaspiStart: async (body: KaspiStartBody) => {
      if (startFails) throw new ApiError(502, { code: 4020, message: 'Kaspi сейчас не отвечает' } as never);
      started.push(body);
      return payment({ state: 'waiting', kind: body.kind });
    },
  } as unknown as ApiClient;
  return { api, started };
}

const order = { number: '100001', paymentId: 4, status: 'awaiting_payment' } as Order;
const request = (ua: string, mobileHint?: string) =>
  new Request('http://shop.test/Cart/thankyou', {
    headers: { 'user-agent': ua, ...(mobileHint ? { 'sec-ch-ua-mobile': mobileHint } : {}) },
  });
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const t = ((key: string) => key) as never;

describe('Kaspi Pay on the storefront (issue 33)', () => {
  it('tells a phone from a computer by Client Hints or the user agent', () => {
    expect(fromPhone(request(IPHONE))).toBe(true);
    expect(fromPhone(request(DESKTOP, '?1'))).toBe(true);
    expect(fromPhone(request(DESKTOP))).toBe(false);
    expect(fromPhone(request(DESKTOP, '?0'))).toBe(false);
  });

  it('starts a QR on a computer and the app link on a phone, only from checkout and only when none started', async () => {
    const desk = fakeApi('none');
    expect((await loadKaspi(desk.api, order, request(DESKTOP), true))?.kaspi?.kind).toBe('qr');
    const phone = fakeApi('none');
    expect(await loadKaspi(phone.api, order, request(IPHONE), true)).toMatchObject({ phone: true });
    expect(phone.started).toEqual([{ orderNumber: '100001', kind: 'link' }]);
    const later = fakeApi('none');
    expect((await loadKaspi(later.api, order, request(DESKTOP), false))?.kaspi?.state).toBe('none');
    const expired = fakeApi('expired');
    await loadKaspi(expired.api, order, request(DESKTOP), true);
    expect([...later.started, ...expired.started]).toEqual([]);
    expect(await loadKaspi(desk.api, { ...order, paymentId: 3 }, request(DESKTOP), true)).toBeNull();
  });

  it('keeps the page when Kaspi is down: the state read, the refusal as a message', async () => {
    const { api } = fakeApi('none', true);
    expect(await loadKaspi(api, order, request(DESKTOP), true)).toEqual({
      kaspi: payment({ state: 'none' }),
      kaspiError: 'Kaspi сейчас не отвечает',
      phone: false,
    });
  });

  it('sends a typed phone as 7XXXXXXXXXX and refuses a wrong one or an unknown kind before the API', async () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const { api, started } = fakeApi('expired');
    for (const typed of ['+7 701 234 56 78', '8 (701) 234-56-78', '7012345678'])
      expect(await startKaspi(api, '100001', form({ kind: 'remote', phone: typed }), t)).toHaveProperty(
        'kaspi',
      );
    expect(started.map((s) => s.phone)).toEqual(['77012345678', '77012345678', '77012345678']);
    expect(await startKaspi(api, '100001', form({ kind: 'remote', phone: '12345' }), t)).toEqual({
      kaspiError: 'pay.kaspi.badPhone',
    });
    expect(await startKaspi(api, '100001', form({ kind: 'card' }), t)).toEqual({
      kaspiError: 'pay.kaspi.badRequest',
    });
    expect(started).toHaveLength(3);
  });
});
