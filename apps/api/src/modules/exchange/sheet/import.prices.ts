import { MAX_PRICE_TENGE, type ImportRowError } from '@kiim/contract';
import type { SkuRef } from '#app/modules/catalog/catalog.import.ts';
import { wholeNumber, type SheetRow } from './csv.sheet.ts';
import { rowError, type ImportPlan, type PlannedChange, type SheetKind } from './import.core.ts';
import { skuCounts } from '#app/modules/catalog/catalog.import.ts';
import { setPrices, setSkuPrices, skusOf } from '../exchange.writes.ts';

// Prices from a spreadsheet (issue 12 item 2): `externalId` (a SKU's ERP id), `price` and `originalPrice` in whole
// tenge (spec §3 and decision 003: the price before a discount is at least the price; empty means no discount).
// Each size keeps its own price (issue 28 item 4, docs/decisions/032): a row sets its size's price; rows giving
// every size of a product one price set the product's price instead (its sizes' own prices cleared).

interface PriceRow {
  row: number;
  sku: SkuRef;
  price: number;
  originalPrice: number;
}

/** Checks the cells of one row. @returns the row or its errors. */
function checkRow(r: SheetRow, skus: Map<string, SkuRef>): PriceRow | ImportRowError[] {
  const errors: ImportRowError[] = [];
  const externalId = r.cells.externalId ?? '';
  const sku = skus.get(externalId);
  if (!externalId) errors.push(rowError(r.row, 'externalId', 'Не указан код размера товара (externalId)'));
  else if (!sku) errors.push(rowError(r.row, 'externalId', `Нет размера товара с кодом «${externalId}»`));
  const price = wholeNumber(r.cells.price ?? '');
  if (price === null || price <= 0 || price > MAX_PRICE_TENGE)
    errors.push(
      rowError(
        r.row,
        'price',
        `Цена должна быть целым числом тенге больше нуля, а не «${r.cells.price ?? ''}»`,
      ),
    );
  const originalCell = r.cells.originalPrice ?? '';
  const original = originalCell ? wholeNumber(originalCell) : price;
  if (original === null || original <= 0 || original > MAX_PRICE_TENGE)
    errors.push(
      rowError(
        r.row,
        'originalPrice',
        `Цена до скидки должна быть целым числом тенге, а не «${originalCell}»`,
      ),
    );
  else if (price !== null && original < price)
    errors.push(rowError(r.row, 'originalPrice', 'Цена до скидки не может быть меньше цены'));
  return errors.length ? errors : { row: r.row, sku: sku!, price: price!, originalPrice: original! };
}

/** What one product's rows change: its own price (every size listed at one price) or its listed sizes' prices. */
function productChanges(rows: readonly PriceRow[], skuCount: number): PlannedChange[] {
  const first = rows[0]!;
  const productId = first.sku.product_id;
  const agree = rows.every((r) => r.price === first.price && r.originalPrice === first.originalPrice);
  const whole = agree && new Set(rows.map((r) => r.sku.id)).size === skuCount;
  const changed = rows.filter((r) => r.sku.price !== r.price || r.sku.original_price !== r.originalPrice);
  const ownToClear = whole ? rows.filter((r) => r.sku.own_price !== null) : [];
  const productChanged =
    whole &&
    (first.sku.product_price !== first.price || first.sku.product_original_price !== first.originalPrice);
  if (!changed.length && !ownToClear.length && !productChanged) return [];
  // Every size at one price: the product's price, sizes' own prices cleared; else each listed size its own.
  const apply: PlannedChange['apply'] = async (trx, actor) => {
    if (whole) {
      await setPrices(trx, productId, first.price, first.originalPrice, actor);
      const clear = ownToClear.map((r) => ({ skuId: r.sku.id, price: null, originalPrice: null }));
      await setSkuPrices(trx, clear, actor);
    } else {
      const own = rows.map((r) => ({ skuId: r.sku.id, price: r.price, originalPrice: r.originalPrice }));
      await setSkuPrices(trx, own, actor);
    }
  };
  const changes: PlannedChange[] = [];
  const once = () => (changes.length ? async () => {} : apply);
  for (const r of changed.length ? changed : [first]) {
    const base = { row: r.row, externalId: r.sku.external_id };
    if (r.sku.price !== r.price || !changed.length)
      changes.push({ ...base, field: 'price', before: r.sku.price, after: r.price, apply: once() });
    if (r.sku.original_price !== r.originalPrice) {
      const field = 'originalPrice';
      changes.push({ ...base, field, before: r.sku.original_price, after: r.originalPrice, apply: once() });
    }
  }
  return changes;
}

/** The prices kind: changes of price and price before discount per size (decision 032). */
export const pricesSheet: SheetKind = {
  kind: 'prices',
  columns: [
    { name: 'externalId', required: true, aliases: ['external_id', 'артикул', 'код'] },
    { name: 'price', required: true, aliases: ['цена'] },
    { name: 'originalPrice', required: false, aliases: ['original_price', 'цена до скидки', 'старая цена'] },
  ],
  async plan(db, rows): Promise<ImportPlan> {
    const found = await skusOf(
      db,
      rows.map((r) => r.cells.externalId ?? ''),
    );
    const skus = new Map(found.map((s) => [s.external_id, s]));
    const errors: ImportRowError[] = [];
    const byProduct = new Map<number, PriceRow[]>();
    const seen = new Map<string, number>();
    for (const r of rows) {
      const checked = checkRow(r, skus);
      if (Array.isArray(checked)) {
        errors.push(...checked);
        continue;
      }
      const first = seen.get(checked.sku.external_id);
      if (first !== undefined) {
        errors.push(rowError(r.row, 'externalId', `Код размера уже указан в строке ${first}`));
        continue;
      }
      seen.set(checked.sku.external_id, r.row);
      const productId = checked.sku.product_id;
      byProduct.set(productId, [...(byProduct.get(productId) ?? []), checked]);
    }
    const counts = await skuCounts(db, [...byProduct.keys()]);
    const changes: PlannedChange[] = [];
    let unchangedRows = 0;
    for (const [productId, productRows] of byProduct) {
      const planned = productChanges(productRows, counts.get(productId) ?? 0);
      if (planned.length) changes.push(...planned);
      else unchangedRows += productRows.length;
    }
    return { changes, unchangedRows, errors };
  },
};
