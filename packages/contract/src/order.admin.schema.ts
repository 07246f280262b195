import { z } from 'zod';
import { AdminReceipt } from './fiscal.schema.ts';
import { dataOf, Tenge } from './common.schema.ts';
import { ORDER_STATUSES } from './enums.ts';
import { Order, OrderLine, OrderNumberParams } from './order.schema.ts';
import { OrderRefund } from './payment.schema.ts';
import { AdminKaspiOrder } from './kaspi-shop.schema.ts';
import { AdminShipment } from './shipping.schema.ts';

// The back office's orders (issue 15, docs/decisions/019): list with filters, the order page, the steps staff take
// along the order's life (spec §4 statuses), the internal note and the handover at the pickup desk with partial
// refusal. Every change carries the order's `version` the member saw (409 4016 when someone changed it meanwhile).

/** Error codes of the back office's orders (numbers reserved with the others: never reuse them). */
export const AdminOrderErrorCode = {
  /** 409: the order was changed by someone else since the member opened it (stale `version`). */
  orderChanged: 4016,
  /** 422: the handover's lines do not match the order (unknown line, refused more than ordered, nothing taken). */
  handoverInvalid: 4017,
} as const;

/** The message of a stale version: what happened and what to do. */
export const ORDER_CHANGED_MESSAGE =
  'Заказ только что изменил другой сотрудник. Обновите страницу, проверьте заказ и повторите действие';

/** Orders per page of the back office's list. */
export const ADMIN_ORDER_PAGE_SIZE = 25;

const LocalDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Дата в виде ГГГГ-ММ-ДД' });
const optionalId = z.coerce.number({ message: 'Неверное значение' }).int().positive().optional();

/**
 * Query of `GET /api/admin/orders`: filters (status; `from`/`to` local days inclusive, in each order's city time
 * zone; city; delivery 1 pickup / 2 courier; payment 1 cash, 2 card on delivery, 3 card online; `paid`) and `q` —
 * an order number, a phone (any spelling, 7XXXXXXXXXX matched by its digits) or part of a name. `page` from 1.
 */
export const AdminOrderListQuery = z
  .object({
    status: z.enum(ORDER_STATUSES, { message: 'Неизвестный статус' }).optional(),
    from: LocalDay.optional(),
    to: LocalDay.optional(),
    cityId: optionalId,
    deliveryMethodId: z.coerce.number().int().min(1).max(2, { message: 'Доставка: 1 или 2' }).optional(),
    paymentId: z.coerce.number().int().min(1).max(3, { message: 'Оплата: 1, 2 или 3' }).optional(),
    paid: z.enum(['yes', 'no'], { message: 'Оплата: yes или no' }).optional(),
    q: z.string().trim().max(100, { message: 'Не длиннее 100 символов' }).optional(),
    /** Only this customer's orders (the customer's profile). */
    customerId: z.uuid({ message: 'Должен быть UUID' }).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Начало периода позже его конца',
    path: ['to'],
  });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

/** One row of the back office's order list; amounts in tenge, `createdAt` ISO 8601 UTC. */
export const AdminOrderRow = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  timeZone: z.string(),
  cityId: z.number().int(),
  cityName: z.string(),
  deliveryMethodId: z.number().int(),
  paymentId: z.number().int(),
  paid: z.boolean(),
  amount: Tenge,
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  lineCount: z.number().int(),
  /** When staff confirmed the order and finished picking it (ISO 8601 UTC), the steps inside new/paid; null until then. */
  confirmedAt: z.string().nullable(),
  pickedAt: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;
