import {
  ADMIN_PRODUCT_PAGE_SIZE,
  CatalogueErrorCode,
  ErrorCode,
  type AdminCatalogueOptions,
  type AdminProduct,
  type AdminProductPage,
  type AdminProductFilters,
  type ProductInputParsed,
  type StaffRole,
  roleCan,
  StaffErrorCode,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { stockOfSkus } from '#app/modules/inventory/inventory.levels.ts';
import { productImage } from '#app/modules/media/media.url.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import { slugOf } from './catalog.admin.naming.ts';
import { packagingOfSku, refuseStockOnUpdate, writeFirstStock, writeSkus } from './catalog.admin.skus.ts';
import * as repo from './catalog.repository.ts';
import { reindexSearch, searchTermGroups } from './catalog.search.ts';
import { saveProductTranslations, textsOf, translationOf } from './catalog.texts.ts';
import type { ProductRow } from './catalog.table.ts';
import { pageOf } from '#app/lib/paging.ts';

// Products in the back office (issue 12, docs/decisions/020): the list with search and filters, the form's data,
// create, edit and publish. Each change runs in one transaction with its audit entry; the tables' triggers bump the
// catalogue version (decision 008), so the storefront shows it at once; search terms are rebuilt with it. The
// form's Kazakh texts are `catalogue_text` rows keyed by the Russian texts, written in the same transaction.

/** What the catalogue forms choose from: categories (with gender), brands, cities. */
export async function catalogueOptions(db: DbOrTrx): Promise<AdminCatalogueOptions> {
  const [categories, brands, cities] = await Promise.all([
    repo.listCategories(db),
    repo.listBrandsWithCounts(db),
    repo.listCities(db),
  ]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name, gender: c.gender })),
    brands: brands
      .map((b) => ({ id: b.id, name: b.name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    cities: cities.map((c) => ({
      id: c.id,
      name: c.name,
      visibleForCustomers: c.visible_for_customers === 1,
    })),
  };
}

/** One page (50, newest first) of products matching the query's search text and filters, published or not. */
export async function listProducts(db: DbOrTrx, q: AdminProductFilters): Promise<AdminProductPage> {
  const text = q.q?.trim() || undefined;
  const filter: admin.AdminProductFilter = {
    text,
    termGroups: text ? await searchTermGroups(db, text) : undefined,
    categoryId: q.categoryId,
    brandId: q.brandId,
    gender: q.gender,
    published: q.published === undefined ? undefined : q.published === 'yes',
    inStock: q.inStock === undefined ? undefined : q.inStock === 'yes',
  };
  const offset = (q.page - 1) * ADMIN_PRODUCT_PAGE_SIZE;
  const { rows, total } = await admin.listAdminProducts(db, filter, offset, ADMIN_PRODUCT_PAGE_SIZE);
  return pageOf(
    rows.map((r) => ({
      ...{ id: r.id, name: r.name, slug: r.slug, brand: r.brand_name, category: r.category_name },
      ...{ gender: r.gender, price: Number(r.price), originalPrice: Number(r.original_price) },
      ...{ published: r.is_active === 1, units: Number(r.stock_global) },
      thumbnail: r.media_key ? `/media/${r.media_key}/240.webp` : null,
    })),
    q.page,
    total,
    ADMIN_PRODUCT_PAGE_SIZE,
  );
}

/** The product, published or not. @throws AppError 404 productNotFound. */
export async function requireProduct(db: DbOrTrx, id: number): Promise<ProductRow> {
  const product = await admin.findProduct(db, id);
  if (!product) throw notFound(CatalogueErrorCode.productNotFound, 'Такого товара нет');
  return product;
}

/**
 * The product form's data: every field, sizes with exact units per city id, pictures in order, and the Kazakh
 * texts of its Russian ones ('' where there is none).
 */
export async function adminProduct(db: DbOrTrx, id: number): Promise<AdminProduct> {
  const p = await requireProduct(db, id);
  const [skus, images, kk] = await Promise.all([
    admin.listSkus(db, id),
    admin.listImages(db, id),
    textsOf(db, 'kk'),
  ]);
  const stock = await stockOfSkus(
    db,
    skus.map((s) => s.id),
  );
  return {
    ...{ id: p.id, name: p.name, slug: p.slug, description: p.description },
    ...{ categoryId: p.category_id, brandId: p.brand_id, gender: p.gender },
    ...{ colourName: p.colour_name, colourHex: p.colour_hex, composition: p.composition, care: p.care },
    ...{ price: Number(p.price), originalPrice: Number(p.original_price), published: p.is_active === 1 },
    skus: skus.map((s) => ({
      ...{ id: s.id, size: s.size, externalId: s.external_id },
      ...{ price: s.price, originalPrice: s.price === null ? null : (s.original_price ?? s.price) },
      stock: Object.fromEntries(
        stock.filter((r) => r.sku_id === s.id).map((r) => [String(r.city_id), r.quantity]),
      ),
      packaging: packagingOfSku(s),
    })),
    images: images.map((i) => {
      const { src, srcSet, width, height } = productImage(i);
      return { id: i.id, position: i.position, src, srcSet, width, height };
    }),
    kk: {
      name: translationOf(kk, p.name),
      description: translationOf(kk, p.description),
      colourName: translationOf(kk, p.colour_name),
      composition: translationOf(kk, p.composition),
      care: translationOf(kk, p.care),
    },
  };
}

/** Writes the form's Kazakh texts (when it has them) under the Russian texts just saved. */
async function writeTranslations(trx: DbOrTrx, input: ProductInputParsed) {
  if (input.kk) await saveProductTranslations(trx, input, input.kk);
}

/** The audited fields of a product (its form's data without pictures and stock). */
const audited = (p: AdminProduct) => {
  const { images, skus, ...fields } = p;
  return {
    ...fields,
    skus: skus.map((s) => ({
      ...{ id: s.id, size: s.size, externalId: s.externalId, price: s.price },
      packaging: s.packaging,
    })),
    images: images.length,
  };
};

/**
 * Checks what the database must say about a product form: the category and brand exist, the slug and the SKUs'
 * external ids are free, the listed existing sizes belong to the product and none is left out.
 * @throws AppError 400 (fields), 409 slugTaken / externalIdTaken.
 */
async function checkProductInput(db: DbOrTrx, input: ProductInputParsed, productId: number | null) {
  const [category, brands] = await Promise.all([
    repo.findCategory(db, input.categoryId),
    repo.brandsByIds(db, [input.brandId]),
  ]);
  const errors: Record<string, string[]> = {};
  if (!category) errors.categoryId = ['Такой категории нет'];
  if (!brands.has(input.brandId)) errors.brandId = ['Такого бренда нет'];
  const existing = productId === null ? [] : await admin.listSkus(db, productId);
  const known = new Set(existing.map((s) => s.id));
  input.skus.forEach((s, i) => {
    if (s.id !== undefined && !known.has(s.id)) errors[`skus.${i}.id`] = ['Этот размер не из этого товара'];
  });
  const listed = new Set(input.skus.map((s) => s.id));
  if (existing.some((s) => !listed.has(s.id))) {
    errors.skus = ['Размер нельзя удалить: он может быть в заказах. Обнулите его остаток'];
  }
  if (Object.keys(errors).length)
    throw new AppError(400, ErrorCode.validation, 'Проверьте поля товара', undefined, errors);
  if (input.slug !== undefined && (await admin.slugTaken(db, input.slug, productId))) {
    throw new AppError(409, CatalogueErrorCode.slugTaken, 'Такой адрес уже у другого товара', undefined, {
      slug: ['Такой адрес уже у другого товара'],
    });
  }
  const ownSkuIds = input.skus.flatMap((s) => (s.id === undefined ? [] : [s.id]));
  const typed = input.skus.flatMap((s) => (s.externalId === undefined ? [] : [s.externalId]));
  const taken = new Set(await admin.takenExternalIds(db, typed, ownSkuIds));
  if (taken.size) {
    const fields: Record<string, string[]> = {};
    input.skus.forEach((s, i) => {
      if (s.externalId !== undefined && taken.has(s.externalId))
        fields[`skus.${i}.externalId`] = ['Этот код уже у другого размера'];
    });
    throw new AppError(
      409,
      CatalogueErrorCode.externalIdTaken,
      'Такой код размера уже есть',
      undefined,
      fields,
    );
  }
  return category!;
}

/** The product columns a form sets. */
const productColumns = (
  input: ProductInputParsed,
  slug: string,
  category: { kind: number; gender: number },
  nowIso: string,
) => ({
  ...{ name: input.name, slug, description: input.description },
  ...{ category_id: input.categoryId, kind: category.kind, gender: category.gender, brand_id: input.brandId },
  ...{ colour_name: input.colourName, colour_hex: input.colourHex },
  ...{ composition: input.composition, care: input.care },
  ...{ price: input.price, original_price: input.originalPrice ?? input.price, updated_at: nowIso },
});

/**
 * Creates a product, unpublished, with its sizes (SKUs), Kazakh texts and first stock per size and city (goods
 * received); its gender and kind come from the category, its model code from the slug, its arrival date is today.
 * An empty slug is proposed from the name, an empty SKU code made from the id and size (catalog.admin.naming.ts).
 * Audited (`catalogue.product_created`, `stock.level_set` per stocked line).
 * @throws AppError 400 (fields), 404 cityNotFound (stock), 409 slugTaken / externalIdTaken.
 */
export async function createProduct(
  db: DbOrTrx,
  input: ProductInputParsed,
  actor: Actor,
): Promise<AdminProduct> {
  const nowIso = actor.at.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const category = await checkProductInput(trx, input, null);
    const id = await admin.nextId(trx, 'product');
    const slug = await slugOf(trx, input, id);
    await admin.insertProduct(trx, {
      ...{ id, model_code: slug, arrival_date: nowIso.slice(0, 10), is_active: 0 },
      ...productColumns(input, slug, category, nowIso),
      created_at: nowIso,
    });
    await writeFirstStock(trx, await writeSkus(trx, id, input, nowIso), input, actor);
    await writeTranslations(trx, input);
    await reindexSearch(trx, [id]);
    await audit(
      trx,
      actor,
      'catalogue.product_created',
      { type: 'product', id: String(id) },
      null,
      audited(await adminProduct(trx, id)),
    );
    return id;
  });
  return adminProduct(db, id);
}

