import type { OrderDraft, PickupPoint } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { cityDeliveryOptions } from '#app/modules/cart/cart.service.ts';
import { checkCheckoutChoice, deliveryPrice } from '#app/modules/cart/checkout.policy.ts';
import { requireCity } from '#app/modules/catalog/catalog.service.ts';
import { checkDeliveryFields, type CheckedDelivery } from '../order.rules.ts';

/** A checkout draft checked against the city: what the order stores of its delivery. */
export interface CheckedCheckout {
  delivery: CheckedDelivery;
  /** Delivery price in tenge: 0 for pickup, the city's courier price for courier. */
  deliveryAmount: number;
  /** The chosen pickup point (pickup), else null. */
  pickupPoint: PickupPoint | null;
  /** The city's IANA time zone (delivery dates are its local days). */
  timeZone: string;
  /** Days a courier delivery takes in the city (set in the back office, issue 27). */
  courierDays: number;
}

/**
 * Order step "validate the draft" (no writes): the delivery fields (order.rules.ts) and the shopper's choice
 * against what the city offers (checkout.policy.ts: delivery method, payment method, pickup point).
 * @throws AppError 400 field errors; 404 cityNotFound; 422 deliveryMethodNotOffered, paymentMethodNotOffered.
 */
export async function checkDraft(db: DbOrTrx, draft: OrderDraft, kaspiOn = false): Promise<CheckedCheckout> {
  const delivery = checkDeliveryFields(draft);
  const options = await cityDeliveryOptions(db, draft.regionId, kaspiOn);
  checkCheckoutChoice(options, { ...delivery, paymentId: draft.paymentId });
  const city = await requireCity(db, draft.regionId);
  return {
    delivery,
    deliveryAmount: deliveryPrice(options, delivery.deliveryMethodId),
    pickupPoint: options.pickupPoints.find((p) => p.id === delivery.pickupPointId) ?? null,
    timeZone: city.time_zone,
    courierDays: Number(city.delivery_days),
  };
}
