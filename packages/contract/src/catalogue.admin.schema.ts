import { z } from 'zod';

/**
 * Catalogue operations of the back office (issue 12, docs/decisions/020): stock levels with their movement history
 * and the price rules shared by the back-office screens, the CSV import and the 1C exchange.
 */

/** Error codes of catalogue operations (81xx). */
export const CatalogueErrorCode = {
  /** 422: the change would leave a SKU's stock in a city below zero; nothing was changed. */
  stockWouldBeNegative: 8101,
  /** 422 (fields `price`/`originalPrice`): the original price is below the selling price. */
  invalidPrice: 8102,
  /** 404: no such product. */
  productNotFound: 8103,
  /** 404: no such SKU. */
  skuNotFound: 8104,
  /** 404: no such city. */
  cityNotFound: 8105,
  /** 409 (field `slug`): another product already has this slug. */
  slugTaken: 8106,
  /** 409 (field `externalId`): another SKU already has this external id. */
  externalIdTaken: 8107,
  /** 422 (field `file`): the uploaded picture is not a JPEG, PNG or WebP, too big, or too small. */
  imageRejected: 8108,
  /** 404: no such picture, pickup point or banner. */
  entityNotFound: 8109,
  /** 409: the entity is still used (a category of products, a city with stock or orders). */
  inUse: 8110,
} as const;

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

/** Most units of one SKU in one city the shop accepts (a typo guard, not a business limit). */
export const MAX_STOCK_UNITS = 1_000_000;

/** Units on a shelf: a whole number from 0 to {@link MAX_STOCK_UNITS}. */
export const StockUnitsInput = z.coerce
  .number({ message: 'Укажите количество' })
  .int({ message: 'Количество — целое число' })
  .min(0, { message: 'Количество не может быть меньше нуля' })
  .max(MAX_STOCK_UNITS, { message: 'Слишком большое количество' });

/** Most tenge a price may be (a typo guard). */
export const MAX_PRICE_TENGE = 100_000_000;

/** A price in whole tenge, from 1 to {@link MAX_PRICE_TENGE} (spec §9: no minor units). */
export const PriceInput = z.coerce
  .number({ message: 'Укажите цену' })
  .int({ message: 'Цена — целое число тенге' })
  .min(1, { message: 'Цена должна быть больше нуля' })
  .max(MAX_PRICE_TENGE, { message: 'Слишком большая цена' });

/** The message when the original price is below the selling price. */
export const ORIGINAL_PRICE_RULE = 'Цена до скидки не может быть меньше цены продажи';

/**
 * A product's prices: `price` (what the shopper pays) and `originalPrice` (before the discount; absent or equal to
 * `price` when not discounted), whole tenge.
 */
export const ProductPricesInput = z
  .object({ price: PriceInput, originalPrice: PriceInput.optional() })
  .strict()
  .refine((p) => p.originalPrice === undefined || p.originalPrice >= p.price, {
    message: ORIGINAL_PRICE_RULE,
    path: ['originalPrice'],
  });
export type ProductPricesInput = z.infer<typeof ProductPricesInput>;
