import { MAX_PRICE_TENGE, type Category, type ImportRowError } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import {
  addSkus,
  CatalogueIds,
  createBrand,
  createProduct,
  listBrandNames,
  productsByModels,
  reindexImported,
  skuCounts,
} from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import { wholeNumber, type SheetRow } from './csv.sheet.ts';
import { rowError, type ImportPlan, type PlannedChange, type SheetKind } from './import.core.ts';
import { PACKAGING_COLUMNS, packagingChanges, rowPackaging } from './import.packaging.ts';
import type { PackagingValues } from '#app/modules/catalog/catalog.import.ts';
import { sizeOrder, skusOf } from '../exchange.writes.ts';

// Products with sizes from a spreadsheet, for a new collection (issue 12 item 2): one row per size. `model` and
// `colour` name the product (rows sharing them are its sizes), `externalId` the size's ERP id. New products are made
// (unpublished unless `published` says «да»), new sizes added to existing products; SKUs already in the shop are left
// as they are (prices: the prices sheet; stock: the stock sheet). Unknown brands are made. A new product's price is
// its cheapest row's; a size priced otherwise than its product keeps its own price (decision 032). Optional
// packaging columns (import.packaging.ts, decision 070) set a size's own packed weight and size, also of sizes
// already in the shop.

interface ProductRow {
  row: number;
  externalId: string;
  model: string;
  name: string;
  category: Category;
  brand: string;
  colour: string;
  size: string;
  price: number;
  originalPrice: number;
  description: string;
  published: boolean;
  packaging: PackagingValues;
}

const YES = new Set(['да', 'yes', '1', 'true']);

function checkRow(r: SheetRow, categories: Category[]): ProductRow | ImportRowError[] {
  const c = r.cells;
  const errors: ImportRowError[] = [];
  const need = (col: string, what: string) => {
    if (!c[col]) errors.push(rowError(r.row, col, `Не указано: ${what}`));
  };
  need('externalId', 'код размера (externalId)');
  need('model', 'модель (артикул)');
  need('name', 'название');
  need('brand', 'бренд');
  need('colour', 'цвет');
  need('size', 'размер');
  const key = (c.category ?? '').trim().toLowerCase();
  const category = categories.find((k) => k.slug === key || k.name.toLowerCase() === key);
  if (!category) errors.push(rowError(r.row, 'category', `Нет категории «${c.category ?? ''}»`));
  const price = wholeNumber(c.price ?? '');
  if (price === null || price <= 0 || price > MAX_PRICE_TENGE)
    errors.push(
      rowError(r.row, 'price', `Цена должна быть целым числом тенге больше нуля, а не «${c.price ?? ''}»`),
    );
  const original = c.originalPrice ? wholeNumber(c.originalPrice) : price;
  if (original === null || (price !== null && original < price) || original > MAX_PRICE_TENGE)
    errors.push(rowError(r.row, 'originalPrice', 'Цена до скидки — целое число не меньше цены'));
  const packaging = rowPackaging(r);
  if (Array.isArray(packaging)) errors.push(...packaging);
  if (errors.length) return errors;
  return {
    ...{ row: r.row, externalId: c.externalId!, model: c.model!, name: c.name!, category: category! },
    ...{ brand: c.brand!, colour: c.colour!, size: c.size!, price: price!, originalPrice: original! },
    ...{ description: c.description ?? '', published: YES.has((c.published ?? '').toLowerCase()) },
    packaging: packaging as PackagingValues,
  };
}

/**
 * Checks the rows and groups the new sizes by product (model and colour); known SKUs (by external id → SKU id) are
 * listed for their packaging only.
 */
