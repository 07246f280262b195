import { z } from 'zod';
import { dataOf } from './common.schema.ts';
import { OrderNumberParams } from './order.schema.ts';

// Kaspi Магазин orders in the back office (issue 33 Part B item 6, decision 064): what the order page shows of a
// Kaspi order, the staff's actions on it, and the importer's poll state.

/** The three reasons a merchant may cancel a Kaspi order with (Kaspi Merchant API v2). */
export const KASPI_SHOP_CANCEL_REASONS = [
  'BUYER_CANCELLATION_BY_MERCHANT',
  'BUYER_NOT_REACHABLE',
  'MERCHANT_OUT_OF_STOCK',
] as const;
export type KaspiShopCancelReason = (typeof KASPI_SHOP_CANCEL_REASONS)[number];

/** The reasons as staff read them. */
export const KASPI_SHOP_CANCEL_REASON_NAMES: Record<KaspiShopCancelReason, string> = {
  BUYER_CANCELLATION_BY_MERCHANT: 'Покупатель попросил отменить',
  BUYER_NOT_REACHABLE: 'Не удалось связаться с покупателем',
  MERCHANT_OUT_OF_STOCK: 'Нет в наличии',
};

/** A Kaspi order's own facts on the order page: Kaspi's code and last status, why staff must look, its lines. */
export const AdminKaspiOrder = z.object({
  code: z.string(),
  status: z.string().nullable(),
  /** Russian; null when its stock is reserved. */
  problem: z.string().nullable(),
  /** The lines as Kaspi sent them (prices in tenge). */
  lines: z.array(z.object({ sku: z.string(), quantity: z.number().int(), price: z.number().int() })),
});
export type AdminKaspiOrder = z.infer<typeof AdminKaspiOrder>;

/** The staff's actions on a Kaspi order: accept, text the buyer the code, complete with it, cancel. */
export const KASPI_SHOP_ACTIONS = ['accept', 'send-code', 'complete', 'cancel'] as const;
export type KaspiShopAction = (typeof KASPI_SHOP_ACTIONS)[number];

/** Path of `POST /api/admin/orders/:number/kaspi/:action`. */
export const AdminKaspiActionParams = OrderNumberParams.extend({ action: z.enum(KASPI_SHOP_ACTIONS) });

/** Body of a Kaspi action: the order's version; the buyer's code to complete; a Kaspi reason to cancel. */
export const AdminKaspiActionBody = z
  .object({
    version: z.number({ message: 'Нет версии заказа' }).int().nonnegative(),
    securityCode: z
      .string()
      .regex(/^\d{4,8}$/, { message: 'Код покупателя — 4–8 цифр из SMS' })
      .optional(),
    reason: z.enum(KASPI_SHOP_CANCEL_REASONS, { message: 'Выберите причину отмены' }).optional(),
  })
  .strict();
export type AdminKaspiActionBody = z.infer<typeof AdminKaspiActionBody>;

/**
 * The importer's state for staff: whether it is on, when it last polled and succeeded, the creation window last
 * read (ISO 8601 UTC), the last error (Russian; null after a clean poll) and how many orders it imported.
 */
export const KaspiShopPollStatus = z.object({
  mode: z.enum(['off', 'simulator', 'live']),
  lastPollAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  lastError: z.string().nullable(),
  imported: z.number().int(),
});
export type KaspiShopPollStatus = z.infer<typeof KaspiShopPollStatus>;
export const KaspiShopPollStatusResponse = dataOf(KaspiShopPollStatus);

/** Error codes of the Kaspi actions. */
export const KaspiShopErrorCode = {
  /** 409: the order was not placed on Kaspi Магазин. */
  notKaspiOrder: 4061,
  /** 422: Kaspi Магазин is not connected (KASPI_SHOP_MODE=off). */
  kaspiShopOff: 4062,
  /** 502: Kaspi refused the action or did not answer; nothing changed here. */
  kaspiRefused: 4063,
  /** 422: Kaspi did not accept the buyer's code. */
  wrongSecurityCode: 4064,
} as const;
