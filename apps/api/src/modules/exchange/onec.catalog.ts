import type { Category } from '@kiim/contract';
import {
  createBrand,
  createProduct,
  listBrandNames,
  productFields,
  reindexImported,
  setProductsActive,
  updateProduct,
  type ImportedProductFields,
} from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import * as repo from './exchange.repository.ts';
import type { ExchangeProductRow } from './exchange.repository.ts';
import { importPictures } from './onec.pictures.ts';
import {
  flattenGroups,
  onlyChanges,
  parseProduct,
  parseProperty,
  type ProductData,
  type Property,
} from './onec.parse.ts';
import { categoryMatcher, cityMatcher, count, saveWarehouse, type OneCRun } from './onec.run.ts';
import { readXml, textOf, type XNode } from './xml.stream.ts';

// import.xml of the 1C exchange (issue 12 item 3): groups → categories (a new group maps to the category with the same
// words), properties (for «Бренд»/«Производитель»), warehouses, and products. A new product is made unpublished with
// a placeholder price until offers.xml prices it; it is shown when its group is mapped, it is not marked deleted in
// 1C, and it has a price. A full import (not СодержитТолькоИзменения) unpublishes the 1C products it does not list;
// nothing is ever deleted.

const PARENTS: Record<string, string> = {
  Группы: 'Классификатор',
  Свойство: 'Свойства',
  Склад: 'Склады',
  Товар: 'Товары',
  СодержитТолькоИзменения: 'Каталог',
};
const wanted = (name: string, path: readonly string[]) => name in PARENTS && PARENTS[name] === path.at(-1);

/** What import.xml reads as it goes. */
interface CatalogState {
  properties: Map<string, Property>;
  groups: Map<string, number | null>;
  brands: Map<string, number>;
  categories: Map<number, Category>;
  fallback: Category;
  changesOnly: boolean;
  touched: number[];
}

/** Brand id by name; an unknown brand is made. */
async function brandId(run: OneCRun, s: CatalogState, name: string): Promise<number> {
  const label = name.trim() || 'Без бренда';
  const known = s.brands.get(label.toLowerCase());
  if (known !== undefined) return known;
  const id = await createBrand(run.trx, run.ids, label, run.nowIso);
  s.brands.set(label.toLowerCase(), id);
  count(run, 'brandsCreated');
  return id;
}

async function saveGroups(run: OneCRun, s: CatalogState, node: XNode) {
  const matchCategory = await categoryMatcher(run.trx);
  for (const g of flattenGroups(node)) {
    await repo.upsertGroup(run.trx, {
      ...{
        external_id: g.id,
        name: g.name,
        parent_external_id: g.parent,
        category_id: matchCategory(g.name),
      },
      ...{ created_at: run.nowIso, updated_at: run.nowIso },
    });
  }
  s.groups = new Map((await repo.listGroups(run.trx)).map((g) => [g.external_id, g.category_id]));
}

/** The fields 1C decides of a product: the category only while its group is mapped. */
function wantedFields(p: ProductData, category: Category | undefined, brand: number, active: number) {
  const fields: Partial<ImportedProductFields> = {
    name: p.name,
    description: p.description,
    brand_id: brand,
    is_active: active,
  };
  if (category)
    Object.assign(fields, { category_id: category.id, kind: category.kind, gender: category.gender });
  return fields;
}

