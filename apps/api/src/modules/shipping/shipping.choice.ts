import { DeliveryMethod, ErrorCode, OrderErrorCode, type CarrierChoice } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import {
  CarrierUnavailableError,
  orCarrierDown,
  type CarrierPoint,
  type CarrierQuote,
} from './shipping.carrier.ts';
import { parcelRoute, type ShippingDeps, type SourcedUnits } from './shipping.checkout.ts';
import { readQuote } from './shipping.quote-token.ts';
import { deliveryCharge } from './shipping.service.ts';

// Placing an order with the carrier (issue 34 item 2, decision 069): the shopper's choice is checked against the
// quote the shop signed and the carrier's current answer, and priced never above what the shopper was shown.

/** A carrier choice as the order stores it. Tenge; working days. */
export interface CheckedCarrier {
  carrier: string;
  kind: 'pickup_point' | 'locker' | 'door';
  tariffCode: number;
  /** The chosen point as shown (pickup, locker), null for the door. */
  point: CarrierPoint | null;
  /** The signed quote's price, and what the order charges: the current price when lower. */
  quotedPrice: number;
  price: number;
  periodMinDays: number;
  periodMaxDays: number;
  originCityId: number;
  fromCode: number;
  toCode: number;
  /** Route and parcel class the price holds for (checked again under the order's stock lock). */
  parcelKey: string;
}

const quoteChanged = () =>
  new AppError(
    409,
    OrderErrorCode.carrierQuoteChanged,
    'Стоимость доставки изменилась. Проверьте её и оформите заказ ещё раз',
  );
const notOffered = (message: string) => new AppError(422, ErrorCode.deliveryMethodNotOffered, message);

/** The current quotes, or null when the carrier cannot answer (the signed price then stands). */
async function currentQuotes(
  deps: ShippingDeps,
  route: Parameters<ShippingDeps['cache']['quotes']>[1],
  parcel: Parameters<ShippingDeps['cache']['quotes']>[2],
): Promise<CarrierQuote[] | null> {
  try {
    return await deps.cache.quotes(deps.carrier, route, parcel);
  } catch (e) {
    if (e instanceof CarrierUnavailableError) return null;
    throw e;
  }
}

/** The chosen point from the carrier's list (fresh, else the last good one). @throws 503 with no list at all. */
async function chosenPoint(
  deps: ShippingDeps,
  toCode: number,
  code: string,
): Promise<CarrierPoint | undefined> {
  const points = await orCarrierDown(
    deps.cache.points(deps.carrier, toCode),
    OrderErrorCode.carrierUnavailable,
    'Служба доставки сейчас не отвечает. Попробуйте оформить заказ через несколько минут',
  );
  return points.find((p) => p.code === code);
}

/**
 * Checks and prices the shopper's carrier choice for an order in the carrier city `cityId` (carrier code `toCode`)
 * of `units` (the allocation the order would take): the quote token must be the shop's, unexpired, for this
 * city, tariff, kind and parcel (route and class); the point must be on the carrier's list and take the parcel;
 * the tariff must still be quoted (when the carrier answers). Charges min(shown, current) — decision 065 §5.
 * @throws AppError 409 carrierQuoteChanged (token forged, expired, another parcel); 422 deliveryMethodNotOffered
 *   (kind or tariff not offered, unknown point, parcel too heavy for it); 503 carrierUnavailable (no point list).
 */
export async function priceCarrierChoice(
  db: DbOrTrx,
  deps: ShippingDeps,
  p: {
    cityId: number;
    toCode: number;
    units: readonly SourcedUnits[];
    choice: CarrierChoice;
    deliveryMethodId: number;
    nowMs: number;
  },
): Promise<CheckedCarrier> {
  const signed = readQuote(deps.quoteSecret, p.choice.quoteToken, p.nowMs);
  if (!signed || signed.cityId !== p.cityId || signed.carrier !== deps.carrier.code) throw quoteChanged();
  const byCourier = p.deliveryMethodId === DeliveryMethod.courier;
  if (
    signed.tariffCode !== p.choice.tariffCode ||
    (signed.kind === 'door') !== byCourier ||
    (p.choice.code === null) !== byCourier
  )
    throw notOffered('Этот способ доставки не предлагался для заказа. Выберите его заново');
  const route = await parcelRoute(db, p.toCode, p.units);
  if (!route || route.parcelKey !== signed.parcelKey) throw quoteChanged();
  let point: CarrierPoint | null = null;
  if (p.choice.code !== null) {
    const found = await chosenPoint(deps, p.toCode, p.choice.code);
    const kind = signed.kind === 'locker' ? 'locker' : 'pickup_point';
    if (!found || found.kind !== kind || found.maxWeightG < route.parcel.weightG)
      throw notOffered('Этот пункт выдачи не принимает такую посылку. Выберите другой');
    point = found;
  }
  const quotes = await currentQuotes(deps, route.route, route.parcel);
  const current = quotes?.find((q) => q.tariffCode === signed.tariffCode) ?? null;
  if (quotes && !current) throw notOffered('Этот тариф доставки больше недоступен. Выберите доставку заново');
  return {
    carrier: deps.carrier.code,
    kind: signed.kind === 'door' ? 'door' : signed.kind === 'locker' ? 'locker' : 'pickup_point',
    tariffCode: signed.tariffCode,
    point,
    quotedPrice: signed.price,
    price: deliveryCharge(signed.price, current?.price ?? null),
    periodMinDays: current?.periodMinDays ?? signed.periodMinDays,
    periodMaxDays: current?.periodMaxDays ?? signed.periodMaxDays,
    ...{ originCityId: route.originCityId, fromCode: route.route.fromCode, toCode: p.toCode },
    parcelKey: route.parcelKey,
  };
}

/**
 * Under the order's stock lock: the units actually planned must make the parcel the price was for, else the
 * order is refused (the cart or stock changed between the quote and the order).
 * @throws AppError 409 carrierQuoteChanged.
 */
export async function confirmCarrierParcel(
  db: DbOrTrx,
  checked: CheckedCarrier,
  units: readonly SourcedUnits[],
): Promise<void> {
  const route = await parcelRoute(db, checked.toCode, units);
  if (!route || route.parcelKey !== checked.parcelKey) throw quoteChanged();
}
