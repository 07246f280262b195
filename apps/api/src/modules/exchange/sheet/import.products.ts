import { MAX_PRICE_TENGE, type Category, type ImportRowError, type SizeMeasurements } from '@kiim/contract';
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
import { measurementsOfProducts, writeMeasurements } from '#app/modules/catalog/catalog.measurements.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import { wholeNumber, type SheetRow } from './csv.sheet.ts';
import { rowError, type ImportPlan, type PlannedChange, type SheetKind } from './import.core.ts';
import {
  MEASUREMENT_COLUMNS,
  measurementChange,
  measurementsOf,
  sameMeasurements,
  type Measured,
} from './import.measurements.ts';
import { PACKAGING_COLUMNS, packagingChanges, rowPackaging } from './import.packaging.ts';
import type { PackagingValues } from '#app/modules/catalog/catalog.import.ts';
import { sizeOrder, skusOf } from '../exchange.writes.ts';

// Products with sizes from a spreadsheet, for a new collection (issue 12 item 2): one row per size. `model` and
// `colour` name the product (rows sharing them are its sizes), `externalId` the size's ERP id. New products are made
// (unpublished unless `published` says «да»), new sizes added to existing products; SKUs already in the shop are left
// as they are (prices: the prices sheet; stock: the stock sheet). Unknown brands are made. A new product's price is
// its cheapest row's; a size priced otherwise than its product keeps its own price (decision 032). A row may carry its
// size's garment measurements in cm (import.measurements.ts, decision 072): written for new sizes and known ones alike,
// keyed by the size label as the back office keeps them (decision 066). Optional packaging columns
// (import.packaging.ts, decision 070) set a size's own packed weight and size, also of sizes already in the shop.

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
  /** The size's measurements, when the row gives any. */
  measured: Measured | null;
  packaging: PackagingValues;
}

/** A known SKU's product and size label. */
type KnownSku = { id: number; product_id: number; size: string };

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
  const { measured, errors: badCells } = measurementsOf(r);
  errors.push(...badCells);
  const packaging = rowPackaging(r);
  if (Array.isArray(packaging)) errors.push(...packaging);
  if (errors.length) return errors;
  return {
    ...{ row: r.row, externalId: c.externalId!, model: c.model!, name: c.name!, category: category! },
    ...{ brand: c.brand!, colour: c.colour!, size: c.size!, price: price!, originalPrice: original! },
    ...{ description: c.description ?? '', published: YES.has((c.published ?? '').toLowerCase()) },
    measured,
    packaging: packaging as PackagingValues,
  };
}

/**
 * Checks the rows and groups the new sizes by product (model and colour); known SKUs are counted unchanged unless
 * their row measures their size otherwise than stored (then listed in `measuredKnown`). A size measured twice in
 * the file differently is a bad row (the later one).
 */
function groupRows(
  rows: readonly SheetRow[],
  categories: Category[],
  known: Map<string, KnownSku>,
  stored: Map<number, Map<string, Measured>>,
) {
  const errors: ImportRowError[] = [];
  const groups = new Map<string, ProductRow[]>();
  const seen = new Map<string, number>();
  const measuredAt = new Map<string, { row: number; measured: Measured }>();
  const measuredKnown: (ProductRow & { sku: KnownSku })[] = [];
  const unchanged: number[] = [];
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
    const sku = known.get(checked.externalId);
    const key = `${checked.model}\u0000${checked.colour.toLowerCase()}`;
    const size = sku ? sku.size : checked.size;
    if (checked.measured) {
      const target = sku ? `p${sku.product_id}\u0000${size}` : `g${key}\u0000${size}`;
      const earlier = measuredAt.get(target);
      if (earlier && !sameMeasurements(checked.measured, earlier.measured)) {
        errors.push(
          rowError(r.row, 'size', `Замеры размера «${size}» уже указаны иначе в строке ${earlier.row}`),
        );
        continue;
      }
      measuredAt.set(target, { row: r.row, measured: checked.measured });
    }
    seen.set(checked.externalId, r.row);
    if (sku) {
      knownRows.push({
        row: r.row,
        externalId: checked.externalId,
        skuId: sku.id,
        packaging: checked.packaging,
      });
      const now = stored.get(sku.product_id)?.get(sku.size);
      if (checked.measured && !sameMeasurements(checked.measured, now))
        measuredKnown.push({ ...checked, sku });
      else unchanged.push(r.row);
      continue;
    }
    groups.set(key, [...(groups.get(key) ?? []), checked]);
  }
  return { groups, errors, unchanged, measuredKnown, knownRows };
}

/** Writes the measurements of the rows that give them, for product `productId` (sizes as the rows name them). */
const writeMeasured = (trx: DbOrTrx, productId: number, rows: ProductRow[], nowIso: string) =>
  writeMeasurements(
    trx,
    productId,
    rows.flatMap((r) => (r.measured ? [{ size: r.size, ...r.measured }] : [])),
    nowIso,
  );