export const AdminOrderPage = z.object({
  items: z.array(AdminOrderRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;
export const AdminOrderPageResponse = dataOf(AdminOrderPage);

/** What staff may do with an order now (the order's state machine, the member's role aside). */
export const ADMIN_ORDER_ACTIONS = [
  'confirm',
  'pick',
  'ready_for_pickup',
  'handed_to_courier',
  'complete',
  'cancel',
  'handover',
  /** Send a carrier order (issue 34): register its parcel with the carrier. */
  'ship',
] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

/** One entry of the order's history as staff see it: status, who (customer/system/payment/backoffice), why. */
export const AdminHistoryEntry = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  actor: z.string(),
  reason: z.string().nullable(),
});

/** An order line as staff see it: the shopper's line plus its id, SKU and what was refused. */
export const AdminOrderLine = OrderLine.extend({ id: z.string(), skuId: z.number().int() });
export type AdminOrderLine = z.infer<typeof AdminOrderLine>;

/**
 * The order page: the order as its owner sees it, plus the customer, the staff's note and steps, the history with
 * actors and reasons, what is due now (`amountDue`: the taken lines and delivery, minus what was paid online),
 * the actions allowed now and the `version` to send back with a change.
 */
export const AdminOrder = Order.extend({
  lines: z.array(AdminOrderLine),
  version: z.number().int(),
  staffNote: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  pickedAt: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string().nullable(), mobile: z.string() }),
  cityName: z.string(),
  history: z.array(AdminHistoryEntry),
  refusedAmount: Tenge,
  amountDue: Tenge,
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
  /** The refunds of its card payment, oldest first (decision 035). */
  refunds: z.array(OrderRefund),
  /** Its fiscal receipts as staff see them: state, fiscal number, OFD link, last error (issue 32 §5). */
  fiscalReceipts: z.array(AdminReceipt),
  /** A Kaspi Магазин order's own facts (issue 33 item 6); absent or null for site orders. */
  kaspi: AdminKaspiOrder.nullable().optional(),
  /** The carrier parcel as staff follow it (issue 34): its refusal reasons and the last failure to reach the carrier. */
  shipment: AdminShipment.nullable().optional(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrderResponse = dataOf(z.object({ order: AdminOrder }));

const Version = z.number({ message: 'Нет версии заказа' }).int().nonnegative();

/** Body of `POST /api/admin/orders/:number/actions`: a step of the order's life, with the version seen. */
export const AdminOrderActionBody = z
  .object({
    action: z.enum(['confirm', 'pick', 'ready_for_pickup', 'handed_to_courier', 'complete', 'ship'], {
      message: 'Неизвестное действие',
    }),
    version: Version,
  })
  .strict();
export type AdminOrderActionBody = z.infer<typeof AdminOrderActionBody>;

/** Body of `POST /api/admin/orders/:number/cancel`: why (the customer's SMS does not show it), with the version. */
export const AdminCancelBody = z
  .object({
    version: Version,
    reason: z
      .string({ message: 'Укажите причину отмены' })
      .trim()
      .min(3, { message: 'Укажите причину отмены' })
      .max(500, { message: 'Не длиннее 500 символов' }),
  })
  .strict();
export type AdminCancelBody = z.infer<typeof AdminCancelBody>;

/** Body of `PUT /api/admin/orders/:number/note`: the internal note (empty clears it). */
export const AdminOrderNoteBody = z
  .object({ note: z.string().trim().max(2000, { message: 'Не длиннее 2000 символов' }), version: Version })
  .strict();
export type AdminOrderNoteBody = z.infer<typeof AdminOrderNoteBody>;

/**
 * Body of `POST /api/admin/orders/:number/handover`: the order is handed over (pickup desk or courier) and the
 * customer refused `refusedQty` units of the listed lines (lines not listed are taken whole).
 */
export const AdminHandoverBody = z
  .object({
    version: Version,
    refused: z
      .array(
        z.object({
          lineId: z.string().max(64),
          refusedQty: z.number().int().min(0, { message: 'Не меньше 0' }),
        }),
      )
      .max(200),
    /**
     * Cash on or card on delivery: tenge the customer paid in cash, the rest by card (the fiscal receipt's
     * payments, issue 32); absent: all in the order's payment method.
     */
    paidCash: z.number().int().min(0).max(100_000_000).optional(),
  })
  .strict();
export type AdminHandoverBody = z.infer<typeof AdminHandoverBody>;

/** Sales of a period: orders placed (cancelled left out) and their revenue in tenge (refused lines left out). */
export const SalesFigures = z.object({ orders: z.number().int(), revenue: Tenge });

/** Units at or below which a SKU counts as running out in a city (the dashboard). */
export const LOW_STOCK_UNITS = 2;

/**
 * `GET /api/admin/dashboard`: today's and the last 7 days' sales (local days of the default city, today included),
 * orders waiting for the shop by stage, and SKUs running out (1…{@link LOW_STOCK_UNITS} units left in a city).
 */
export const AdminDashboard = z.object({
  /** Production with FISCAL_PROVIDER=off: money is taken without fiscal receipts (issue 32 §6) — warn staff. */
  fiscalOff: z.boolean(),
  timeZone: z.string(),
  today: SalesFigures,
  week: SalesFigures,
  awaitingPayment: z.number().int(),
  awaitingPicking: z.number().int(),
  readyForPickup: z.number().int(),
  withCourier: z.number().int(),
  lowStock: z.array(
    z.object({
      skuId: z.number().int(),
      externalId: z.string(),
      productName: z.string(),
      productSlug: z.string(),
      size: z.string(),
      cityName: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
export const AdminDashboardResponse = dataOf(AdminDashboard);

/** Params of `POST /api/admin/orders/:number/refunds/:refundId/retry` (decision 035). */
export const AdminRefundParams = OrderNumberParams.extend({
  refundId: z.string().min(1).max(80, { message: 'Неверный возврат' }),
});
export type AdminRefundParams = z.infer<typeof AdminRefundParams>;