/**
 * Changes a product's fields, sizes (added or changed, never deleted) and Kazakh texts (kept under the new Russian
 * texts when those change). Audited (`catalogue.product_updated`, before → after, Kazakh texts included).
 * @throws AppError 404 productNotFound; 400 (fields); 409 slugTaken / externalIdTaken.
 */
export async function updateProduct(
  db: DbOrTrx,
  id: number,
  input: ProductInputParsed,
  actor: Actor,
): Promise<AdminProduct> {
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await adminProduct(trx, id);
    refuseStockOnUpdate(input);
    const category = await checkProductInput(trx, input, id);
    const slug = await slugOf(trx, input, id);
    await admin.updateProduct(trx, id, productColumns(input, slug, category, nowIso));
    await writeSkus(trx, id, input, nowIso);
    await writeTranslations(trx, input);
    await reindexSearch(trx, [id]);
    await audit(
      trx,
      actor,
      'catalogue.product_updated',
      { type: 'product', id: String(id) },
      audited(before),
      audited(await adminProduct(trx, id)),
    );
  });
  return adminProduct(db, id);
}

/**
 * Shows (`published`) or hides a product in the shop. Audited (`catalogue.product_published` /
 * `catalogue.product_unpublished`).
 * @throws AppError 404 productNotFound.
 */
export async function publishProduct(
  db: DbOrTrx,
  id: number,
  published: boolean,
  actor: Actor,
): Promise<AdminProduct> {
  await db.transaction().execute(async (trx) => {
    const before = await requireProduct(trx, id);
    if ((before.is_active === 1) === published) return;
    await admin.updateProduct(trx, id, { is_active: published ? 1 : 0, updated_at: actor.at.toISOString() });
    const action = published ? 'catalogue.product_published' : 'catalogue.product_unpublished';
    await audit(
      trx,
      actor,
      action,
      { type: 'product', id: String(id) },
      { published: !published },
      { published },
    );
  });
  return adminProduct(db, id);
}

/**
 * A new product's first stock (`skus[].stock`) needs the permission stock.edit besides catalogue.edit.
 * @throws AppError 403 permissionDenied when the form has stock and the role may not change it.
 */
export function mayStock(input: ProductInputParsed, role: StaffRole): void {
  if (input.skus.some((s) => s.stock?.length) && !roleCan(role, 'stock.edit'))
    throw new AppError(
      403,
      StaffErrorCode.permissionDenied,
      'Остатки может указывать только сотрудник с доступом к складу: создайте товар без них',
    );
}
