import { z } from 'zod';
import { IdParam, Tenge, Uuid } from './common.schema.ts';
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
    regionId: z.number().int().positive(),
    deliveryMethodId: z.number().int().min(1).max(2),
    paymentId: z.number().int().min(1).max(3),
    pickupPointId: z.number().int().positive().nullish(),
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

/** An order as its owner sees it. Amounts in tenge; `createdAt` ISO 8601 UTC. */
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
});
export type Order = z.infer<typeof Order>;

export const OrderListQuery = z.object({ state: z.enum(['pending', 'completed']).default('pending') }).strict();
export const OrderNumberParams = z.object({ number: z.string().regex(/^\d{6,15}$/, { message: 'Неверный номер заказа' }) });
export { IdParam };
