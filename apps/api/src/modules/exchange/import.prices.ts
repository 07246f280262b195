import { MAX_PRICE_TENGE, type ImportRowError } from '@kiim/contract';
import type { SkuRef } from '#app/modules/catalog/catalog.import.ts';
import { wholeNumber, type SheetRow } from './csv.sheet.ts';
import { rowError, type ImportPlan, type PlannedChange, type SheetKind } from './import.core.ts';
import { setPrices, skusOf } from './exchange.writes.ts';

// Prices from a spreadsheet (issue 12 item 2): `externalId` (a SKU's ERP id), `price` and `originalPrice` in whole
// tenge (spec §3 and decision 003: the price before a discount is at least the price; empty means no discount).
// Prices belong to the product: rows of SKUs of one product must agree.

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

/** The prices kind: changes of price and price before discount per product. */
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
    const byProduct = new Map<number, PriceRow>();
    const rowsOfProduct = new Map<number, number>();
    for (const r of rows) {
      const checked = checkRow(r, skus);
      if (Array.isArray(checked)) {
        errors.push(...checked);
        continue;
      }
      const first = byProduct.get(checked.sku.product_id);
      const count = rowsOfProduct.get(checked.sku.product_id) ?? 0;
      if (!first) byProduct.set(checked.sku.product_id, checked);
      if (!first || (first.price === checked.price && first.originalPrice === checked.originalPrice))
        rowsOfProduct.set(checked.sku.product_id, count + 1);
      else if (first.price !== checked.price || first.originalPrice !== checked.originalPrice)
        errors.push(
          rowError(
            r.row,
            'price',
            `Цены размеров одного товара должны совпадать: в строке ${first.row} другие`,
          ),
        );
    }
    const changes: PlannedChange[] = [];
    let unchangedRows = 0;
    for (const [productId, p] of byProduct) {
      if (p.sku.price === p.price && p.sku.original_price === p.originalPrice) {
        unchangedRows += rowsOfProduct.get(productId) ?? 0;
        continue;
      }
      const apply: PlannedChange['apply'] = (trx, actor) =>
        setPrices(trx, productId, p.price, p.originalPrice, actor);
      const base = { row: p.row, externalId: p.sku.external_id };
      if (p.sku.price !== p.price)
        changes.push({ ...base, field: 'price', before: p.sku.price, after: p.price, apply });
      if (p.sku.original_price !== p.originalPrice)
        changes.push({
          ...{ ...base, field: 'originalPrice', before: p.sku.original_price, after: p.originalPrice },
          apply: p.sku.price !== p.price ? async () => {} : apply,
        });
    }
    return { changes, unchangedRows, errors };
  },
};
