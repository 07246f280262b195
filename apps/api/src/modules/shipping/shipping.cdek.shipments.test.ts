import { afterEach, describe, expect, it } from 'vitest';
import { createCdekSimulator, type CdekSimulator } from '@kiim/tools/cdek-simulator';
import { CDEK_TEST_ACCOUNT } from '#app/config.shipping.ts';
import { CarrierUnavailableError } from './shipping.carrier.ts';
import { createCdekShipments } from './shipping.cdek.shipments.ts';
import { isoOf } from './shipping.cdek.orders.wire.ts';
import { ShipmentRefusedError, type ShipmentRequest } from './shipping.shipment.ts';
import { nextState, stateOfCode } from './shipping.status.ts';

// CDEK orders, labels and webhooks through the adapter against the strict local simulator (tools/cdek-simulator):
// registration is accepted then validated, refusals carry CDEK's reasons, a repeated number is found by lookup,
// labels are real PDFs, statuses map to the shop's states whatever order they come in.

let sim: CdekSimulator;
const ALMATY = 4756;

async function setup() {
  sim = createCdekSimulator({ validationDelayMs: 0 });
  const url = await sim.listen();
  return createCdekShipments({ apiUrl: `${url}/v2`, ...CDEK_TEST_ACCOUNT, timeoutMs: 2000 });
}
afterEach(async () => {
  await sim?.close();
});

const parcel = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  orderNumber: '100501',
  tariffCode: 136,
  pointCode: 'KOK1',
  address: null,
  fromCityCode: ALMATY,
  shipmentPoint: null,
  sender: { name: 'Kiim', phone: '+77010000000' },
  recipient: { name: 'Айгерим Касымова', phone: '+77011234567', email: 'a@example.kz' },
  parcel: { weightG: 700, lengthCm: 30, widthCm: 20, heightCm: 5 },
  items: [{ name: 'Платье', sku: 'SKU-1001-M', unitPrice: 12990, unitCollect: 0, weightG: 700, quantity: 1 }],
  deliveryCollect: 0,
  ...over,
});

describe('CDEK shipments adapter', () => {
  it('registers a parcel, reads it valid with its track number, and follows it to delivered', async () => {
    const cdek = await setup();
    const id = await cdek.register(parcel());
    await sim.idle();
    const read = await cdek.read(id);
    expect(read).toMatchObject({ id, orderNumber: '100501', requestState: 'valid', problems: [] });
    expect(read.trackNumber).toMatch(/^\d+$/);
    const sent = sim.order(id)!.entity as Record<string, unknown>;
    expect(sent).toMatchObject({ type: 1, number: '100501', delivery_point: 'KOK1', tariff_code: 136 });
    await sim.advance(id, 'delivered');
    const after = await cdek.read(id);
    expect(after.statuses[0]!.code).toBe('DELIVERED');
    expect(nextState({ state: 'registered', statusAt: null }, after.statuses)?.state).toBe('delivered');
  });

  it('door delivery with cash on delivery sends the address and the amounts to collect', async () => {
    const cdek = await setup();
    const door = parcel({
      orderNumber: '100502',
      tariffCode: 137,
      pointCode: null,
      address: { cityCode: 5166, line: 'ул. Абая, 10, кв. 5' },
      items: [
        { name: 'Куртка', sku: 'SKU-2', unitPrice: 38990, unitCollect: 38990, weightG: 1200, quantity: 1 },
      ],
      deliveryCollect: 2100,
    });
    const id = await cdek.register(door);
    await sim.idle();
    expect((await cdek.read(id)).requestState).toBe('valid');
    expect(sim.order(id)!.entity).toMatchObject({
      to_location: { code: 5166, address: 'ул. Абая, 10, кв. 5' },
      delivery_recipient_cost: { value: 2100 },
    });
  });

  it('an INVALID registration carries CDEK’s reason in Russian; a refused body is ShipmentRefusedError', async () => {
    const cdek = await setup();
    const id = await cdek.register(parcel({ pointCode: 'NOPE1' }));
    await sim.idle();
    const read = await cdek.read(id);
    expect(read.requestState).toBe('invalid');
    expect(read.problems[0]).toEqual({
      code: 'v2_delivery_point_not_found',
      message: 'Не найден пункт выдачи NOPE1',
    });
    expect(read.trackNumber).toBeNull();
    const refused = await cdek
      .register(parcel({ recipient: { name: 'A', phone: 'not a phone' } }))
      .catch((e) => e);
    expect(refused).toBeInstanceOf(ShipmentRefusedError);
  });

  it('finds the latest parcel of an order number (CDEK accepts a repeat), and none before', async () => {
    const cdek = await setup();
    expect(await cdek.findByOrderNumber('100503')).toBeNull();
    await cdek.register(parcel({ orderNumber: '100503' }));
    const second = await cdek.register(parcel({ orderNumber: '100503' }));
    expect(sim.countByNumber('100503')).toBe(2);
    expect((await cdek.findByOrderNumber('100503'))?.id).toBe(second);
  });

  it('prints a real PDF label once CDEK has made it, and subscribes to status hints', async () => {
    const cdek = await setup();
    const id = await cdek.register(parcel({ orderNumber: '100504' }));
    await sim.idle();
    const form = await cdek.requestLabel(id);
    await sim.idle();
    const pdf = await cdek.label(form);
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const hook = await cdek.subscribe('http://127.0.0.1:9/api/shipping/cdek/webhook/secret');
    expect(hook).toMatch(/^[0-9a-f-]{36}$/);
    await expect(cdek.read('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      CarrierUnavailableError,
    );
  });
});

describe('shipment states from CDEK statuses', () => {
  const at = (min: number) => new Date(Date.UTC(2026, 10, 29, 10, min)).toISOString();
  const st = (code: string, min: number) => ({ code, name: code, at: at(min), city: '' });

  it('maps codes, applies only newer statuses, keeps final states and waits for a return', () => {
    expect(stateOfCode('SENT_TO_TRANSIT_CITY')).toBe('in_transit');
    expect(stateOfCode('RETURNED_TO_RECIPIENT_CITY_WAREHOUSE')).toBe('returned');
    const known = { state: 'at_pickup_point' as const, statusAt: at(30) };
    // Out of order and repeated: an older transit status changes nothing.
    expect(
      nextState(known, [st('SENT_TO_RECIPIENT_CITY', 10), st('ACCEPTED_AT_PICK_UP_POINT', 30)]),
    ).toBeNull();
    expect(nextState(known, [st('DELIVERED', 40), st('NOT_DELIVERED', 50)])).toEqual({
      state: 'delivered',
      statusAt: at(40),
    });
    const refused = { state: 'not_delivered' as const, statusAt: at(40) };
    expect(nextState(refused, [st('SENT_TO_SENDER_CITY', 50)])).toBeNull();
    expect(nextState(refused, [st('RETURNED_TO_SENDER_CITY_WAREHOUSE', 60)])?.state).toBe('returned');
  });

  it('reads CDEK times with a +0000 offset, and refuses nonsense', () => {
    expect(isoOf('2023-11-28T07:44:45+0000')).toBe('2023-11-28T07:44:45.000Z');
    expect(isoOf('2023-11-28T12:44:45+0500')).toBe('2023-11-28T07:44:45.000Z');
    expect(isoOf('вчера')).toBeNull();
  });
});
