import { describe, expect, it } from 'vitest';
import { OrderDraft, type PickupPoint } from '@kiim/contract';
import { checkoutErrors } from '@kiim/contract/checkout';
import { createI18n, translator } from '@kiim/contract/text';
import { compiledMessages } from '@kiim/contract/text/compile';
import {
  carrierChoiceOf,
  carrierDoorValue,
  carrierPeriod,
  carrierPointOf,
  carrierPointValue,
  pickedCarrierOption,
  pointsPeriod,
  withPointKeys,
} from './carrier-choice.ts';
import { checkoutDraftOf } from './checkout-form.ts';

// The carrier's choice as the checkout form carries it (issue 34): read the same in the browser and by the action.

const TOKEN = 'v1.eyJjIjo5ODAxfQ.c2lnbmF0dXJlOnRoaXM';

const point = (
  code: string,
  price: number,
  kind: 'pickup_point' | 'locker' = 'pickup_point',
): PickupPoint => ({
  ...{ id: 0, regionId: 9801, title: `Пункт ${code}`, buildingName: null, addressCity: 'Кокшетау' },
  ...{ addressStreetNumber: 'ул. Абая, 96', addressEntranceNumber: null, addressFloor: null },
  ...{ addressApartmentNumber: null, addressComment: null, openingHours: 'Пн–Пт 09:00–18:00' },
  ...{ longitude: 69.39, latitude: 53.28 },
  carrier: {
    ...{ carrier: 'cdek', code, kind, tariffCode: 136, price },
    ...{ periodMinDays: 2, periodMaxDays: price > 3000 ? 5 : 4, quoteToken: TOKEN },
  },
});
const door = {
  ...{ carrier: 'cdek', tariffCode: 137, tariffName: 'Посылка склад-дверь', price: 3900 },
  ...{ periodMinDays: 7, periodMaxDays: 8, quoteToken: TOKEN },
};
const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};
const base = { paymentId: '1', idempotencyKey: '5b0f1d8e-3c1a-4a57-9a57-0f6f1f3a2b11' };
/** The draft the action sends: the form's, with the cart, the city and the key (checkout.server.ts). */
const apiDraft = (entries: Record<string, string>) =>
  OrderDraft.safeParse({
    ...checkoutDraftOf(form({ ...base, ...entries })),
    cartUuid: '0b6a1f4e-5f3a-4c7d-8e2f-1a2b3c4d5e6f',
    regionId: 9801,
    idempotencyKey: base.idempotencyKey,
  });

describe('a carrier point on the checkout form', () => {
  it('carries its code (any characters), tariff and quote, and reads back the same', () => {
    const value = carrierPointValue(point('KOK:7/1', 3150).carrier!);
    expect(carrierPointOf(value)).toEqual({ code: 'KOK:7/1', tariffCode: 136, quoteToken: TOKEN });
    expect(carrierChoiceOf(form({ pickupPointId: value }), 1)).toEqual({
      code: 'KOK:7/1',
      tariffCode: 136,
      quoteToken: TOKEN,
    });
  });

  it('is an order draft the API takes: carrier set, no pickup point, lines from the warehouse, no field error', () => {
    const draft = checkoutDraftOf(
      form({
        ...base,
        deliveryMethodId: '1',
        pickupPointId: carrierPointValue(point('KOK7', 3150).carrier!),
      }),
    );
    expect(draft).toMatchObject({
      pickupPointId: null,
      includeOtherCityItems: true,
      carrier: { code: 'KOK7', tariffCode: 136, quoteToken: TOKEN },
    });
    expect(checkoutErrors(draft)).toEqual({});
    const parsed = apiDraft({
      deliveryMethodId: '1',
      pickupPointId: carrierPointValue(point('KOK7', 1).carrier!),
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('door delivery: the hidden field only counts for the courier method, with the address', () => {
    const fields = { carrierDoor: carrierDoorValue(door), street: 'ул. Абая', building: '12' };
    expect(checkoutDraftOf(form({ ...base, ...fields, deliveryMethodId: '2' })).carrier).toEqual({
      code: null,
      tariffCode: 137,
      quoteToken: TOKEN,
    });
    expect(checkoutDraftOf(form({ ...base, ...fields, deliveryMethodId: '1' })).carrier).toBeUndefined();
    expect(apiDraft({ ...fields, deliveryMethodId: '2' }).success).toBe(true);
  });

  it('anything else is no carrier choice: own points, forged or broken values', () => {
    expect(carrierChoiceOf(form({ pickupPointId: '7' }), 1)).toBeNull();
    expect(carrierPointOf('carrier:abc:KOK7:' + TOKEN)).toBeNull();
    expect(carrierPointOf('carrier:136::' + TOKEN)).toBeNull();
    expect(carrierPointOf('carrier:136:%E0%A4%A:' + TOKEN)).toBeNull();
    expect(carrierChoiceOf(form({ carrierDoor: 'x' }), 2)).toBeNull();
    expect(carrierChoiceOf(form({ carrierDoor: '-5:' + TOKEN }), 2)).toBeNull();
    expect(
      checkoutDraftOf(form({ ...base, deliveryMethodId: '1', pickupPointId: '7' })).carrier,
    ).toBeUndefined();
  });
});

describe('the carrier offer on the page', () => {
  const points = [point('A', 3150), point('B', 3850, 'locker'), point('OWN', 0)];
  points[2] = { ...points[2]!, id: 12, carrier: undefined };

  it('gives each carrier point its own id, keeping the shop’s own', () => {
    expect(withPointKeys(points).map((p) => p.id)).toEqual([-1, -2, 12]);
  });

  it('prices the choice: the chosen point, the door, or nothing for a point gone since', () => {
    const delivery = { carrier: 'cdek', available: true, message: null, door };
    expect(pickedCarrierOption({ code: 'B' }, points, delivery)?.price).toBe(3850);
    expect(pickedCarrierOption({ code: null }, points, delivery)?.price).toBe(3900);
    expect(pickedCarrierOption({ code: 'GONE' }, points, delivery)).toBeNull();
    expect(pickedCarrierOption({ code: 'A' }, points, undefined)).toBeNull();
  });

  it('sums up the offer: the cheapest price and the widest period, door included', () => {
    expect(pointsPeriod(points)).toEqual({ price: 3150, periodMinDays: 2, periodMaxDays: 5 });
    expect(pointsPeriod(points, door)).toEqual({ price: 3150, periodMinDays: 2, periodMaxDays: 8 });
    expect(pointsPeriod([])).toBeNull();
  });

  it('says the period in working days in Russian and Kazakh', () => {
    const ru = translator(createI18n('ru', compiledMessages('ru')));
    const kk = translator(createI18n('kk', compiledMessages('kk')));
    expect(carrierPeriod(ru, 2, 4)).toBe('2–4 рабочих дня');
    expect(carrierPeriod(ru, 3, 5)).toBe('3–5 рабочих дней');
    expect(carrierPeriod(ru, 1, 1)).toBe('1 рабочий день');
    expect(carrierPeriod(ru, 3, 3)).toBe('3 рабочих дня');
    expect(carrierPeriod(kk, 2, 4)).toBe('2–4 жұмыс күні');
    expect(kk('shipment.at_pickup_point')).toBe('Беру пунктінде күтіп тұр');
    expect(ru('shipment.registered')).toBe('Передаётся в СДЭК');
  });
});
