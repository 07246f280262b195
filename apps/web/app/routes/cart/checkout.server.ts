import { data, redirect } from 'react-router';
import {
  ApiError,
  COOKIE,
  CartDeliveryInformation,
  DEFAULT_DELIVERY_METHOD,
  DEFAULT_PAYMENT_METHOD,
  DeliveryMethod,
  ErrorCode,
  OrderErrorCode,
  PaymentMethod,
  checkoutErrors,
  type ApiClient,
  type CartItem,
  type SplitCart,
} from '@kiim/contract';
import { LAST_ORDER_COOKIE, currentCityId, readCookie, shopCookie, uuidCookie } from '../../lib/cookies.server.ts';

/**
 * Checkout defaults after the cart is split by city (spec §4): the first pickup point is selected; the saved
 * delivery and payment choices (cookies `checkout_delivery_id`, `checkout_payment_id`) are restored only if
 * still offered — the payment also only if the chosen delivery method allows it; otherwise pickup (1) and card
 * on delivery (2), when offered, else the first offered.
 */
export function checkoutDefaults(request: Request, split: SplitCart) {
  const pick = (ids: number[], saved: number, fallback: number) =>
    ids.includes(saved) ? saved : ids.includes(fallback) ? fallback : (ids[0] ?? fallback);
  const deliveryMethodId = pick(
    split.availableDeliveryMethods.map((m) => m.id),
    Number(readCookie(request, COOKIE.checkoutDeliveryId)),
    DEFAULT_DELIVERY_METHOD,
  );
  const payments = split.availablePaymentMethods.filter((m) => m.deliveryMethodIds.includes(deliveryMethodId));
  return {
    deliveryMethodId,
    paymentId: pick(
      payments.map((m) => m.id),
      Number(readCookie(request, COOKIE.checkoutPaymentId)),
      DEFAULT_PAYMENT_METHOD,
    ),
    pickupPointId: split.availablePickupPointList[0]?.id ?? null,
  };
}

/** Lines of the split cart that can come from another city (spec §4 'В другом городе', 3–5 days). */
export const otherCityItems = (split: SplitCart): CartItem[] =>
  split.notAvailable.filter((i) => i.deliveryInformation === CartDeliveryInformation.otherCity);

/**
 * What the checkout page needs (spec §2: only for signed-in customers, otherwise sent to /cart): the cart split
 * by the current city, the defaults, the server's time (delivery dates) and a new idempotency key for this
 * checkout attempt.
 * @throws redirect to /cart without a token or cart, or when nothing can be ordered.
 */
