import { z } from 'zod';
import { OptionalText, RefId, StockUnitsInput } from './catalogue.admin.schema.ts';

// Stock levels of the back office (issue 12, docs/decisions/020): why a level changed, the stock form's body, the
// movement history and the low-stock list. Moved out of catalogue.admin.schema.ts so that each file stays under
// 400 lines; the package index re-exports both.

/**
 * Why a stock level changed (a row of the stock movement history): counted at a stocktake, damaged goods written
 * off, a customer's return, goods received, set by an import (CSV, 1C), taken by an order, put back by a cancelled
 * order, a correction of a mistake.
 */
export const STOCK_MOVEMENT_REASONS = [
  'stocktake',
  'damage',
  'return',
  'receipt',
  'correction',
  'import',
  'order',
  'order_cancelled',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** How staff see a movement's reason. */
export const STOCK_MOVEMENT_REASON_NAME: Record<StockMovementReason, string> = {
  stocktake: 'Инвентаризация',
  damage: 'Списание брака',
  return: 'Возврат покупателя',
  receipt: 'Поступление товара',
  correction: 'Исправление ошибки',
  import: 'Загрузка из файла или 1С',
  order: 'Заказ',
  order_cancelled: 'Отмена заказа',
};

/** Reasons a staff member may choose by hand on the stock screen (the others are written by the shop). */
export const MANUAL_STOCK_REASONS = [
  'stocktake',
  'damage',
  'return',
  'receipt',
  'correction',
] as const satisfies readonly StockMovementReason[];

/** Body of `PUT /api/admin/catalogue/stock/{skuId}/{cityId}`: the counted units and why. */
export const StockLevelInput = z
  .object({
    quantity: StockUnitsInput,
    reason: z.enum(MANUAL_STOCK_REASONS, { message: 'Выберите причину' }),
    note: OptionalText(500),
  })
  .strict();
export type StockLevelInput = z.input<typeof StockLevelInput>;

/** A row of the movement history as staff see it. */
export const StockMovement = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  size: z.string(),
  productName: z.string(),
  cityId: z.number().int(),
  cityName: z.string(),
  before: z.number().int(),
  after: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  actor: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const StockMovementPage = z.object({
  items: z.array(StockMovement),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type StockMovementPage = z.infer<typeof StockMovementPage>;

/** Query of `GET …/stock/movements`: of a product (all its sizes) or one SKU, optionally in one city. */
export const StockMovementQuery = z
  .object({
    productId: RefId('товар').optional(),
    skuId: RefId('размер').optional(),
    cityId: RefId('город').optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

/** Query of `GET …/stock/low`: sizes with at most `threshold` units (default 2), optionally in one city. */
export const LowStockQuery = z
  .object({
    threshold: z.coerce.number().int().min(0).max(1000).default(2),
    cityId: RefId('город').optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const LowStockRow = z.object({
  skuId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  size: z.string(),
  externalId: z.string(),
  cityId: z.number().int(),
  cityName: z.string(),
  quantity: z.number().int(),
});
export const LowStockPage = z.object({
  items: z.array(LowStockRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type LowStockPage = z.infer<typeof LowStockPage>;
