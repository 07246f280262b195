import type { ProductInputParsed } from '@kiim/contract';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { badRequest } from '#app/lib/errors.ts';
import { setStockLevels } from '#app/modules/inventory/inventory.levels.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import { skuCodesOf } from './catalog.admin.naming.ts';
import type { SkuTable } from './catalog.table.ts';

// The sizes (SKUs) of the product form (issue 12, docs/decisions/020): codes, own prices (decision 032), own
// packaging for carrier delivery (issue 34 item 5, decision 070) and a new product's first stock. Run inside the
// product's transaction (catalog.admin.products.ts), which writes the audit entry of the product.

/** A SKU's own packed size as the back office shows it (grams, cm); null fields fall back to its category. */
export const packagingOfSku = (s: Selectable<SkuTable>) => ({
  weightG: s.package_weight_g,
  lengthCm: s.package_length_cm,
  widthCm: s.package_width_cm,
  heightCm: s.package_height_cm,
});

/** The packaging columns a size of the form sets: absent fields leave the stored value, null clears it. */
const packagingColumns = (s: ProductInputParsed['skus'][number]) => ({
  ...(s.packageWeightG === undefined ? {} : { package_weight_g: s.packageWeightG }),
  ...(s.packageLengthCm === undefined ? {} : { package_length_cm: s.packageLengthCm }),
  ...(s.packageWidthCm === undefined ? {} : { package_width_cm: s.packageWidthCm }),
  ...(s.packageHeightCm === undefined ? {} : { package_height_cm: s.packageHeightCm }),
});

/**
 * Writes the SKUs of a form: existing ones changed, new ones added, in the listed order, each with its own prices
 * and packaging when the form gives them; an empty code is made by the shop (catalog.admin.naming.ts). @returns the SKUs' ids in
 * the form's order.
 */
export async function writeSkus(trx: DbOrTrx, productId: number, input: ProductInputParsed, nowIso: string) {
  const codes = await skuCodesOf(trx, productId, input.skus);
  // External ids may swap between sizes of one product: park the changed ones first (unique index).
  for (const s of input.skus) {
    if (s.id !== undefined) await admin.updateSku(trx, s.id, { external_id: `~${s.id}`, updated_at: nowIso });
  }
  const ids: number[] = [];
  for (const [order, s] of input.skus.entries()) {
    const fields = {
      ...{ size: s.size, size_order: order + 1, external_id: codes[order]!, updated_at: nowIso },
      // A size's own prices (decision 032): absent — kept; null — its product's again.
      ...(s.price === undefined
        ? {}
        : { price: s.price, original_price: s.price === null ? null : (s.originalPrice ?? s.price) }),
      ...packagingColumns(s),
    };
    const id = s.id ?? (await admin.nextId(trx, 'sku'));
    if (s.id !== undefined) await admin.updateSku(trx, s.id, fields);
    else await admin.insertSku(trx, { id, product_id: productId, ...fields, created_at: nowIso });
    ids.push(id);
  }
  return ids;
}

/**
 * A new product's first units per size and city (the form's `skus[].stock`), written as goods received: a stock
 * movement (`receipt`) and an audit entry (`stock.level_set`) per line, in the product's transaction.
 */
export async function writeFirstStock(
  trx: DbOrTrx,
  skuIds: number[],
  input: ProductInputParsed,
  actor: Actor,
) {
  const lines = input.skus.flatMap((s, i) =>
    (s.stock ?? []).filter((c) => c.quantity > 0).map((c) => ({ skuId: skuIds[i]!, ...c })),
  );
  if (lines.length === 0) return;
  const changes = lines.map((l) => ({ skuId: l.skuId, cityId: l.cityId, delta: l.quantity }));
  const done = await setStockLevels(trx, changes, { reason: 'receipt', actor, at: actor.at });
  for (const r of done)
    await audit(
      trx,
      actor,
      'stock.level_set',
      { type: 'sku', id: String(r.skuId) },
      { cityId: r.cityId, quantity: r.before },
      { cityId: r.cityId, quantity: r.after, reason: 'receipt', note: null },
    );
}

/** A product that exists gets its stock on the stock form, not with its fields. @throws AppError 400. */
export function refuseStockOnUpdate(input: ProductInputParsed) {
  const errors: Record<string, string[]> = {};
  input.skus.forEach((s, i) => {
    if (s.stock?.length)
      errors[`skus.${i}.stock`] = ['Остатки созданного товара меняются в разделе «Остатки» на его странице'];
  });
  if (Object.keys(errors).length) throw badRequest(errors, 'Проверьте поля товара');
}