export async function loadCheckout(request: Request, api: ApiClient) {
  if (!api.token) throw redirect('/cart');
  const uuid = uuidCookie(request, COOKIE.cartUuid);
  if (!uuid) throw redirect('/cart');
  const split = await api.splitCart(uuid, currentCityId(request)).catch(() => null);
  if (!split || (split.available.length === 0 && otherCityItems(split).length === 0)) throw redirect('/cart');
  return {
    split,
    otherCity: otherCityItems(split),
    defaults: checkoutDefaults(request, split),
    now: new Date().toISOString(),
    idempotencyKey: crypto.randomUUID(),
  };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

/** The form as the shopper filled it (strings), to show it again after a refusal without JavaScript. */
export type CheckoutValues = Record<string, string>;

/** A line the API could not reserve, with its name for the message. */
export interface ChangedLine {
  externalId: string;
  name: string;
  requested: number;
  available: number;
}

/** What the checkout action answers when the order is not placed. */
export interface CheckoutFailure {
  message: string;
  errors: Record<string, string[]>;
  values: CheckoutValues;
  changedLines: ChangedLine[];
}

/**
 * Places the order from the checkout form (POST /api/order/create). The form is checked first with the same
 * rules as the API (checkout.rules.ts), so a refusal needs no round trip; field errors of the API come back
 * beside their fields; a 409 lists the lines whose stock changed. On success the thank-you cookie and the
 * saved choices (`checkout_delivery_id`, `checkout_payment_id`, spec §4) are set and the shopper goes to
 * /Cart/thankyou — with `?pay=1` for card online, where the payment starts at once.
 */
export async function placeOrder(request: Request, api: ApiClient) {
  const form = await request.formData();
  const cartUuid = uuidCookie(request, COOKIE.cartUuid);
  if (!cartUuid || !api.token) throw redirect('/cart');
  const regionId = currentCityId(request);
  const deliveryMethodId = Number(form.get('deliveryMethodId'));
  const paymentId = Number(form.get('paymentId'));
  const courier = deliveryMethodId === DeliveryMethod.courier;
  const notToCustomer = courier && form.get('deliveryNotToCustomer') === 'on';
  const values: CheckoutValues = {};
  for (const [k, v] of form) if (typeof v === 'string' && k !== 'idempotencyKey') values[k] = v;
  const order = {
    cartUuid,
    regionId,
    deliveryMethodId,
    paymentId,
    pickupPointId: courier ? null : Number(form.get('pickupPointId')) || null,
    customerComment: text(form, 'customerComment'),
    email: text(form, 'email'),
    deliveryNotToCustomer: notToCustomer,
    delivery: courier
      ? {
          regionId,
          street: text(form, 'street'),
          building: text(form, 'building'),
          entranceNumber: text(form, 'entranceNumber'),
          floor: text(form, 'floor'),
          flat: text(form, 'flat'),
          contactName: notToCustomer ? text(form, 'contactName') : undefined,
          contactPhone: notToCustomer ? text(form, 'contactPhone') : undefined,
        }
      : undefined,
    includeOtherCityItems: form.get('includeOtherCityItems') === 'on',
    idempotencyKey: String(form.get('idempotencyKey') ?? ''),
  };
  const fail = (status: number, failure: Omit<CheckoutFailure, 'values'>) => data<CheckoutFailure>({ ...failure, values }, { status });

  const errors = checkoutErrors(order);
  if (Object.keys(errors).length) {
    return fail(400, { message: 'Проверьте поля, отмеченные красным.', errors, changedLines: [] });
  }
  try {
    const { order: placed } = await api.createOrder(order);
    const headers = new Headers();
    headers.append('Set-Cookie', shopCookie(LAST_ORDER_COOKIE, placed.number, { httpOnly: true, maxAge: 30 * 60 }));
    headers.append('Set-Cookie', shopCookie(COOKIE.checkoutDeliveryId, String(deliveryMethodId)));
    headers.append('Set-Cookie', shopCookie(COOKIE.checkoutPaymentId, String(paymentId)));
    throw redirect(paymentId === PaymentMethod.cardOnline ? '/Cart/thankyou?pay=1' : '/Cart/thankyou', { headers });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 401 || e.status === 403) throw redirect('/');
    if (e.status === 409 && e.body.code === ErrorCode.insufficientStock) {
      const split = await api.splitCart(cartUuid, regionId).catch(() => null);
      const names = new Map([...(split?.available ?? []), ...(split?.notAvailable ?? [])].map((i) => [i.externalId, `${i.name}, ${i.size}`]));
      const lines = ((e.body.details as { lines?: Omit<ChangedLine, 'name'>[] } | undefined)?.lines ?? []).map((l) => ({
        ...l,
        name: names.get(l.externalId) ?? l.externalId,
      }));
      return fail(409, {
        message: 'Пока вы оформляли заказ, некоторых товаров стало меньше. Заказ не оформлен — проверьте список и попробуйте ещё раз.',
        errors: {},
        changedLines: lines,
      });
    }
    if (e.status === 409 && e.body.code === OrderErrorCode.idempotencyKeyReused) {
      return fail(409, { message: 'Этот заказ уже оформлен. Посмотрите его в разделе «Мои заказы».', errors: {}, changedLines: [] });
    }
    return fail(e.status >= 400 && e.status < 500 ? e.status : 502, {
      message: e.status === 400 ? 'Проверьте поля, отмеченные красным.' : e.body.message,
      errors: e.body.errors ?? {},
      changedLines: [],
    });
  }
}
