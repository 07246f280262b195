import type { Category } from '@kiim/contract';
import {
  productFields,
  reindexImported,
  setProductsActive,
  setPackagingOfProducts,
  updateProduct,
  type ImportedProductFields,
} from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import * as repo from '../exchange.repository.ts';
import type { ExchangeProductRow } from '../exchange.repository.ts';
import { importPictures, storePictures } from './onec.pictures.ts';
import { packagingChangedSince } from './onec.packaging.ts';
import { publishWithoutPictures } from './onec.ready.ts';
import * as drafts from '../exchange.drafts.repository.ts';
import { NO_GROUP, NO_GROUP_NAME, type ExchangeDraftRow } from '../exchange.drafts.repository.ts';
import { groupByArticle, materializeMapped, modelCodeOf } from './onec.materialize.ts';
import { offerProperties } from './onec.offers.ts';
import { characteristicsOf } from './onec.sizes.ts';
import { propertyRoles, rememberProperties, type RoleOf, type SeenProperty } from './onec.properties.ts';
import {
  checkSchema,
  ExchangeFileError,
  ItemSkipped,
  flattenGroups,
  namedValues,
  onlyChanges,
  parseProduct,
  parseProperty,
  requisitesOf,
  type ProductData,
  type Property,
} from './onec.parse.ts';
import {
  brandResolver,
  categoryMatcher,
  cityMatcher,
  count,
  saveWarehouse,
  warn,
  type OneCRun,
} from './onec.run.ts';
import { readXml, textOf, type XNode } from './xml.stream.ts';

// import.xml of the 1C exchange (issue 12 item 3, issue 28): groups → categories (a new group maps to the category
// with the same words; similar names are only suggested to the staff), properties (for «Бренд»/«Производитель», and
// the size and colour properties of offers), warehouses, and products. A 1C product new to the shop waits as a draft
// (exchange.drafts.repository.ts) until its group is mapped — a product without Группы waits in a group of its own — and is made
// a shop product, unpublished, then (onec.materialize.ts); it is shown once priced. A product already in the shop is
// updated (hidden while its group is unmapped or it is deleted in 1C, and while it has no picture unless the staff
// chose to show such products: onec.ready.ts). A full import (not СодержитТолькоИзменения)
// unpublishes the 1C products it does not list and forgets such drafts; nothing is ever deleted. A file of the
// classifier alone (no Каталог: 1C sends it apart in the «several files» scheme) only records groups and properties. A bad product is
// skipped and reported; a full import without any product is refused.

const LISTS: Record<string, string> = {
  Группы: 'Классификатор',
  Свойство: 'Свойства',
  Склад: 'Склады',
  Товар: 'Товары',
  СодержитТолькоИзменения: 'Каталог',
};
const wanted = (name: string, path: readonly string[]) => name in LISTS && LISTS[name] === path.at(-1);

/** Requisites every 1C:УТ product carries that never name anything the site shows (not listed to the staff). */
const SERVICE_REQUISITES = new Set(['видноменклатуры', 'типноменклатуры', 'полное наименование', 'ндс']);

/** What import.xml reads as it goes. */
interface CatalogState {
  properties: Map<string, Property>;
  groups: Map<string, number | null>;
  brandOf: (name: string) => Promise<number>;
  categories: Map<number, Category>;
  changesOnly: boolean;
  /** Whether the file has a Каталог (a file of the classifier alone lists no products and unpublishes none). */
  catalogue: boolean;
  products: number;
  touched: number[];
  /** The properties' roles (size, colour, composition, care: the staff's mapping, else the names). */
  roleOf: RoleOf;
  /** Whether 1C products sharing an Артикул make one card (the staff's setting), else one card per 1C product. */
  byArticle: boolean;
  /** Whether products without any picture are shown (the staff's setting), else they wait (issue 28 item 9). */
  withoutPictures: boolean;
  /** Requisite and characteristic names the products used (listed to the staff). */
  seen: Map<string, SeenProperty>;
  /** A value of each property name as a product used it (an example for the staff). */
  examples: Map<string, string>;
}

