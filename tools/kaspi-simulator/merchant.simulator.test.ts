import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKaspiShopSimulator, type KaspiShopSimulator } from './merchant.simulator.ts';

// The Merchant API v2 simulator (kaspi.md C) over real HTTP on loopback: paging, filters, actions, faults.

let sim: KaspiShopSimulator;
const T0 = Date.parse('2026-06-01T08:00:00Z');

beforeAll(async () => {
  sim = createKaspiShopSimulator({ now: () => new Date(T0) });
  await sim.listen();
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  sim.configure({ fault: 'none', times: 0, changeStateBetweenPages: false });
});

const JSONAPI = 'application/vnd.api+json';

/** JSON when the answer is JSON, else its text. */
function parse(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sim.apiUrl}${path}`, {
    method,
    headers: {
      'X-Auth-Token': sim.token,
      ...(body === undefined ? {} : { 'Content-Type': JSONAPI }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: parse(await res.text()) };
}

const list = (extra = '', ge = T0 - 1000, le = T0 + 1_000_000) =>
  call(
    'GET',
    `/orders?filter[orders][creationDate][$ge]=${ge}&filter[orders][creationDate][$le]=${le}${extra}`,
  );

const act = (o: { id: string; code: string }, attributes: Record<string, unknown>, headers = {}) =>
  call(
    'POST',
    '/orders',
    { data: { type: 'orders', id: o.id, attributes: { code: o.code, ...attributes } } },
    headers,
  );

describe('Kaspi Merchant API simulator', () => {
  it('lists orders by window and state, pages from 0, includes the buyer', async () => {
    const base = T0 + 100_000;
    const made = [0, 1, 2].map((i) =>
      sim.createOrder({
        lines: [{ sku: `SKU-${i}`, quantity: 1, price: 9990 }],
        creationDate: base + i,
        phone: '7771112233',
      }),
    );
    const p0 = await list('&page[number]=0&page[size]=2&include[orders]=user', base, base + 10);
    expect(p0.status).toBe(200);
    expect(p0.body.meta.pageCount).toBe(2);
    expect(p0.body.data.map((d: { id: string }) => d.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(p0.body.data[0].attributes).toMatchObject({
      state: 'NEW',
      status: 'APPROVED_BY_BANK',
      totalPrice: 9990,
    });
    expect(p0.body.included[0].attributes.cellPhone).toBe('7771112233');
    const p1 = await list('&page[number]=1&page[size]=2', base, base + 10);
    expect(p1.body.data.map((d: { id: string }) => d.id)).toEqual([made[2]!.id]);
    expect(p1.body.included).toBeUndefined();
    const archived = await list('&filter[orders][state]=ARCHIVE', base, base + 10);
    expect(archived.body.data).toEqual([]);
    const entries = await call('GET', `/orders/${made[1]!.id}/entries`);
    expect(entries.body.data[0].attributes).toMatchObject({
      quantity: 1,
      basePrice: 9990,
      offer: { code: 'SKU-1' },
    });
  });

  it('refuses a bad token, a page over 100, a missing window and an unknown state', async () => {
    expect(
      (
        await call(
          'GET',
          `/orders?filter[orders][creationDate][$ge]=0&filter[orders][creationDate][$le]=1`,
          undefined,
          { 'X-Auth-Token': 'nope' },
        )
      ).status,
    ).toBe(401);
    expect((await list('&page[size]=101')).status).toBe(400);
    expect((await call('GET', '/orders?page[number]=0')).status).toBe(400);
    expect((await list('&filter[orders][state]=WHATEVER')).status).toBe(400);
    expect((await call('GET', '/orders/nope/entries')).status).toBe(404);
  });

  it('accepts, sends the code, refuses a wrong code and completes with the right one', async () => {
    const o = sim.createOrder({ lines: [{ sku: 'A', quantity: 2, price: 5000 }] });
    expect((await act(o, { status: 'COMPLETED' }, { 'X-Send-Code': 'true' })).status).toBe(400);
    const accepted = await act(o, { status: 'ACCEPTED_BY_MERCHANT' });
    expect(accepted.body.data.attributes).toMatchObject({ status: 'ACCEPTED_BY_MERCHANT', state: 'PICKUP' });
    expect((await act(o, { status: 'ACCEPTED_BY_MERCHANT' })).status).toBe(400);
    expect(
      (await act(o, { status: 'COMPLETED' }, { 'X-Send-Code': 'true', 'X-Security-Code': '' })).status,
    ).toBe(200);
    const code = sim.order(o.id)!.securityCode!;
    expect(code).toMatch(/^\d{4}$/);
    const wrong = code === '1000' ? '1001' : '1000';
    const bad = await act(o, { status: 'COMPLETED' }, { 'X-Send-Code': 'true', 'X-Security-Code': wrong });
    expect(bad.status).toBe(400);
    expect(sim.order(o.id)!.status).toBe('ACCEPTED_BY_MERCHANT');
    const done = await act(o, { status: 'COMPLETED' }, { 'X-Send-Code': 'true', 'X-Security-Code': code });
    expect(done.body.data.attributes).toMatchObject({ status: 'COMPLETED', state: 'ARCHIVE' });
    expect((await act(o, { status: 'CANCELLED', cancellationReason: 'BUYER_NOT_REACHABLE' })).status).toBe(
      400,
    );
    sim.kaspi(o.id, 'return');
    expect(sim.order(o.id)!.status).toBe('RETURNED');
  });

  it('cancels only with one of the three reasons, by id and the matching code', async () => {
    const o = sim.createOrder({ lines: [{ sku: 'B', quantity: 1, price: 100 }] });
    expect((await act(o, { status: 'CANCELLED' })).status).toBe(400);
    expect((await act(o, { status: 'CANCELLED', cancellationReason: 'BECAUSE' })).status).toBe(400);
    expect(
      (
        await act(
          { id: o.id, code: '1' },
          { status: 'CANCELLED', cancellationReason: 'MERCHANT_OUT_OF_STOCK' },
        )
      ).status,
    ).toBe(400);
    expect((await act({ id: '999999', code: o.code }, { status: 'ACCEPTED_BY_MERCHANT' })).status).toBe(404);
    expect((await act(o, { status: 'ASSEMBLE' })).status).toBe(400);
    const plain = await fetch(`${sim.apiUrl}/orders`, {
      method: 'POST',
      headers: { 'X-Auth-Token': sim.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        data: { type: 'orders', id: o.id, attributes: { code: o.code, status: 'ACCEPTED_BY_MERCHANT' } },
      }),
    });
    expect(plain.status).toBe(415);
    const r = await act(o, {
      status: 'CANCELLED',
      cancellationReason: 'MERCHANT_OUT_OF_STOCK',
      cancellationComment: 'нет размера',
    });
    expect(r.body.data.attributes).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'MERCHANT_OUT_OF_STOCK',
    });
    const byKaspi = sim.createOrder({ lines: [{ sku: 'C', quantity: 1, price: 100 }] });
    expect((await fetch(`${sim.url}/test/shop/orders/${byKaspi.id}/cancel`, { method: 'POST' })).status).toBe(
      200,
    );
    expect(sim.order(byKaspi.id)!.status).toBe('CANCELLED');
    expect(() => sim.kaspi(byKaspi.id, 'cancel')).toThrow();
  });

  it('answers faults on demand and recovers after the given number of calls', async () => {
    sim.configure({ fault: 'http500', times: 1 });
    expect((await list()).status).toBe(500);
    expect((await list()).status).toBe(200);
    sim.configure({ fault: 'http401', times: 1 });
    expect((await list()).status).toBe(401);
    sim.configure({ fault: 'malformed', times: 1 });
    const m = await list();
    expect(typeof m.body).toBe('string');
    sim.configure({ fault: 'wrongShape', times: 1 });
    expect(Array.isArray((await list()).body.data)).toBe(false);
    expect((await list()).status).toBe(200);
  });

  it('lets an order leave the list between pages', async () => {
    const base = T0 + 500_000;
    const made = [0, 1, 2].map((i) =>
      sim.createOrder({ lines: [{ sku: 'D', quantity: 1, price: 1 }], creationDate: base + i }),
    );
    sim.configure({ changeStateBetweenPages: true });
    const p0 = await list('&page[size]=2&filter[orders][state]=NEW', base, base + 10);
    expect(p0.body.data.map((d: { id: string }) => d.id)).toEqual([made[0]!.id, made[1]!.id]);
    const p1 = await list('&page[number]=1&page[size]=2&filter[orders][state]=NEW', base, base + 10);
    // The first order was cancelled after page 0, so the third slid onto page 0 and page 1 is empty.
    expect(p1.body.data).toEqual([]);
    expect(sim.order(made[0]!.id)!.status).toBe('CANCELLED');
  });
});
