import { afterEach, describe, expect, it } from 'vitest';
import {
  CDEK_TEST_ACCOUNT,
  createCdekSimulator,
  type CdekSimulator,
  type CdekSimulatorOptions,
} from './cdek.simulator.ts';

type Hook = {
  url: string;
  body: { uuid: string; attributes: { code: string; cdek_number: string; number: string } };
};

let sim: CdekSimulator;
let hooks: Hook[];

async function start(options: CdekSimulatorOptions = {}) {
  hooks = [];
  sim = createCdekSimulator({
    validationDelayMs: 0,
    deliver: async (url, body) => {
      hooks.push({ url, body: body as Hook['body'] });
      return 200;
    },
    ...options,
  });
  await sim.app.ready();
  const res = await sim.app.inject({
    method: 'POST',
    url: '/v2/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=client_credentials&client_id=${CDEK_TEST_ACCOUNT.clientId}&client_secret=${CDEK_TEST_ACCOUNT.clientSecret}`,
  });
  expect(res.statusCode).toBe(200);
  return `Bearer ${res.json().access_token}`;
}

const api = (auth: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  sim.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });

const order = (over: Record<string, unknown> = {}) => ({
  type: 1,
  number: '100123',
  tariff_code: 136,
  shipment_point: 'ALA1',
  delivery_point: 'KOK1',
  recipient: { name: 'Айгерим', phones: [{ number: '+77011234567' }] },
  packages: [
    {
      number: '1',
      weight: 700,
      length: 30,
      width: 20,
      height: 5,
      items: [
        {
          name: 'Платье',
          ware_key: 'SKU-1001-M',
          payment: { value: 0 },
          cost: 12990,
          weight: 700,
          amount: 1,
        },
      ],
    },
  ],
  ...over,
});

afterEach(async () => {
  await sim.close();
});

