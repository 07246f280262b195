import { data, redirect } from 'react-router';
import {
  ApiError,
  COOKIE,
  cartGroups,
  DEFAULT_DELIVERY_METHOD,
  DEFAULT_PAYMENT_METHOD,
  ErrorCode,
  OrderErrorCode,
  isPaidOnline,
  checkoutErrors,
  type ApiClient,
  type CartItem,
  type SplitCart,
} from '@kiim/contract';
import { checkoutDraftOf } from '../../lib/checkout-form.ts';
import {
  LAST_ORDER_COOKIE,
  currentCityId,
  readCookie,
  shopCookie,
  uuidCookie,
} from '../../lib/cookies.server.ts';
import { formValues, statusOf, readForm } from '../../lib/form.server.ts';
import { translateFor } from '../../lib/lang.server.ts';
import type { Translate } from '@kiim/contract/text';

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
  const payments = split.availablePaymentMethods.filter((m) =>
    m.deliveryMethodIds.includes(deliveryMethodId),
  );
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
const otherCityItems = (split: SplitCart): CartItem[] => cartGroups(split).otherCity;

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

/** The form as the shopper filled it (strings), to show it again after a refusal without JavaScript. */
type CheckoutValues = Record<string, string>;

/** A line the API could not reserve, with its name for the message. */
interface ChangedLine {
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

/** Names of the lines the API could not reserve, from the cart as it is now (for the 409 message). */
async function changedLines(
  api: ApiClient,
  cartUuid: string,
  regionId: number,
  details: unknown,
): Promise<ChangedLine[]> {
  const split = await api.splitCart(cartUuid, regionId).catch(() => null);
  const names = new Map(
    [...(split?.available ?? []), ...(split?.notAvailable ?? [])].map((i) => [
      i.externalId,
      `${i.name}, ${i.size}`,
    ]),
  );
  return ((details as { lines?: Omit<ChangedLine, 'name'>[] } | undefined)?.lines ?? []).map((l) => ({
    ...l,
    name: names.get(l.externalId) ?? l.externalId,
  }));
}

/**
 * The answer to a refused order (spec §8 checkout messages): stock changed, already placed, the carrier's price
 * changed (409 4070: the page reloads the split cart, so the shopper sees the new price and confirms again) or the
 * carrier not answering (503 4071, issue 34), or the API's message.
 */
async function refusal(
  t: Translate,
  api: ApiClient,
  cartUuid: string,
  regionId: number,
  e: ApiError,
): Promise<{ status: number; failure: Omit<CheckoutFailure, 'values'> }> {
  if (e.status === 409 && e.body.code === ErrorCode.insufficientStock) {
    const lines = await changedLines(api, cartUuid, regionId, e.body.details);
    return { status: 409, failure: { message: t('checkout.stockChanged'), errors: {}, changedLines: lines } };
  }
  if (e.status === 409 && e.body.code === OrderErrorCode.idempotencyKeyReused) {
    return { status: 409, failure: { message: t('checkout.alreadyPlaced'), errors: {}, changedLines: [] } };
  }
  if (e.status === 409 && e.body.code === OrderErrorCode.carrierQuoteChanged) {
    return { status: 409, failure: { message: t('carrier.priceChanged'), errors: {}, changedLines: [] } };
  }
  if (e.status === 503 && e.body.code === OrderErrorCode.carrierUnavailable) {
    return { status: 503, failure: { message: t('carrier.notAnswering'), errors: {}, changedLines: [] } };
  }
  const message = e.status === 400 ? t('form.checkFields') : e.body.message;
  return { status: statusOf(e), failure: { message, errors: e.body.errors ?? {}, changedLines: [] } };
}

/**
 * Places the order from the checkout form (POST /api/order/create). The form is read into a draft by the same
 * function the page uses (lib/checkout-form.ts) and checked with the same rules as the API (checkout.rules.ts),
 * so a refusal needs no call; field messages of the API come back beside their fields; a 409 lists the lines
 * whose stock changed. On success the thank-you cookie and the saved choices (`checkout_delivery_id`,
 * `checkout_payment_id`, spec §4) are set and the shopper goes to /Cart/thankyou — with `?pay=1` for card
 * online and Kaspi (issue 33), where the payment starts at once.
 */
export async function placeOrder(request: Request, api: ApiClient) {
  const form = await readForm(request);
  const cartUuid = uuidCookie(request, COOKIE.cartUuid);
  if (!cartUuid || !api.token) throw redirect('/cart');
  const regionId = currentCityId(request);
  const draft = checkoutDraftOf(form);
  const { idempotencyKey: _key, ...values } = formValues(form);
  const fail = (status: number, failure: Omit<CheckoutFailure, 'values'>) =>
    data<CheckoutFailure>({ ...failure, values }, { status });
  const errors = checkoutErrors(draft);
  if (Object.keys(errors).length)
    return fail(400, { message: translateFor(request)('form.checkFields'), errors, changedLines: [] });
  const order = {
    ...draft,
    cartUuid,
    regionId,
    delivery: draft.delivery && { ...draft.delivery, regionId },
    idempotencyKey: String(form.get('idempotencyKey') ?? ''),
  };
  try {
    const { order: placed } = await api.createOrder(order);
    const headers = new Headers();
    headers.append(
      'Set-Cookie',
      shopCookie(LAST_ORDER_COOKIE, placed.number, { httpOnly: true, maxAge: 30 * 60 }),
    );
    headers.append('Set-Cookie', shopCookie(COOKIE.checkoutDeliveryId, String(draft.deliveryMethodId)));
    headers.append('Set-Cookie', shopCookie(COOKIE.checkoutPaymentId, String(draft.paymentId)));
    throw redirect(isPaidOnline(draft.paymentId) ? '/Cart/thankyou?pay=1' : '/Cart/thankyou', {
      headers,
    });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.status === 401 || e.status === 403) throw redirect('/');
    const { status, failure } = await refusal(translateFor(request), api, cartUuid, regionId, e);
    return fail(status, failure);
  }
}