/** What the plan of the new sizes reads and shares: the catalogue as it is, and the products made. */
interface GroupPlan {
  /** Numbers of new rows, taken inside the apply's transaction. */
  ids: CatalogueIds | undefined;
  existing: Awaited<ReturnType<typeof productsByModels>>;
  counts: Map<number, number>;
  brands: Map<string, number>;
  stored: Map<number, Map<string, SizeMeasurements>>;
  /** Ids of the products made (their search terms are indexed once, at the end). */
  made: number[];
}

/**
 * The changes of one product's new sizes: the product when it is new (its apply makes it with its sizes), each
 * size, and each size's measurements (written by the same apply, listed for the preview).
 */
function planGroup(plan: GroupPlan, group: ProductRow[]): PlannedChange[] {
  const head = group[0]!;
  const product = plan.existing.find(
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
    const ids = (plan.ids ??= await CatalogueIds.of(trx));
    if (product) {
      await addSkus(trx, ids, product.id, sizes, (plan.counts.get(product.id) ?? 0) + 1, nowIso);
      await writeMeasured(trx, product.id, group, nowIso);
      return;
    }
    let brandId = plan.brands.get(head.brand.toLowerCase());
    if (brandId === undefined) {
      brandId = await createBrand(trx, ids, head.brand, nowIso);
      plan.brands.set(head.brand.toLowerCase(), brandId);
    }
    const sorted = [...sizes].sort((a, b) => sizeOrder(a.size) - sizeOrder(b.size));
    const productId = await createProduct(
      trx,
      ids,
      {
        ...{ modelCode: head.model, name: head.name, description: head.description, brandId },
        ...{ category: head.category, colourName: head.colour, price: base.price },
        ...{ originalPrice: base.originalPrice, active: head.published, sizes: sorted },
      },
      nowIso,
    );
    plan.made.push(productId);
    await writeMeasured(trx, productId, group, nowIso);
  };
  const changes: PlannedChange[] = [];
  if (!product)
    changes.push({
      ...{ row: head.row, externalId: head.model, field: 'product', before: null },
      ...{ after: `${head.name}, ${head.colour}`, apply },
    });
  group.forEach((g, i) => {
    changes.push({
      ...{ row: g.row, externalId: g.externalId, field: 'size', before: null, after: g.size },
      apply: i === 0 && product ? apply : async () => {},
    });
    const now = product ? plan.stored.get(product.id)?.get(g.size) : undefined;
    const measured = g.measured && measurementChange(g.row, g.externalId, g.measured, now);
    if (measured) changes.push(measured);
  });
  return changes;
}

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
    ...MEASUREMENT_COLUMNS,
    ...PACKAGING_COLUMNS,
  ],
  async plan(db, rows): Promise<ImportPlan> {
    const categories = await listCategories(db);
    const known = new Map(
      (
        await skusOf(
          db,
          rows.map((r) => r.cells.externalId ?? ''),
        )
      ).map((s) => [s.external_id, s]),
    );
    const existing = await productsByModels(db, [...new Set(rows.map((r) => r.cells.model ?? ''))]);
    const stored = await measurementsOfProducts(db, [
      ...[...known.values()].map((s) => s.product_id),
      ...existing.map((p) => p.id),
    ]);
    const { groups, errors, unchanged, measuredKnown, knownRows } = groupRows(
      rows,
      categories,
      known,
      stored,
    );
    const repacked = await packagingChanges(db, knownRows);
    const repackedRows = new Set(repacked.map((c) => c.row));
    const unchangedRows = unchanged.filter((row) => !repackedRows.has(row)).length;
    const counts = await skuCounts(
      db,
      existing.map((p) => p.id),
    );
    const brands = new Map((await listBrandNames(db)).map((b) => [b.name.toLowerCase(), b.id]));
    const made: number[] = [];
    const plan: GroupPlan = { ids: undefined, existing, counts, brands, stored, made };
    const changes: PlannedChange[] = [...groups.values()].flatMap((group) => planGroup(plan, group));
    for (const k of measuredKnown) {
      const change = measurementChange(
        k.row,
        k.externalId,
        k.measured!,
        stored.get(k.sku.product_id)?.get(k.sku.size),
      );
      const items = [{ size: k.sku.size, ...k.measured! }];
      if (change)
        changes.push({
          ...change,
          apply: (trx, actor) => writeMeasurements(trx, k.sku.product_id, items, actor.at.toISOString()),
        });
    }
    changes.push(...repacked);
    return { changes, unchangedRows, errors, finish: (trx) => reindexImported(trx, plan.made) };
  },
};
