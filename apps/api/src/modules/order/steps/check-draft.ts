import { DeliveryMethod, ErrorCode, type OrderDraft, type PickupPoint } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { carrierUnits, isCarrierCity } from '#app/modules/cart/cart.carrier.ts';
import { cityDeliveryOptions, loadCartLines } from '#app/modules/cart/cart.service.ts';
import {
  checkCheckoutChoice,
  deliveryPrice,
  offeredPaymentMethods,
  paymentMethodRules,
  type CityDeliveryOptions,
} from '#app/modules/cart/checkout.policy.ts';
import { requireCity } from '#app/modules/catalog/catalog.service.ts';
import type { ShippingDeps } from '#app/modules/shipping/shipping.checkout.ts';
import { priceCarrierChoice, type CheckedCarrier } from '#app/modules/shipping/shipping.choice.ts';
import { checkDeliveryFields, type CheckedDelivery } from '../order.rules.ts';

/** A checkout draft checked against the city: what the order stores of its delivery. */
export interface CheckedCheckout {
  delivery: CheckedDelivery;
  /** Delivery price in tenge: 0 for pickup, the city's courier price for courier, the carrier's as quoted. */
  deliveryAmount: number;
  /** The chosen pickup point (pickup), else null. */
  pickupPoint: PickupPoint | null;
  /** The city's IANA time zone (delivery dates are its local days). */
  timeZone: string;
  /** Days a courier delivery takes in the city (set in the back office, issue 27). */
  courierDays: number;
  /** Delivery by carrier as checked and priced (issue 34, decision 069), else null. */
  carrier: CheckedCarrier | null;
  /** The city's name (a carrier point is stored as shown in it). */
  cityName: string;
}

/** What the order step needs besides the database. */
export interface DraftDeps {
  kaspiOn: boolean;
  shipping: ShippingDeps | null;
  now: Date;
}

/**
 * The carrier part of a draft (issue 34, decision 069): the city must be a carrier city, the choice is priced
 * from the shop's signed quote for the units the cart would send, and the payment method must suit the method.
 * @throws AppError 422 deliveryMethodNotOffered, paymentMethodNotOffered, emptyCart; what priceCarrierChoice raises.
 */
async function checkCarrier(
  db: DbOrTrx,
  draft: OrderDraft,
  options: CityDeliveryOptions,
  deps: DraftDeps,
): Promise<CheckedCarrier> {
  const { shipping } = deps;
  const { city } = options;
  if (!draft.carrier || !isCarrierCity(city, shipping) || city.cdekCode == null) {
    throw new AppError(
      422,
      ErrorCode.deliveryMethodNotOffered,
      'В этот город нет доставки транспортной компанией',
    );
  }
  const units = await carrierUnits(
    db,
    draft.regionId,
    await loadCartLines(db, draft.cartUuid, draft.regionId),
  );
  if (units.length === 0) {
    throw new AppError(
      422,
      ErrorCode.emptyCart,
      'В корзине нет товаров, которые можно заказать в выбранном городе',
    );
  }
  const method = { id: draft.deliveryMethodId, name: '', price: 0 };
  const payment = offeredPaymentMethods([method], paymentMethodRules(deps.kaspiOn));
  if (!payment.some((p) => p.id === draft.paymentId)) {
    throw new AppError(
      422,
      ErrorCode.paymentMethodNotOffered,
      'Этот способ оплаты недоступен в выбранном городе. Выберите другой',
    );
  }
  return priceCarrierChoice(db, shipping, {
    ...{ cityId: draft.regionId, toCode: city.cdekCode, units, choice: draft.carrier },
    ...{ deliveryMethodId: draft.deliveryMethodId, nowMs: deps.now.getTime() },
  });
}

/**
 * Order step "validate the draft" (no writes): the delivery fields (order.rules.ts) and the shopper's choice
 * against what the city offers (checkout.policy.ts: delivery method, payment method, pickup point) — or, with
 * `draft.carrier`, against the carrier's offer (issue 34).
 * @throws AppError 400 field errors; 404 cityNotFound; 422 deliveryMethodNotOffered, paymentMethodNotOffered;
 *   409 carrierQuoteChanged, 503 carrierUnavailable (carrier orders).
 */
export async function checkDraft(db: DbOrTrx, draft: OrderDraft, deps: DraftDeps): Promise<CheckedCheckout> {
  const delivery = checkDeliveryFields(draft);
  const options = await cityDeliveryOptions(db, draft.regionId, deps.kaspiOn);
  const city = await requireCity(db, draft.regionId);
  const base = { timeZone: city.time_zone, courierDays: Number(city.delivery_days), cityName: city.name };
  if (draft.carrier) {
    const carrier = await checkCarrier(db, draft, options, deps);
    const onlyPickup = delivery.deliveryMethodId === DeliveryMethod.pickup;
    return {
      ...base,
      delivery: onlyPickup ? { ...delivery, pickupPointId: null } : delivery,
      deliveryAmount: carrier.price,
      pickupPoint: null,
      carrier,
    };
  }
  checkCheckoutChoice(options, { ...delivery, paymentId: draft.paymentId });
  return {
    ...base,
    delivery,
    deliveryAmount: deliveryPrice(options, delivery.deliveryMethodId),
    pickupPoint: options.pickupPoints.find((p) => p.id === delivery.pickupPointId) ?? null,
    carrier: null,
  };
}