/** Makes or updates the products of a batch of Товар elements. */
async function saveProducts(run: OneCRun, s: CatalogState, nodes: XNode[]) {
  const products = nodes.map((n) => parseProduct(n, s.properties));
  const links = await repo.productsOf1cIds(
    run.trx,
    products.map((p) => p.id),
  );
  const current = new Map(
    (
      await productFields(
        run.trx,
        links.map((l) => l.product_id),
      )
    ).map((f) => [f.id, f]),
  );
  const listed: ExchangeProductRow[] = [];
  for (const p of products) {
    const categoryId = p.groupId ? s.groups.get(p.groupId) : null;
    const category = categoryId ? s.categories.get(categoryId) : undefined;
    const publish = category && !p.deleted ? 1 : 0;
    if (!category) count(run, 'productsInUnmappedGroups');
    const brand = await brandId(run, s, p.brand);
    const mine = links.filter((l) => l.product_1c_id === p.id);
    if (mine.length === 0) mine.push(await createFrom1c(run, s, p, category, brand, publish));
    for (const link of mine) {
      const fields = wantedFields(p, category, brand, publish && link.priced ? 1 : 0);
      const before = current.get(link.product_id);
      const diff = Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => before && before[k as keyof typeof before] !== v),
      );
      if (Object.keys(diff).length) {
        await updateProduct(run.trx, link.product_id, diff, run.nowIso);
        count(run, 'productsUpdated');
        s.touched.push(link.product_id);
      }
      listed.push({ ...link, group_external_id: p.groupId, publish, listed_at: run.nowIso });
      await importPictures(run, link.product_id, p.name, p.pictures);
    }
    run.done.items++;
  }
  await repo.upsertProductLinks(run.trx, listed);
}

/** Makes the shop product of a new 1C product (unpublished, placeholder price until offers.xml). */
async function createFrom1c(
  run: OneCRun,
  s: CatalogState,
  p: ProductData,
  category: Category | undefined,
  brandId: number,
  publish: number,
) {
  const cat = category ?? s.fallback;
  const productId = await createProduct(
    run.trx,
    run.ids,
    {
      ...{ modelCode: p.article || p.id, name: p.name, description: p.description, brandId, category: cat },
      ...{ colourName: p.colour, price: 1, originalPrice: 1, active: false, sizes: [] },
    },
    run.nowIso,
  );
  count(run, 'productsCreated');
  s.touched.push(productId);
  const link = {
    ...{ external_id: p.id, product_1c_id: p.id, product_id: productId, group_external_id: p.groupId },
    ...{ publish, priced: 0, listed_at: run.nowIso, created_at: run.nowIso, updated_at: run.nowIso },
  };
  // Recorded with the batch's other links (saveProducts).
  return link;
}

/** Imports import.xml in the run's transaction. @throws ExchangeFileError / XmlFileError (nothing is kept). */
export async function importCatalogXml(run: OneCRun, file: string): Promise<void> {
  const categories = await listCategories(run.trx);
  const s: CatalogState = {
    properties: new Map(),
    groups: new Map((await repo.listGroups(run.trx)).map((g) => [g.external_id, g.category_id])),
    brands: new Map((await listBrandNames(run.trx)).map((b) => [b.name.toLowerCase(), b.id])),
    categories: new Map(categories.map((c) => [c.id, c])),
    fallback: categories[0]!,
    changesOnly: false,
    touched: [],
  };
  const cityOf = await cityMatcher(run.trx);
  await readXml(
    file,
    wanted,
    async (nodes) => {
      for (const n of nodes) {
        if (n.name === 'Группы') await saveGroups(run, s, n);
        else if (n.name === 'Свойство') s.properties.set(textOf(n, 'Ид'), parseProperty(n));
        else if (n.name === 'Склад')
          await saveWarehouse(run, textOf(n, 'Ид'), textOf(n, 'Наименование'), cityOf);
        else if (n.name === 'СодержитТолькоИзменения') s.changesOnly = onlyChanges(n);
      }
      const products = nodes.filter((n) => n.name === 'Товар');
      if (products.length) await saveProducts(run, s, products);
    },
    (name, attrs) => {
      if (name === 'Каталог' && attrs['СодержитТолькоИзменения'] !== undefined)
        s.changesOnly = attrs['СодержитТолькоИзменения'] === 'true';
    },
  );
  if (!s.changesOnly) {
    const unlisted = await repo.unlistMissing(run.trx, run.nowIso);
    await setProductsActive(run.trx, unlisted, 0, run.nowIso);
    count(run, 'productsUnpublished', unlisted.length);
  }
  await reindexImported(run.trx, [...new Set(s.touched)]);
}
