import { Readable } from 'node:stream';
import { MEASUREMENT_KEYS, type ImportKind } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { listCities } from '#app/modules/catalog/catalog.service.ts';
import { productSkuPage, skuPage } from '#app/modules/catalog/catalog.import.ts';
import { measurementsOfProducts } from '#app/modules/catalog/catalog.measurements.ts';
import { allStockRows } from '#app/modules/inventory/inventory.levels.ts';
import { FORMULA_START } from './csv.sheet.ts';

// Export of the whole catalogue in the shapes the import reads (issue 12 item 2): UTF-8 with the byte-order mark and
// `;` between cells, so Excel in Russian locale opens it as it is and the file can be edited and imported back.

/**
 * A CSV cell: quoted when it holds the separator, a quote or a line break. A text that a spreadsheet would run as a
 * formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'` and quotes, as OWASP's «CSV
 * Injection» page recommends; the import drops that `'` again ({@link formulaGuardRemoved}). Numbers are written
 * as they are.
 */
export const cell = (v: string | number) => {
  const s = typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : String(v);
  return /[;"\r\n\t']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const line = (cells: (string | number)[]) => `${cells.map(cell).join(';')}\r\n`;

/** Every SKU in id order, read in pages. */
async function* allSkus(db: DbOrTrx) {
  let after = 0;
  for (;;) {
    const page = await skuPage(db, after, 5000);
    yield* page;
    if (page.length < 5000) return;
    after = page[page.length - 1]!.id;
  }
}

async function* stockLines(db: DbOrTrx) {
  const cities = new Map((await listCities(db)).map((c) => [c.id, c.name]));
  const externalIds = new Map<number, string>();
  for await (const s of allSkus(db)) externalIds.set(s.id, s.external_id);
  yield line(['externalId', 'cityId', 'city', 'quantity']);
  for await (const r of allStockRows(db))
    yield line([externalIds.get(r.skuId) ?? '', r.cityId, cities.get(r.cityId) ?? '', r.quantity]);
}

async function* priceLines(db: DbOrTrx) {
  yield line(['externalId', 'price', 'originalPrice']);
  for await (const s of allSkus(db)) yield line([s.external_id, s.price, s.original_price]);
}

async function* productLines(db: DbOrTrx) {
  yield line([
    'externalId',
    'model',
    'name',
    'category',
    'brand',
    'colour',
    'size',
    'price',
    'originalPrice',
    'description',
    'published',
    ...MEASUREMENT_KEYS,
  ]);
  let after = 0;
  for (;;) {
    const page = await productSkuPage(db, after, 5000);
    const measured = await measurementsOfProducts(
      db,
      page.map((r) => r.product_id),
    );
    for (const r of page) {
      const m = measured.get(r.product_id)?.get(r.size);
      yield line([
        ...[r.external_id, r.model_code, r.name, r.category_slug, r.brand_name, r.colour_name, r.size],
        ...[r.price, r.original_price, r.description, r.is_active ? 'да' : 'нет'],
        // Centimetres with a decimal comma, as Excel in Russian locale writes them (empty: not measured).
        ...MEASUREMENT_KEYS.map((k) => (m?.[k] == null ? '' : String(m[k]).replace('.', ','))),
      ]);
    }
    if (page.length < 5000) return;
    after = page[page.length - 1]!.id;
  }
}

/** The CSV export of `kind` as a stream of UTF-8 text (starting with the byte-order mark). */
export function exportSheet(db: DbOrTrx, kind: ImportKind): Readable {
  const lines = kind === 'stock' ? stockLines(db) : kind === 'prices' ? priceLines(db) : productLines(db);
  async function* withBom() {
    yield '\uFEFF';
    yield* lines;
  }
  return Readable.from(withBom());
}