/** Records the groups; a new one maps to the category of the same words, and 1C is told (never silently). */
async function saveGroups(run: OneCRun, s: CatalogState, node: XNode) {
  const matchCategory = await categoryMatcher(run.trx);
  for (const g of flattenGroups(node, null, (w) => warn(run, w))) {
    const category = matchCategory(g.name);
    await repo.upsertGroup(run.trx, {
      ...{ external_id: g.id, name: g.name, parent_external_id: g.parent, category_id: category },
      ...{ created_at: run.nowIso, updated_at: run.nowIso },
    });
    if (!s.groups.has(g.id) && category !== null)
      warn(
        run,
        `Новая группа «${g.name}» сопоставлена с категорией «${s.categories.get(category)?.name}» ` +
          'по словам названия; проверьте на сайте в «Обмен с 1С»',
      );
  }
  s.groups = new Map((await repo.listGroups(run.trx)).map((g) => [g.external_id, g.category_id]));
}

/** A group products name that the classifier did not describe (or none): listed for the staff to map. */
async function ensureGroup(run: OneCRun, s: CatalogState, key: string) {
  if (s.groups.has(key)) return;
  await repo.upsertGroup(run.trx, {
    ...{ external_id: key, name: key === NO_GROUP ? NO_GROUP_NAME : `Группа 1С ${key}` },
    ...{ parent_external_id: null, category_id: null, created_at: run.nowIso, updated_at: run.nowIso },
  });
  s.groups.set(key, null);
}

/**
 * The fields 1C decides of a product: the card it groups in (issue 28 item 11), the category only while its group is
 * mapped, the composition and care only when 1C sends them (else the staff's texts stay).
 */
function wantedFields(
  s: CatalogState,
  p: ProductData,
  category: Category | undefined,
  brand: number,
  active: number,
) {
  const fields: Partial<ImportedProductFields> = {
    name: p.name,
    description: p.description,
    brand_id: brand,
    is_active: active,
    model_code: modelCodeOf(p, s.byArticle),
  };
  if (p.composition) fields.composition = p.composition;
  if (p.care) fields.care = p.care;
  if (category)
    Object.assign(fields, { category_id: category.id, kind: category.kind, gender: category.gender });
  return fields;
}

/** The products of a batch; a bad one is skipped and reported. */
function parseAll(run: OneCRun, s: CatalogState, nodes: XNode[]): ProductData[] {
  const out: ProductData[] = [];
  for (const n of nodes) {
    try {
      out.push(parseProduct(n, s.properties, s.roleOf, (w) => warn(run, w)));
      for (const [name, example] of namedValues(n, s.properties))
        if (!s.examples.has(name)) s.examples.set(name, example);
      for (const [name, example] of requisitesOf(n))
        if (name && !SERVICE_REQUISITES.has(name.toLowerCase()))
          s.seen.set(name, { name, source: 'requisite', example });
      for (const [name, example] of characteristicsOf(n))
        if (name) s.seen.set(name, { name, source: 'characteristic', example });
    } catch (e) {
      if (!(e instanceof ItemSkipped)) throw e;
      count(run, 'skipped');
      warn(run, e.message);
    }
  }
  return out;
}

/** Updates the shop products of a batch of Товар elements; new ones wait as drafts. */
async function saveProducts(run: OneCRun, s: CatalogState, nodes: XNode[]) {
  const products = parseAll(run, s, nodes);
  s.products += products.length;
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
  const drafted: ExchangeDraftRow[] = [];
  const forgotten: string[] = [];
  for (const p of products) {
    const group = p.groupId ?? NO_GROUP;
    await ensureGroup(run, s, group);
    const categoryId = s.groups.get(group);
    const category = categoryId ? s.categories.get(categoryId) : undefined;
    const mine = links.filter((l) => l.product_1c_id === p.id);
    run.done.items++;
    if (mine.length === 0) {
      if (p.deleted) forgotten.push(p.id);
      else
        drafted.push({
          product_1c_id: p.id,
          group_external_id: group,
          name: p.name,
          // The pictures are kept as media now: the session's files are gone when the group is mapped.
          data: JSON.stringify({ ...p, images: await storePictures(run, p.name, p.pictures) }),
          ...{ listed_at: run.nowIso, created_at: run.nowIso, updated_at: run.nowIso },
        });
      if (!category && !p.deleted) count(run, 'productsWaitingForMapping');
      continue;
    }
    const publish = category && !p.deleted ? 1 : 0;
    if (!category) count(run, 'productsInUnmappedGroups');
    const brand = await s.brandOf(p.brand);
    for (const link of mine) {
      const { pictured } = await importPictures(run, link.product_id, p.name, p.pictures);
      const shown = publish && link.priced && (pictured || s.withoutPictures) ? 1 : 0;
      if (publish && !pictured && !s.withoutPictures) count(run, 'productsWaitingForPictures');
      const fields = wantedFields(s, p, category, brand, shown);
      const before = current.get(link.product_id);
      const diff = Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => before && before[k as keyof typeof before] !== v),
      );
      if (Object.keys(diff).length) {
        await updateProduct(run.trx, link.product_id, diff, run.nowIso);
        count(run, 'productsUpdated');
        s.touched.push(link.product_id);
      }
      // Only what 1C changed since its last import: a size staff edited keeps their value (decision 074).
      const changed = packagingChangedSince(link.packaging, p.packaging);
      if (changed) await setPackagingOfProducts(run.trx, [link.product_id], changed, run.nowIso);
      listed.push({
        ...{ ...link, group_external_id: group, publish, listed_at: run.nowIso },
        packaging: p.packaging ? JSON.stringify(p.packaging) : null,
      });
    }
  }
  await repo.upsertProductLinks(run.trx, listed);
  await drafts.upsertDrafts(run.trx, drafted);
  await drafts.deleteDrafts(run.trx, forgotten);
}

