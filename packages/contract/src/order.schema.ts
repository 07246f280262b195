import { z } from 'zod';
import { dataOf, Id, IdParam, Tenge, Uuid } from './common.schema.ts';
import { ORDER_STATUSES } from './enums.ts';
import { PickupPoint } from './catalog.schema.ts';
import { CHECKOUT_LIMITS, CHECKOUT_MESSAGES, EMAIL_PATTERN } from './checkout.rules.ts';
import { OrderPayment } from './payment.schema.ts';
import { OrderReceipt } from './fiscal.schema.ts';
import { CarrierChoice, OrderCarrier } from './shipping.schema.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Не длиннее ${max} символов` })
    .optional();

/** Courier address of the checkout draft (spec §3). */
export const DeliveryAddress = z
  .object({
    contactName: optionalText(100),
    contactPhone: optionalText(32),
    regionId: Id.optional(),
    street: optionalText(200),
    building: optionalText(50),
    entranceNumber: optionalText(20),
    floor: optionalText(20),
    flat: optionalText(20),
  })
  .strict();

/**
 * The order of `POST /api/order/create` (spec §7: body order) — the checkout draft of spec §3 plus the
 * cart and city it is placed from and the idempotency key of this checkout attempt. Prices are never
 * taken from the client.
 */
export const OrderDraft = z
  .object({
    cartUuid: Uuid,
    regionId: z
      .number({ message: 'Выберите город' })
      .int({ message: 'Выберите город' })
      .positive({ message: 'Выберите город' }),
    /** spec §4: 1 pickup, 2 local courier. */
    deliveryMethodId: z
      .number({ message: 'Выберите способ доставки' })
      .int({ message: 'Выберите способ доставки' })
      .min(1, { message: 'Выберите способ доставки' })
      .max(2, { message: 'Выберите способ доставки' }),
    /** spec §4: 1 cash on delivery, 2 card on delivery, 3 card online; 4 Kaspi when offered (issue 33). */
    paymentId: z
      .number({ message: 'Выберите способ оплаты' })
      .int({ message: 'Выберите способ оплаты' })
      .min(1, { message: 'Выберите способ оплаты' })
      .max(4, { message: 'Выберите способ оплаты' }),
    /** Required for pickup (method 1): a pickup point of `regionId`. */
    pickupPointId: z.number({ message: 'Выберите пункт самовывоза' }).int().positive().nullish(),
    customerComment: optionalText(1000),
    /** Optional; the same rule as the storefront's `email` validity flag (checkout.rules.ts). */
    email: z
      .string()
      .trim()
      .max(CHECKOUT_LIMITS.email, { message: CHECKOUT_MESSAGES.email })
      .regex(EMAIL_PATTERN, { message: CHECKOUT_MESSAGES.email })
      .optional()
      .or(z.literal('')),
    deliveryNotToCustomer: z.boolean().default(false),
    delivery: DeliveryAddress.optional(),
    /**
     * Also order the cart's lines that are not in stock in `regionId` but are in another city visible to
     * customers (spec §4 'В другом городе'), and complete lines the city holds too few of from there: such
     * units are reserved in the other city and take 3–5 days. False (default): only what the city holds.
     */
    includeOtherCityItems: z.boolean().default(false),
    /**
     * Delivery by carrier (issue 34, decision 069): the carrier point (method 1, `pickupPointId` absent) or door
     * delivery (method 2, the address in `delivery`) from the split cart's carrier offer. Absent: the shop's own.
     */
    carrier: CarrierChoice.optional(),
    /** A new UUID per checkout attempt: a retry with the same key answers the same order. */
    idempotencyKey: Uuid,
  })
  .strict();
export type OrderDraft = z.infer<typeof OrderDraft>;

export const CreateOrderBody = z.object({ order: OrderDraft }).strict();
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

/**
 * Error codes of the order module not (yet) in `ErrorCode` (errors.ts). Numbers are reserved there:
 * never reuse them.
 */
export const OrderErrorCode = {
  /**
   * 409: the idempotency key of `POST /api/order/create` was already used by this customer for an order
   * with a different body. The client must make a new key for a changed checkout.
   */
  idempotencyKeyReused: 4013,
  /** 409: the order can no longer be cancelled by the customer (already handed over, completed…). */
  orderNotCancellable: 4014,
  /** 409: the requested status change is not allowed from the order's current status. */
  statusTransitionNotAllowed: 4015,
  /**
   * 409: the carrier quote the shopper saw is no longer valid (expired, or the parcel changed with the cart):
   * reload the checkout to see the current delivery price (decision 069).
   */
  carrierQuoteChanged: 4070,
  /** 503: the carrier cannot confirm the chosen point now (no point list at all); nothing was written. */
  carrierUnavailable: 4071,
} as const;

