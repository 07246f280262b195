import { ErrorCode, type OrderDraft } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { loadCartLines, type CartLine } from '#app/modules/cart/cart.service.ts';
import { allocate, wantedElsewhere, type Allocation } from '#app/modules/inventory/inventory.allocate.ts';
import { lockStock, reserveStock as takeUnits } from '#app/modules/inventory/inventory.service.ts';
import { insufficientStock, orderStockNote } from '../order.rules.ts';

/**
 * Order step "plan the stock", in the order's transaction after the cart is claimed: the cart's lines for the
 * order's city; the stock rows of the lines that can be ordered, locked (inventory); where every unit comes
 * from — the city, and with `includeOtherCityItems` other visible cities (inventory.allocate.ts). Nothing is
 * written: {@link takeStock} takes the units, as the transaction's last write. Lines not ordered stay in the cart.
 * @returns the allocation: the order lines to write and the cart lines ordered.
 * @throws AppError 409 insufficientStock with `details.lines` (a line short, or every line still sold sold out:
 *   typically taken by a parallel order since the shopper saw it); 422 emptyCart (nothing sellable at all).
 */
export async function planStock(trx: DbOrTrx, draft: OrderDraft): Promise<Allocation<CartLine>> {
  const lines = await loadCartLines(trx, draft.cartUuid, draft.regionId);
  const candidates = lines.filter((l) => l.inStock || (draft.includeOtherCityItems && wantedElsewhere(l)));
  const stock = await lockStock(
    trx,
    candidates.map((l) => l.skuId),
  );
  const plan = allocate(lines, stock, draft.regionId, draft.includeOtherCityItems);
  if (plan.short.length) throw insufficientStock(plan.short);
  if (plan.planned.length === 0) {
    const soldOut = lines.filter((l) => l.productActive);
    if (soldOut.length) {
      throw insufficientStock(
        soldOut.map((l) => ({ externalId: l.externalId, requested: l.qty, available: 0 })),
      );
    }
    throw new AppError(
      422,
      ErrorCode.emptyCart,
      'В корзине нет товаров, которые можно заказать в выбранном городе',
    );
  }
  return plan;
}

/**
 * Order step "take the stock": the planned units taken from their cities (inventory), under the lock of
 * {@link planStock}, with their stock movement rows (reason `order`, actor the shop, note «№ `number`»: one
 * per SKU and city, one INSERT). The order's LAST write: a stock change locks the product's stock summary rows until
 * commit and bumps the catalogue version (decision 018) — on SQLite in the statement, on PostgreSQL at COMMIT (a
 * deferred trigger: the counter row is locked for the commit only) — so taken last, those locks are not held through
 * the order's other writes.
 * @throws AppError 409 insufficientStock with `details.lines` when a city no longer holds its units (cannot happen
 *   under the lock; the conditional update still keeps stock from going below zero).
 */
export async function takeStock(
  trx: DbOrTrx,
  plan: Allocation<CartLine>,
  number: string,
  nowIso: string,
): Promise<void> {
  const short = await takeUnits(
    trx,
    plan.planned.map((p) => ({ skuId: p.line.skuId, cityId: p.sourceCityId, qty: p.qty })),
    nowIso,
    { reason: 'order', actor: { type: 'system', id: null }, note: orderStockNote(number) },
  );
  if (short.length) {
    throw insufficientStock(
      short.map((s) => {
        const line = plan.planned.find((p) => p.line.skuId === s.skuId)!.line;
        return { externalId: line.externalId, requested: line.qty, available: s.available };
      }),
    );
  }
}
