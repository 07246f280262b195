import { z } from 'zod';
import { StockUnitsInput } from './catalogue.admin.schema.ts';
import { MANUAL_STOCK_REASONS } from './catalogue.stock.schema.ts';
import { MAX_ID } from './common.schema.ts';

// Stock changes staff make by hand (issue 27 §6): each reason does what its name says — goods received and a
// customer's return add units, damaged goods written off take them away, a stocktake and a correction set the
// counted level — and one form may change several sizes in several cities at once.

/** A reason chosen by hand on the stock form. */
export type ManualStockReason = (typeof MANUAL_STOCK_REASONS)[number];

/** What a reason does with the number typed: adds it, takes it away, or sets the level to it. */
export type StockReasonEffect = 'add' | 'remove' | 'set';

/** The effect of every manual reason («Поступление товара» adds, «Инвентаризация» sets…). */
export const STOCK_REASON_EFFECT: Record<ManualStockReason, StockReasonEffect> = {
  stocktake: 'set',
  damage: 'remove',
  return: 'add',
  receipt: 'add',
  correction: 'set',
};

/** The line the stock form shows beside the reason it has selected: what the numbers will do. */
export const STOCK_REASON_EXPLAINED: Record<ManualStockReason, string> = {
  stocktake: 'Инвентаризация: остаток станет равен посчитанному количеству.',
  damage: 'Списание брака: указанное количество вычитается из остатка.',
  return: 'Возврат покупателя: указанное количество прибавляется к остатку.',
  receipt: 'Поступление товара: указанное количество прибавляется к остатку.',
  correction: 'Исправление ошибки: остаток станет равен указанному количеству.',
};

/** Most lines one stock form may send (40 sizes × a few cities). */
export const MAX_STOCK_CHANGE_LINES = 400;

const StockId = (what: string) =>
  z.coerce
    .number({ message: `Выберите ${what}` })
    .int({ message: `Выберите ${what}` })
    .positive({ message: `Выберите ${what}` })
    .max(MAX_ID, { message: `Выберите ${what}` });

/** One line of a stock change: a size (SKU) in a city and the number of units typed for it. */
export const StockChangeLine = z
  .object({ skuId: StockId('размер'), cityId: StockId('город'), quantity: StockUnitsInput })
  .strict();

/**
 * Body of `POST /api/admin/catalogue/stock/changes`: one reason and note for several sizes in several cities, each
 * line's `quantity` added, taken away or set as {@link STOCK_REASON_EFFECT} says. Applied in one transaction (all
 * or nothing), a stock movement per changed line; a size and city named twice is refused.
 */
export const StockChangesInput = z
  .object({
    reason: z.enum(MANUAL_STOCK_REASONS, { message: 'Выберите причину' }),
    note: z
      .string()
      .trim()
      .max(500, { message: 'Комментарий: не длиннее 500 символов' })
      .nullish()
      .transform((v) => v || null),
    lines: z
      .array(StockChangeLine)
      .min(1, { message: 'Укажите количество хотя бы для одного размера' })
      .max(MAX_STOCK_CHANGE_LINES, { message: `Не больше ${MAX_STOCK_CHANGE_LINES} строк за раз` }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.lines.forEach((l, i) => {
      const key = `${l.skuId}:${l.cityId}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'quantity'],
          message: 'Этот размер в этом городе уже указан',
        });
      seen.add(key);
    });
  });
export type StockChangesInput = z.input<typeof StockChangesInput>;

/** What a stock change did, line by line in the given order: units before and after. */
export const StockChangesResult = z.object({
  items: z.array(
    z.object({
      skuId: z.number().int(),
      cityId: z.number().int(),
      before: z.number().int(),
      after: z.number().int(),
    }),
  ),
});
export type StockChangesResult = z.infer<typeof StockChangesResult>;
