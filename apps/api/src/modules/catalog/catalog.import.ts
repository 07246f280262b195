import type { DbOrTrx } from '#app/db/database.ts';
import { slugify } from '#app/lib/slug.ts';
import * as repo from './catalog.import.repository.ts';
import { packageColumnsOf, type PackagingValues } from './catalog.packaging.ts';
import { reindexSearch } from './catalog.search.ts';

// The catalogue's side of imports (CSV and the 1C exchange, docs/decisions/021): what the exchange module may read
// and write of products, SKUs and brands. Stock is the inventory module's.

export type { ImportedProductFields, SkuRef } from './catalog.import.repository.ts';
export {
  packagingOfSkus,
  setPackagingOfProducts,
  setSkuPackaging,
  type PackagingValues,
} from './catalog.packaging.ts';
export {
  activeProductIds,
  listBrandNames,
  productFields,
  productImageKeys,
  productSkuPage,
  productsByModels,
  productsWithImages,
  setSkuPrices,
  skuCounts,
  setProductsActive,
  skuPage,
  skusByExternalIds,
  updateProduct,
  updateSkuSize,
} from './catalog.import.repository.ts';

/** Numbers new brands, products and SKUs of one import (run inside its transaction). */
export class CatalogueIds {
  private constructor(private next: Record<repo.CatalogueTable, number>) {}
  static async of(db: DbOrTrx): Promise<CatalogueIds> {
    return new CatalogueIds(await repo.maxCatalogueIds(db));
  }
  take(table: repo.CatalogueTable): number {
    return ++this.next[table];
  }
}

/** A slug for a new product or brand: the name's, with the id appended so it is unique. */
export const importedSlug = (name: string, id: number) => `${slugify(name) || 'tovar'}-${id}`;

/** Makes a brand (country and description left for the staff). @returns its id. */
export async function createBrand(
  db: DbOrTrx,
  ids: CatalogueIds,
  name: string,
  nowIso: string,
): Promise<number> {
  const id = ids.take('brand');
  await repo.insertBrand(db, {
    ...{ id, slug: importedSlug(name, id), name, country: '', description: '' },
    ...{ created_at: nowIso, updated_at: nowIso },
  });
  return id;
}

/** What an import knows of a new product. */
export interface NewProduct {
  modelCode: string;
  name: string;
  description: string;
  brandId: number;
  category: { id: number; kind: number; gender: number };
  colourName: string;
  /** What the product is made of and how to care for it ('' when unknown; empty sections are not shown). */
  composition?: string;
  care?: string;
  price: number;
  originalPrice: number;
  active: boolean;
  sizes: ImportedSize[];
}

/**
 * A size an import adds: its ERP id, label and, when it differs from its product's, its own prices (tenge); its
 * own packaging when the import gives it (grams, cm; decision 070).
 */
export interface ImportedSize {
  externalId: string;
  size: string;
  price?: number;
  originalPrice?: number;
  packaging?: PackagingValues;
}

/** A neutral swatch for colours an import names without a hex value (staff may set it later). */
const UNKNOWN_COLOUR_HEX = '#9e9e9e';

/** Makes a product with its SKUs (one per size, in the given order) and indexes it for search. @returns its id. */
export async function createProduct(db: DbOrTrx, ids: CatalogueIds, p: NewProduct, nowIso: string) {
  const id = ids.take('product');
  await repo.insertProduct(db, {
    ...{ id, slug: importedSlug(p.name, id), model_code: p.modelCode, name: p.name, brand_id: p.brandId },
    ...{ category_id: p.category.id, kind: p.category.kind, gender: p.category.gender },
    ...{ colour_name: p.colourName, colour_hex: UNKNOWN_COLOUR_HEX, description: p.description },
    ...{
      composition: p.composition ?? '',
      care: p.care ?? '',
      price: p.price,
      original_price: p.originalPrice,
    },
    ...{
      arrival_date: nowIso.slice(0, 10),
      is_active: p.active ? 1 : 0,
      created_at: nowIso,
      updated_at: nowIso,
    },
  });
  await addSkus(db, ids, id, p.sizes, 0, nowIso);
  return id;
}

/** Adds SKUs to a product, ordered after `firstOrder`. @returns their ids by external id. */
export async function addSkus(
  db: DbOrTrx,
  ids: CatalogueIds,
  productId: number,
  sizes: readonly ImportedSize[],
  firstOrder: number,
  nowIso: string,
): Promise<Map<string, number>> {
  const made = new Map<string, number>();
  const rows = sizes.map((s, i) => {
    const id = ids.take('sku');
    made.set(s.externalId, id);
    return {
      ...{ id, external_id: s.externalId, product_id: productId, size: s.size },
      ...{
        price: s.price ?? null,
        original_price: s.price === undefined ? null : (s.originalPrice ?? s.price),
      },
      ...packageColumnsOf(s.packaging),
      ...{ size_order: firstOrder + i, created_at: nowIso, updated_at: nowIso },
    };
  });
  await repo.insertSkus(db, rows);
  return made;
}

/** A new SKU of an import: its product, ERP id, size and place among the product's sizes. */
export interface NewSku {
  productId: number;
  externalId: string;
  size: string;
  sizeOrder: number;
  /** Packaging 1C sent for its product (grams, cm), when it did. */
  packaging?: PackagingValues;
}

/** Adds SKUs of any products in one statement per 500. @returns their ids by external id. */
export async function addSkusOf(
  db: DbOrTrx,
  ids: CatalogueIds,
  skus: readonly NewSku[],
  nowIso: string,
): Promise<Map<string, number>> {
  const made = new Map<string, number>();
  const rows = skus.map((s) => {
    const id = ids.take('sku');
    made.set(s.externalId, id);
    return {
      ...{ id, external_id: s.externalId, product_id: s.productId, size: s.size },
      ...packageColumnsOf(s.packaging),
      ...{ size_order: s.sizeOrder, created_at: nowIso, updated_at: nowIso },
    };
  });
  for (let i = 0; i < rows.length; i += 500) await repo.insertSkus(db, rows.slice(i, i + 500));
  return made;
}

/** Rebuilds the search terms of products an import made or renamed. */
export async function reindexImported(db: DbOrTrx, productIds: readonly number[]): Promise<void> {
  for (let i = 0; i < productIds.length; i += 500) await reindexSearch(db, productIds.slice(i, i + 500));
}

/** A picture of a product: its master's media key (already written under the media folder) and size. */
export interface ImportedImage {
  mediaKey: string;
  width: number;
  height: number;
}

/** Replaces a product's pictures (in order; alt text: the product's name). */
export async function setProductImages(
  db: DbOrTrx,
  ids: CatalogueIds,
  productId: number,
  name: string,
  images: readonly ImportedImage[],
  nowIso: string,
): Promise<void> {
  await repo.replaceProductImages(
    db,
    productId,
    images.map((im, i) => ({
      ...{ id: ids.take('product_image'), product_id: productId, position: i + 1, media_key: im.mediaKey },
      ...{ width: im.width, height: im.height, alt: name, created_at: nowIso, updated_at: nowIso },
    })),
  );
}

/** Gives a product the pictures of another (a further colour of a 1C product, until 1C sends its own). */
export async function copyProductImages(
  db: DbOrTrx,
  ids: CatalogueIds,
  fromId: number,
  toId: number,
  nowIso: string,
) {
  const images = await repo.productImages(db, fromId);
  await repo.replaceProductImages(
    db,
    toId,
    images.map((im) => ({
      ...im,
      id: ids.take('product_image'),
      product_id: toId,
      created_at: nowIso,
      updated_at: nowIso,
    })),
  );
}