describe('CDEK simulator: OAuth', () => {
  it('refuses wrong credentials, missing tokens and expired ones', async () => {
    let now = new Date('2026-12-01T10:00:00Z');
    const auth = await start({ now: () => now, tokenTtlSeconds: 3600 });
    const bad = await sim.app.inject({
      method: 'POST',
      url: '/v2/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=login&client_secret=password',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('invalid_client');
    const none = await sim.app.inject({ method: 'GET', url: '/v2/location/cities' });
    expect(none.json().requests[0].errors[0].code).toBe('v2_authorization_incorrect');
    expect((await api(auth, 'GET', '/v2/location/cities')).statusCode).toBe(200);
    now = new Date('2026-12-01T11:00:01Z');
    const expired = await api(auth, 'GET', '/v2/location/cities');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().requests[0].errors[0].code).toBe('v2_token_expired');
  });

  it('answers v2_token_expired on demand even for a fresh token', async () => {
    const auth = await start({ expireTokens: 1 });
    expect((await api(auth, 'GET', '/v2/location/cities')).statusCode).toBe(401);
    expect((await api(auth, 'GET', '/v2/location/cities')).statusCode).toBe(200);
  });
});

describe('CDEK simulator: locations and points', () => {
  it('suggests Kazakh cities typed in Russian or Kazakh', async () => {
    const auth = await start();
    const ru = (
      await api(auth, 'GET', `/v2/location/suggest/cities?name=${encodeURIComponent('кокш')}&country_code=KZ`)
    ).json();
    const kk = (
      await api(auth, 'GET', `/v2/location/suggest/cities?name=${encodeURIComponent('Көкш')}`)
    ).json();
    expect(ru.map((c: { code: number }) => c.code)).toEqual([5166]);
    expect(kk).toEqual(ru);
    const byCode = (await api(auth, 'GET', '/v2/location/cities?country_codes=KZ&code=12227')).json();
    expect(byCode).toMatchObject([{ code: 12227, city: 'Туркестан', country_code: 'KZ' }]);
    expect((await api(auth, 'GET', '/v2/location/cities?city_name=x')).statusCode).toBe(400);
  });

  it('lists points with hours and coordinates, and an empty list on demand', async () => {
    const auth = await start();
    const points = (await api(auth, 'GET', '/v2/deliverypoints?country_code=KZ&city_code=5166')).json();
    expect(points.map((p: { code: string; type: string }) => `${p.code}:${p.type}`)).toEqual([
      'KOK1:PVZ',
      'KOK2:POSTAMAT',
    ]);
    expect(points[0]).toMatchObject({
      work_time: expect.any(String),
      location: { latitude: expect.any(Number) },
    });
    sim.configure({ emptyDeliveryPoints: true });
    expect((await api(auth, 'GET', '/v2/deliverypoints?city_code=5166')).json()).toEqual([]);
  });
});

describe('CDEK simulator: calculator', () => {
  const route = {
    from_location: { code: 4756 },
    to_location: { code: 5166 },
    packages: [{ weight: 700, length: 30, width: 20, height: 5 }],
  };

  it('answers tariffs with prices in tenge and periods, the same every time', async () => {
    const auth = await start();
    const a = (await api(auth, 'POST', '/v2/calculator/tarifflist', route)).json();
    const b = (await api(auth, 'POST', '/v2/calculator/tarifflist', route)).json();
    expect(a).toEqual(b);
    const t136 = a.tariff_codes.find((t: { tariff_code: number }) => t.tariff_code === 136);
    expect(t136).toMatchObject({ delivery_mode: 4, delivery_sum: expect.any(Number) });
    expect(t136.period_max).toBeGreaterThanOrEqual(t136.period_min);
    const one = (await api(auth, 'POST', '/v2/calculator/tariff', { ...route, tariff_code: 136 })).json();
    expect(one).toMatchObject({ delivery_sum: t136.delivery_sum, currency: 'KZT', weight_calc: 1000 });
  });

  it('refuses unknown fields and places, and fails with 500 on demand', async () => {
    const auth = await start();
    expect((await api(auth, 'POST', '/v2/calculator/tarifflist', { ...route, weight: 1 })).statusCode).toBe(
      400,
    );
    const nowhere = await api(auth, 'POST', '/v2/calculator/tarifflist', {
      ...route,
      to_location: { code: 1 },
    });
    expect(nowhere.json().requests[0].errors[0].code).toBe('v2_recipient_location_not_recognized');
    sim.configure({ calculatorFails: true });
    expect((await api(auth, 'POST', '/v2/calculator/tarifflist', route)).statusCode).toBe(500);
  });
});

describe('CDEK simulator: orders', () => {
  it('accepts with 202, validates later, assigns cdek_number and sends webhooks along a path', async () => {
    const auth = await start();
    await api(auth, 'POST', '/v2/webhooks', { url: 'http://127.0.0.1:9/hook', type: 'ORDER_STATUS' });
    const created = await api(auth, 'POST', '/v2/orders', order());
    expect(created.statusCode).toBe(202);
    expect(created.json().requests[0].state).toBe('ACCEPTED');
    const uuid = created.json().entity.uuid;
    await sim.idle();
    const read = (await api(auth, 'GET', `/v2/orders/${uuid}`)).json();
    expect(read.requests[0].state).toBe('SUCCESSFUL');
    expect(read.entity.cdek_number).toMatch(/^\d+$/);
    expect((await api(auth, 'GET', '/v2/orders?im_number=100123')).json().entity.uuid).toBe(uuid);
    await sim.advance(uuid, 'delivered');
    expect(hooks.map((h) => h.body.attributes.code)).toEqual([
      'CREATED',
      'RECEIVED_AT_SHIPMENT_WAREHOUSE',
      'SENT_TO_RECIPIENT_CITY',
      'ACCEPTED_IN_RECIPIENT_CITY',
      'ACCEPTED_AT_PICK_UP_POINT',
      'DELIVERED',
    ]);
    expect(hooks[0]!.body).toMatchObject({ type: 'ORDER_STATUS', uuid, attributes: { number: '100123' } });
    expect((await api(auth, 'DELETE', `/v2/orders/${uuid}`)).json().requests[0].errors[0].code).toBe(
      'v2_update_forbidden',
    );
  });

  it('accepts a repeated number with a new uuid, as CDEK does', async () => {
    const auth = await start();
    const a = (await api(auth, 'POST', '/v2/orders', order())).json().entity.uuid;
    const b = (await api(auth, 'POST', '/v2/orders', order())).json().entity.uuid;
    expect(a).not.toBe(b);
    expect(sim.countByNumber('100123')).toBe(2);
  });

  it('refuses a point and an address together, and wrong types, at once', async () => {
    const auth = await start();
    const both = await api(
      auth,
      'POST',
      '/v2/orders',
      order({ to_location: { code: 5166, address: 'ул. Абая, 1' } }),
    );
    expect(both.json().requests[0].errors[0].code).toBe('v2_delivery_address_multivalued');
    expect((await api(auth, 'POST', '/v2/orders', order({ tariff_code: '136' }))).statusCode).toBe(400);
    expect((await api(auth, 'POST', '/v2/orders', order({ recipient: { name: 'A' } }))).statusCode).toBe(400);
  });

  it('turns a postamat order with two packages INVALID after its 202, with the reason in Russian', async () => {
    const auth = await start();
    const o = order({ tariff_code: 368, delivery_point: 'KOK2' });
    const two = { ...o, packages: [o.packages[0], { ...o.packages[0], number: '2' }] };
    const res = await api(auth, 'POST', '/v2/orders', two);
    expect(res.statusCode).toBe(202);
    await sim.idle();
    const read = (await api(auth, 'GET', `/v2/orders/${res.json().entity.uuid}`)).json();
    expect(read.requests[0]).toMatchObject({
      state: 'INVALID',
      errors: [{ code: 'error_validate_postamat_package_count' }],
    });
    expect(read.entity.cdek_number).toBeUndefined();
  });

  it('repeats, loses and reverses webhooks on demand', async () => {
    const auth = await start({ webhookCopies: 2, webhooksReversed: true });
    await api(auth, 'POST', '/v2/webhooks', { url: 'http://127.0.0.1:9/hook', type: 'ORDER_STATUS' });
    await api(auth, 'POST', '/v2/orders', order());
    await sim.idle();
    hooks.length = 0;
    await sim.advance('100123', ['RECEIVED_AT_SHIPMENT_WAREHOUSE', 'DELIVERED']);
    expect(hooks.map((h) => h.body.attributes.code)).toEqual([
      'DELIVERED',
      'DELIVERED',
      'RECEIVED_AT_SHIPMENT_WAREHOUSE',
      'RECEIVED_AT_SHIPMENT_WAREHOUSE',
    ]);
    sim.configure({ webhookLoss: 1 });
    hooks.length = 0;
    await sim.advance('100123', ['RETURNED_TO_SENDER_CITY_WAREHOUSE']);
    expect(hooks).toEqual([]);
  });
});

describe('CDEK simulator: print forms and slowness', () => {
  it('makes a real PDF once the form is READY', async () => {
    const auth = await start();
    const uuid = (await api(auth, 'POST', '/v2/orders', order())).json().entity.uuid;
    await sim.idle();
    const form = await api(auth, 'POST', '/v2/print/orders', {
      orders: [{ order_uuid: uuid }],
      copy_count: 1,
    });
    expect(form.statusCode).toBe(202);
    const formUuid = form.json().entity.uuid;
    await sim.idle();
    const read = (await api(auth, 'GET', `/v2/print/orders/${formUuid}`)).json();
    expect(read.entity.statuses.map((s: { code: string }) => s.code)).toEqual([
      'ACCEPTED',
      'PROCESSING',
      'READY',
    ]);
    const pdf = await api(auth, 'GET', `/v2/print/orders/${formUuid}.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes(Buffer.from('%%EOF'))).toBe(true);
  });

  it('holds answers back when slow, so a client with a short timeout gives up', async () => {
    const auth = await start({ slowMs: 800 });
    const url = await sim.listen();
    const call = fetch(`${url}/v2/location/cities`, {
      headers: { authorization: auth },
      signal: AbortSignal.timeout(100),
    });
    await expect(call).rejects.toThrow(/abort|timeout/i);
  });
});
