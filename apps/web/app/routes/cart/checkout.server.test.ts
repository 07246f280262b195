import { describe, expect, it, vi } from 'vitest';
import { ApiError, OrderErrorCode, type ApiClient, type SplitCart } from '@kiim/contract';
import { checkoutDefaults, placeOrder } from './checkout.server.ts';

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

describe('placing a carrier order (issue 34)', () => {
  const cart = '0b6a1f4e-5f3a-4c7d-8e2f-1a2b3c4d5e6f';
  const token = 'v1.eyJjIjo5ODAxfQ.c2lnbmF0dXJl';
  const post = (lang = 'ru') => {
    const body = new URLSearchParams({
      deliveryMethodId: '1',
      paymentId: '1',
      pickupPointId: `carrier:136:KOK7:${token}`,
      idempotencyKey: '5b0f1d8e-3c1a-4a57-9a57-0f6f1f3a2b11',
    });
    return new Request('http://shop.test/Cart/checkout', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `cart_uuid=${cart}; city_id=9801; lang=${lang}`,
      },
      body,
    });
  };
  const apiRefusing = (status: number, code: number) => {
    const createOrder = vi.fn(async () => {
      throw new ApiError(status, { code, message: 'Стоимость доставки изменилась' });
    });
    return { api: { token: 't', createOrder, splitCart: vi.fn() } as unknown as ApiClient, createOrder };
  };

  it('sends the point code, tariff and quote, with the lines from the warehouse city', async () => {
    const { api, createOrder } = apiRefusing(409, OrderErrorCode.carrierQuoteChanged);
    await placeOrder(post(), api);
    expect(createOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        cartUuid: cart,
        regionId: 9801,
        deliveryMethodId: 1,
        pickupPointId: null,
        includeOtherCityItems: true,
        carrier: { code: 'KOK7', tariffCode: 136, quoteToken: token },
      }),
    );
  });

  it('a changed carrier price (409 4070) answers 409 with a polite text in the shopper’s language', async () => {
    const ru = (await placeOrder(
      post(),
      apiRefusing(409, OrderErrorCode.carrierQuoteChanged).api,
    )) as unknown as {
      init: { status: number };
      data: { message: string };
    };
    expect(ru.init.status).toBe(409);
    expect(ru.data.message).toMatch(/^Пока вы оформляли заказ, стоимость доставки СДЭК изменилась/);
    const kk = (await placeOrder(
      post('kk'),
      apiRefusing(409, OrderErrorCode.carrierQuoteChanged).api,
    )) as unknown as {
      data: { message: string };
    };
    expect(kk.data.message).toMatch(/СДЭК жеткізу құны өзгерді/);
    const down = (await placeOrder(
      post(),
      apiRefusing(503, OrderErrorCode.carrierUnavailable).api,
    )) as unknown as {
      init: { status: number };
      data: { message: string };
    };
    expect(down.init.status).toBe(503);
    expect(down.data.message).toMatch(/СДЭК сейчас не отвечает/);
  });
});