function groupRows(rows: readonly SheetRow[], categories: Category[], known: Map<string, number>) {
  const errors: ImportRowError[] = [];
  const groups = new Map<string, ProductRow[]>();
  const seen = new Map<string, number>();
  const knownRows: { row: number; externalId: string; skuId: number; packaging: PackagingValues }[] = [];
  for (const r of rows) {
    const checked = checkRow(r, categories);
    if (Array.isArray(checked)) {
      errors.push(...checked);
      continue;
    }
    const first = seen.get(checked.externalId);
    if (first) {
      errors.push(rowError(r.row, 'externalId', `Код размера уже указан в строке ${first}`));
      continue;
    }
    seen.set(checked.externalId, r.row);
    const skuId = known.get(checked.externalId);
    if (skuId !== undefined) {
      knownRows.push({ row: r.row, externalId: checked.externalId, skuId, packaging: checked.packaging });
      continue;
    }
    const key = `${checked.model}\u0000${checked.colour.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), checked]);
  }
  return { groups, errors, knownRows };
}

/** SKU ids of the rows' external ids already in the shop. */
const knownSkus = async (db: DbOrTrx, rows: readonly SheetRow[]) =>
  new Map(
    (
      await skusOf(
        db,
        rows.map((r) => r.cells.externalId ?? ''),
      )
    ).map((s) => [s.external_id, s.id]),
  );

/** The products kind: new products and new sizes. */
export const productsSheet: SheetKind = {
  kind: 'products',
  columns: [
    { name: 'externalId', required: true, aliases: ['external_id', 'код'] },
    { name: 'model', required: true, aliases: ['модель', 'артикул'] },
    { name: 'name', required: true, aliases: ['название', 'наименование'] },
    { name: 'category', required: true, aliases: ['категория'] },
    { name: 'brand', required: true, aliases: ['бренд'] },
    { name: 'colour', required: true, aliases: ['color', 'цвет'] },
    { name: 'size', required: true, aliases: ['размер'] },
    { name: 'price', required: true, aliases: ['цена'] },
    { name: 'originalPrice', required: false, aliases: ['original_price', 'цена до скидки'] },
    { name: 'description', required: false, aliases: ['описание'] },
    { name: 'published', required: false, aliases: ['опубликован', 'показывать'] },
    ...PACKAGING_COLUMNS,
  ],
  async plan(db, rows): Promise<ImportPlan> {
    const { groups, errors, knownRows } = groupRows(
      rows,
      await listCategories(db),
      await knownSkus(db, rows),
    );
    const repacked = await packagingChanges(db, knownRows);
    const unchangedRows = knownRows.length - repacked.length;
    const existing = await productsByModels(db, [...new Set([...groups.values()].map((g) => g[0]!.model))]);
    const counts = await skuCounts(
      db,
      existing.map((p) => p.id),
    );
    const brands = new Map((await listBrandNames(db)).map((b) => [b.name.toLowerCase(), b.id]));
    let ids: CatalogueIds | undefined;
    const made: number[] = [];
    const changes: PlannedChange[] = [];
    for (const group of groups.values()) {
      const head = group[0]!;
      const product = existing.find(
        (p) => p.model_code === head.model && p.colour_name.toLowerCase() === head.colour.toLowerCase(),
      );
      // The product's price: its own when it exists, else its cheapest size's; a size at another keeps its own.
      const cheapest = [...group].sort((x, y) => x.price - y.price || y.originalPrice - x.originalPrice)[0]!;
      const base = product
        ? { price: Number(product.price), originalPrice: Number(product.original_price) }
        : { price: cheapest.price, originalPrice: cheapest.originalPrice };
      const sizes = group.map((g) => ({
        ...{ externalId: g.externalId, size: g.size, packaging: g.packaging },
        ...(g.price === base.price && g.originalPrice === base.originalPrice
          ? {}
          : { price: g.price, originalPrice: g.originalPrice }),
      }));
      const apply: PlannedChange['apply'] = async (trx: DbOrTrx, actor) => {
        const nowIso = actor.at.toISOString();
        ids ??= await CatalogueIds.of(trx);
        if (product) {
          await addSkus(trx, ids, product.id, sizes, (counts.get(product.id) ?? 0) + 1, nowIso);
          return;
        }
        let brandId = brands.get(head.brand.toLowerCase());
        if (brandId === undefined) {
          brandId = await createBrand(trx, ids, head.brand, nowIso);
          brands.set(head.brand.toLowerCase(), brandId);
        }
        const sorted = [...sizes].sort((a, b) => sizeOrder(a.size) - sizeOrder(b.size));
        made.push(
          await createProduct(
            trx,
            ids,
            {
              ...{ modelCode: head.model, name: head.name, description: head.description, brandId },
              ...{ category: head.category, colourName: head.colour, price: base.price },
              ...{ originalPrice: base.originalPrice, active: head.published, sizes: sorted },
            },
            nowIso,
          ),
        );
      };
      if (!product)
        changes.push({
          row: head.row,
          externalId: head.model,
          field: 'product',
          before: null,
          after: `${head.name}, ${head.colour}`,
          apply,
        });
      group.forEach((g, i) =>
        changes.push({
          ...{ row: g.row, externalId: g.externalId, field: 'size', before: null, after: g.size },
          apply: i === 0 && product ? apply : async () => {},
        }),
      );
    }
    changes.push(...repacked);
    return { changes, unchangedRows, errors, finish: (trx) => reindexImported(trx, made) };
  },
};
