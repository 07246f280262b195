import { z } from 'zod';
import { dataOf, IdParam, Tenge, Uuid } from './common.schema.ts';
import { ORDER_STATUSES } from './enums.ts';
import { PickupPoint } from './catalog.schema.ts';

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
    regionId: z.number().int().positive().optional(),
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
    /** spec §4: 1 cash on delivery, 2 card on delivery, 3 card online. */
    paymentId: z
      .number({ message: 'Выберите способ оплаты' })
      .int({ message: 'Выберите способ оплаты' })
      .min(1, { message: 'Выберите способ оплаты' })
      .max(3, { message: 'Выберите способ оплаты' }),
    /** Required for pickup (method 1): a pickup point of `regionId`. */
    pickupPointId: z.number({ message: 'Выберите пункт самовывоза' }).int().positive().nullish(),
    customerComment: optionalText(1000),
    email: z.email({ message: 'Проверьте адрес электронной почты' }).max(254).optional().or(z.literal('')),
    deliveryNotToCustomer: z.boolean().default(false),
    delivery: DeliveryAddress.optional(),
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

/**
 * An order as its owner sees it. Amounts in tenge (`amount` = `itemsAmount` + `deliveryAmount`);
 * `createdAt` ISO 8601 UTC; `pickupPoint` when picked up (method 1), `delivery` when by courier (2);
 * `images`: the first images of its lines (at most 4).
 */
export const Order = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  regionId: z.number().int(),
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
export { IdParam };
