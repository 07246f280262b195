import { describe, expect, it } from 'vitest';
import type { SplitCart } from '@kiim/contract';
import { checkoutDefaults } from './checkout.server.ts';

const point = (id: number) => ({
  id,
  regionId: 1,
  title: `Пункт ${id}`,
  buildingName: null,
  addressCity: 'Алматы',
  addressStreetNumber: 'пр. Абая, 1',
  addressEntranceNumber: null,
  addressFloor: null,
  addressApartmentNumber: null,
  addressComment: null,
  openingHours: 'Пн–Вс 10:00–22:00',
  longitude: 76.9,
  latitude: 43.2,
});

const split = (deliveryIds: number[], payments: [number, number[]][]): SplitCart => ({
  available: [],
  notAvailable: [],
  availablePickupPointList: [point(7), point(3)],
  availableDeliveryMethods: deliveryIds.map((id) => ({ id, name: String(id), price: 0 })),
  availablePaymentMethods: payments.map(([id, deliveryMethodIds]) => ({
    id,
    name: String(id),
    deliveryMethodIds,
  })),
});

const withCookies = (cookie: string) =>
  new Request('http://shop.test/Cart/checkout', { headers: { cookie } });
const everything = split(
  [1, 2],
  [
    [1, [1, 2]],
    [2, [1, 2]],
    [3, [1, 2]],
  ],
);

describe('checkout defaults after the split by city (spec §4)', () => {
  it('selects the first pickup point, pickup and card on delivery without saved choices', () => {
    expect(checkoutDefaults(withCookies(''), everything)).toEqual({
      deliveryMethodId: 1,
      paymentId: 2,
      pickupPointId: 7,
    });
  });

  it('restores saved choices that are still offered', () => {
    expect(
      checkoutDefaults(withCookies('checkout_delivery_id=2; checkout_payment_id=3'), everything),
    ).toMatchObject({
      deliveryMethodId: 2,
      paymentId: 3,
    });
  });

  it('drops saved choices no longer offered: courier where there is none, a payment the delivery does not allow', () => {
    const noCourier = split(
      [1],
      [
        [1, [1]],
        [2, [1]],
        [3, [2]],
      ],
    );
    expect(
      checkoutDefaults(withCookies('checkout_delivery_id=2; checkout_payment_id=3'), noCourier),
    ).toMatchObject({
      deliveryMethodId: 1,
      paymentId: 2,
    });
    expect(
      checkoutDefaults(withCookies('checkout_delivery_id=abc; checkout_payment_id=9'), everything),
    ).toMatchObject({
      deliveryMethodId: 1,
      paymentId: 2,
    });
    const cashOnly = split([1], [[1, [1]]]);
    expect(checkoutDefaults(withCookies('checkout_payment_id=2'), cashOnly)).toMatchObject({ paymentId: 1 });
  });
});