/** One ordered SKU: a snapshot taken when the order was placed; prices and amount in tenge. */
export const OrderLine = z.object({
  externalId: z.string(),
  productSlug: z.string(),
  name: z.string(),
  size: z.string(),
  colourName: z.string(),
  image: z.string().nullable(),
  qty: z.number().int(),
  price: Tenge,
  originalPrice: Tenge,
  amount: Tenge,
  /** City whose stock was reserved for the line. */
  sourceRegionId: z.number().int(),
  /** True when the units come from another city than the order's (3–5 days). */
  fromOtherCity: z.boolean(),
  /** Units the customer refused at handover (partial refusal, back in stock, not paid for); 0 otherwise. */
  refusedQty: z.number().int().nonnegative(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** Courier address of a placed order (delivery method 2); `contactPhone` is `7XXXXXXXXXX`. */
export const OrderDelivery = z.object({
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  street: z.string(),
  building: z.string(),
  entranceNumber: z.string().nullable(),
  floor: z.string().nullable(),
  flat: z.string().nullable(),
});
export type OrderDelivery = z.infer<typeof OrderDelivery>;

/** One change of an order's status: the status entered and when (ISO 8601 UTC). */
export const OrderStatusChange = z.object({ status: z.enum(ORDER_STATUSES), at: z.string() });
export type OrderStatusChange = z.infer<typeof OrderStatusChange>;

/**
 * An order as its owner sees it. Amounts in tenge (`amount` = `itemsAmount` + `deliveryAmount`);
 * `createdAt` ISO 8601 UTC; `pickupPoint` when picked up (method 1), `delivery` when by courier (2);
 * `images`: the first images of its lines (at most 4); `deliveryDateFrom`/`deliveryDateTo`: local days
 * `YYYY-MM-DD` in the city's `timeZone` when it can be received (null for orders placed before dates were
 * kept); `statusHistory`: oldest first; `payment`: the card-online payment (method 3), else null;
 * `cancellable`: the customer may cancel it now (`POST /api/order/cancel`); `receipts`: its fiscal receipts,
 * sale then returns, oldest first (issue 32); `carrier`: delivery by carrier and the parcel's tracking (issue 34),
 * else null — a carrier pickup point is also `pickupPoint`, with `id` 0 and `carrier` set.
 */
export const Order = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  regionId: z.number().int(),
  timeZone: z.string(),
  deliveryMethodId: z.number().int(),
  paymentId: z.number().int(),
  pickupPoint: PickupPoint.nullable(),
  itemsAmount: Tenge,
  deliveryAmount: Tenge,
  amount: Tenge,
  createdAt: z.string(),
  images: z.array(z.string()),
  lines: z.array(OrderLine),
  delivery: OrderDelivery.nullable(),
  deliveryNotToCustomer: z.boolean(),
  email: z.string().nullable(),
  customerComment: z.string().nullable(),
  deliveryDateFrom: z.string().nullable(),
  deliveryDateTo: z.string().nullable(),
  statusHistory: z.array(OrderStatusChange),
  payment: OrderPayment.nullable(),
  cancellable: z.boolean(),
  receipts: z.array(OrderReceipt),
  carrier: OrderCarrier.nullable(),
});
export type Order = z.infer<typeof Order>;

/** Answer of `POST /api/order/create`. */
export const OrderCreatedResponse = dataOf(z.object({ order: Order }));
/** Answer of `GET /api/order/list`: newest first. */
export const OrderListResponse = dataOf(z.object({ items: z.array(Order) }));
/** Answer of `GET /api/order/details/:number`. */
export const OrderDetailsResponse = dataOf(Order);

/**
 * Query of `GET /api/order/list` (spec §2: /personal/orders/pending and …/completed): `pending` = neither
 * completed nor cancelled; `completed` = completed or cancelled.
 */
export const OrderListQuery = z
  .object({ state: z.enum(['pending', 'completed']).default('pending') })
  .strict();
export type OrderListQuery = z.infer<typeof OrderListQuery>;
/** Path params of `GET /api/order/details/:number`: the order number, 6–15 digits. */
export const OrderNumberParams = z.object({
  number: z.string().regex(/^\d{6,15}$/, { message: 'Неверный номер заказа' }),
});
export type OrderNumberParams = z.infer<typeof OrderNumberParams>;

/** An order number in a body: 6–15 digits (ePay invoiceID). */
export const OrderNumber = z.string().regex(/^\d{6,15}$/, { message: 'Неверный номер заказа' });

/** Body of `POST /api/order/cancel`: the customer cancels their order. */
export const CancelOrderBody = z.object({ number: OrderNumber }).strict();
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

/**
 * Body of `POST /api/backoffice/orders/:number/status` (the shop's staff or its ERP): the status to move the
 * order to and an optional note kept in its history.
 */
export const BackofficeStatusBody = z
  .object({
    status: z.enum(ORDER_STATUSES),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type BackofficeStatusBody = z.infer<typeof BackofficeStatusBody>;
export { IdParam };

/** Answer of `POST /api/order/cancel` and `POST /api/payment/halyk/status`: the order as it is now. */
export const OrderStateResponse = dataOf(z.object({ order: Order }));
