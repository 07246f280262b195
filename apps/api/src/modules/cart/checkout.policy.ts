import {
  DELIVERY_METHOD_NAMES,
  DeliveryMethod,
  ErrorCode,
  KASPI_PAYMENT_NAME,
  PAYMENT_METHOD_NAMES,
  PaymentMethod,
  type DeliveryMethodOption,
  type PaymentMethodOption,
  type PickupPoint,
} from '@kiim/contract';
import { AppError, badRequest } from '#app/lib/errors.ts';
import type { CartCity } from './cart.mapper.ts';

// The shop's checkout policy (spec §3, §4): which delivery methods a city offers, under which names and at
// which price, which payment methods each delivery method allows, and whether a shopper's choice fits what a
// city offers. Used by the split cart (what the checkout page offers) and by order creation (what an order may
// choose). Pure rules: no database access here.

/** A payment method the shop takes and the delivery methods that allow it (spec §4). */
interface PaymentMethodRule {
  id: PaymentMethod;
  name: string;
  deliveryMethods: readonly DeliveryMethod[];
}

/**
 * Payment methods taken at checkout (spec §4) and what each delivery method allows: cash (1) and card (2)
 * on delivery are paid to the pickup point's cashier or the courier's terminal, so both delivery methods
 * allow them. Card online (3), paid through Halyk ePay before the order is handed over, suits both too.
 */
const PAYMENT_METHOD_RULES: readonly PaymentMethodRule[] = [
  {
    id: PaymentMethod.cashOnDelivery,
    name: PAYMENT_METHOD_NAMES[PaymentMethod.cashOnDelivery],
    deliveryMethods: [DeliveryMethod.pickup, DeliveryMethod.courier],
  },
  {
    id: PaymentMethod.cardOnDelivery,
    name: PAYMENT_METHOD_NAMES[PaymentMethod.cardOnDelivery],
    deliveryMethods: [DeliveryMethod.pickup, DeliveryMethod.courier],
  },
  {
    id: PaymentMethod.cardOnline,
    name: PAYMENT_METHOD_NAMES[PaymentMethod.cardOnline],
    deliveryMethods: [DeliveryMethod.pickup, DeliveryMethod.courier],
  },
];

/** Kaspi (4, issue 33): paid in the Kaspi app before handover, like card online; offered only when switched on. */
export const KASPI_PAYMENT_RULE: PaymentMethodRule = {
  id: PaymentMethod.kaspi,
  name: KASPI_PAYMENT_NAME,
  deliveryMethods: [DeliveryMethod.pickup, DeliveryMethod.courier],
};

/** The shop's rules, with Kaspi's when Kaspi Pay is on (KASPI_PAY_MODE not `off`). */
export const paymentMethodRules = (kaspiOn: boolean): readonly PaymentMethodRule[] =>
  kaspiOn ? [...PAYMENT_METHOD_RULES, KASPI_PAYMENT_RULE] : PAYMENT_METHOD_RULES;

/**
 * Delivery methods a city offers (spec §4): pickup (free) when it has pickup points, courier at the city's
 * price (tenge) where available. A city hidden from customers offers none.
 */
export function offeredDeliveryMethods(city: CartCity): DeliveryMethodOption[] {
  if (!city.visibleForCustomers) return [];
  const methods: DeliveryMethodOption[] = [];
  if (city.hasPickupPoints) {
    methods.push({ id: DeliveryMethod.pickup, name: DELIVERY_METHOD_NAMES[DeliveryMethod.pickup], price: 0 });
  }
  if (city.courierAvailable) {
    methods.push({
      id: DeliveryMethod.courier,
      name: DELIVERY_METHOD_NAMES[DeliveryMethod.courier],
      price: city.courierPrice,
    });
  }
  return methods;
}

/**
 * Payment methods offered where `deliveryMethods` are (spec §3 split cart, §4): each rule (the shop's
 * {@link PAYMENT_METHOD_RULES} unless given) that at least one offered delivery method allows, with the ids of
 * those delivery methods (`deliveryMethodIds`). No delivery method (a city hidden from customers) → none.
 */
export function offeredPaymentMethods(
  deliveryMethods: readonly DeliveryMethodOption[],
  rules: readonly PaymentMethodRule[] = PAYMENT_METHOD_RULES,
): PaymentMethodOption[] {
  const offered = deliveryMethods.map((m) => m.id);
  return rules
    .map((rule) => ({
      id: rule.id,
      name: rule.name,
      deliveryMethodIds: offered.filter((id) => (rule.deliveryMethods as readonly number[]).includes(id)),
    }))
    .filter((m) => m.deliveryMethodIds.length > 0);
}

/** What a city offers at checkout (spec §3, §4). Prices in tenge. */
export interface CityDeliveryOptions {
  city: CartCity;
  /** The city's pickup points with every field of spec §3 (none for a city hidden from customers). */
  pickupPoints: PickupPoint[];
  deliveryMethods: DeliveryMethodOption[];
  paymentMethods: PaymentMethodOption[];
}

/** What a shopper chose at checkout (spec §3 checkout draft). */
interface CheckoutChoice {
  deliveryMethodId: number;
  paymentId: number;
  /** Pickup only: the chosen point. */
  pickupPointId: number | null;
}

/**
 * Checks a shopper's choice against what the city offers (spec §4): the delivery method must be offered, the
 * payment method offered and allowed for that delivery method, and a pickup point one of the city's.
 * @throws AppError 422 deliveryMethodNotOffered (courier where there is none, any method in a hidden city);
 *   422 paymentMethodNotOffered; 400 with the field error `pickupPointId`.
 */
export function checkCheckoutChoice(options: CityDeliveryOptions, choice: CheckoutChoice): void {
  if (!options.deliveryMethods.some((m) => m.id === choice.deliveryMethodId)) {
    throw new AppError(
      422,
      ErrorCode.deliveryMethodNotOffered,
      choice.deliveryMethodId === DeliveryMethod.courier
        ? 'В этом городе нет курьерской доставки. Выберите самовывоз'
        : 'В этом городе нет пунктов самовывоза',
    );
  }
  const payment = options.paymentMethods.find((p) => p.id === choice.paymentId);
  if (!payment || !payment.deliveryMethodIds.includes(choice.deliveryMethodId)) {
    throw new AppError(
      422,
      ErrorCode.paymentMethodNotOffered,
      'Этот способ оплаты недоступен в выбранном городе. Выберите другой',
    );
  }
  if (
    choice.deliveryMethodId === DeliveryMethod.pickup &&
    !options.pickupPoints.some((p) => p.id === choice.pickupPointId)
  ) {
    throw badRequest({ pickupPointId: ['Выберите пункт самовывоза в этом городе'] });
  }
}

/** Delivery price of a choice in tenge: 0 for pickup, the city's courier price for courier (spec §4). */
export const deliveryPrice = (options: CityDeliveryOptions, deliveryMethodId: number): number =>
  deliveryMethodId === DeliveryMethod.courier ? options.city.courierPrice : 0;
