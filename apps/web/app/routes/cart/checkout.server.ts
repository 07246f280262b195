import { data, redirect } from 'react-router';
import { ApiError, COOKIE, DEFAULT_DELIVERY_METHOD, DEFAULT_PAYMENT_METHOD, type ApiClient, type SplitCart } from '@kiim/contract';
import { LAST_ORDER_COOKIE, currentCityId, readCookie, shopCookie, uuidCookie } from '../../lib/cookies.server.ts';

/**
 * Checkout defaults after the cart is split by city (spec §4): the first pickup point is selected; the
 * saved delivery and payment choices (cookies checkout_delivery_id, checkout_payment_id) are restored
 * only if still offered; otherwise pickup (1) and card on delivery (2), when offered (spec §4).
 */
export function checkoutDefaults(request: Request, split: SplitCart) {
  const offered = (ids: number[], saved: number, fallback: number) =>
    ids.includes(saved) ? saved : ids.includes(fallback) ? fallback : (ids[0] ?? fallback);
  const deliveryIds = split.availableDeliveryMethods.map((m) => m.id);
  const paymentIds = split.availablePaymentMethods.map((m) => m.id);
  return {
    deliveryMethodId: offered(deliveryIds, Number(readCookie(request, COOKIE.checkoutDeliveryId)), DEFAULT_DELIVERY_METHOD),
    paymentId: offered(paymentIds, Number(readCookie(request, COOKIE.checkoutPaymentId)), DEFAULT_PAYMENT_METHOD),
    pickupPointId: split.availablePickupPointList[0]?.id ?? null,
  };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

/**
 * Places the order from the checkout form (POST /api/order/create). Field errors of the API come back
 * as `errors` for the form; on success the thank-you cookie is set and the shopper goes to /Cart/thankyou.
 */
export async function placeOrder(request: Request, api: ApiClient) {
  const form = await request.formData();
  const cartUuid = uuidCookie(request, COOKIE.cartUuid);
  if (!cartUuid) throw redirect('/cart');
  const deliveryMethodId = Number(form.get('deliveryMethodId'));
  const paymentId = Number(form.get('paymentId'));
  const courier = deliveryMethodId === 2;
  const notToCustomer = courier && form.get('deliveryNotToCustomer') === 'on';
  try {
    const { order } = await api.createOrder({
      cartUuid,
      regionId: currentCityId(request),
      deliveryMethodId,
      paymentId,
      pickupPointId: courier ? null : Number(form.get('pickupPointId')) || null,
      customerComment: text(form, 'customerComment'),
      email: text(form, 'email'),
      deliveryNotToCustomer: notToCustomer,
      delivery: courier
        ? {
            regionId: currentCityId(request),
            street: text(form, 'street'),
            building: text(form, 'building'),
            entranceNumber: text(form, 'entranceNumber'),
            floor: text(form, 'floor'),
            flat: text(form, 'flat'),
            contactName: notToCustomer ? text(form, 'contactName') : undefined,
            contactPhone: notToCustomer ? text(form, 'contactPhone') : undefined,
          }
        : undefined,
      idempotencyKey: String(form.get('idempotencyKey') ?? ''),
    });
    const headers = new Headers();
    headers.append('Set-Cookie', shopCookie(LAST_ORDER_COOKIE, order.number, { httpOnly: true, maxAge: 30 * 60 }));
    headers.append('Set-Cookie', shopCookie(COOKIE.checkoutDeliveryId, String(deliveryMethodId)));
    headers.append('Set-Cookie', shopCookie(COOKIE.checkoutPaymentId, String(paymentId)));
    throw redirect('/Cart/thankyou', { headers });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 401 || e.status === 403) throw redirect('/');
    const message =
      e.status === 409
        ? 'Пока вы оформляли заказ, некоторых товаров стало меньше. Проверьте корзину и попробуйте ещё раз.'
        : e.status === 400
          ? 'Проверьте поля, отмеченные красным.'
          : e.body.message;
    return data({ message, errors: e.body.errors ?? {} }, { status: e.status === 409 ? 409 : 400 });
  }
}