/**
 * Keeps the size and colour properties (and their dictionaries) for offers.xml, which names them by Ид (2.09+), and
 * remembers every property name the file used for the staff's mapping.
 */
async function saveOfferProperties(run: OneCRun, s: CatalogState) {
  const kept = await offerProperties(run.trx);
  for (const p of s.properties.values())
    if (['size', 'colour'].includes(s.roleOf(p.name)))
      kept.set(p.id, { name: p.name, values: Object.fromEntries(p.values) });
  if (kept.size)
    await repo.setSetting(run.trx, 'offer_properties', JSON.stringify(Object.fromEntries(kept)), run.nowIso);
  const classifier = [...s.properties.values()].map((p): SeenProperty => {
    const example = s.examples.get(p.name) ?? p.values.values().next().value ?? '';
    return { name: p.name, source: 'property', example };
  });
  await rememberProperties(run.trx, [...classifier, ...s.seen.values()], run.nowIso);
}

/** Imports import.xml in the run's transaction. @throws ExchangeFileError / XmlFileError (nothing is kept). */
export async function importCatalogXml(run: OneCRun, file: string): Promise<void> {
  const categories = await listCategories(run.trx);
  const s: CatalogState = {
    properties: new Map(),
    groups: new Map((await repo.listGroups(run.trx)).map((g) => [g.external_id, g.category_id])),
    brandOf: await brandResolver(run),
    categories: new Map(categories.map((c) => [c.id, c])),
    changesOnly: false,
    catalogue: false,
    products: 0,
    touched: [],
    roleOf: await propertyRoles(run.trx),
    byArticle: await groupByArticle(run.trx),
    withoutPictures: await publishWithoutPictures(run.trx),
    seen: new Map(),
    examples: new Map(),
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
      checkSchema(name, attrs);
      if (name === 'Каталог') s.catalogue = true;
      if (name === 'Каталог' && attrs['СодержитТолькоИзменения'] !== undefined)
        s.changesOnly = attrs['СодержитТолькоИзменения'] === 'true';
    },
  );
  if (s.products === 0 && !s.changesOnly && s.catalogue)
    throw new ExchangeFileError(
      run.summary.skipped
        ? `Ни один товар не загружен: ${run.warnings.slice(0, 3).join('; ')}`
        : 'В файле нет ни одного товара (Каталог/Товары): ничего не загружено, товары сайта не сняты с продажи',
    );
  await saveOfferProperties(run, s);
  if (!s.changesOnly && s.catalogue) {
    const unlisted = await repo.unlistMissing(run.trx, run.nowIso);
    await setProductsActive(run.trx, unlisted, 0, run.nowIso);
    count(run, 'productsUnpublished', unlisted.length);
    count(run, 'draftsForgotten', await drafts.deleteUnlistedDrafts(run.trx, run.nowIso));
  }
  const made = await materializeMapped(run);
  await reindexImported(run.trx, [...new Set([...s.touched, ...made])]);
}
