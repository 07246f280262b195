import {
  BRAND_LOGO_MIN_HEIGHT,
  BRAND_LOGO_MIN_WIDTH,
  CatalogueErrorCode,
  type AdminBrand,
  type BrandInput,
} from '@kiim/contract';
import type { z } from 'zod';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { checkUpload, claimMediaKey, storeUploadedMaster } from '#app/modules/media/media.upload.ts';
import { mediaUrl } from '#app/modules/media/media.url.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as structure from './catalog.admin.structure.repository.ts';
import { counted, inUse, saveKazakhTexts, slugTaken } from './catalog.admin.structure.common.ts';
import { reindexSearch } from './catalog.search.ts';
import { textsOf, translationOf } from './catalog.texts.ts';
import type { BrandRow } from './catalog.table.ts';

// Brands in the back office (issue 27, docs/decisions/029): created, changed, hidden from the brands page, given a
// logo, deleted while no product has them. Country and description have Kazakh texts (catalogue_text). Each change
// runs in one transaction with its audit entry; the `brand` table's triggers bump the catalogue version (018).

const toAdminBrand = (b: BrandRow, texts: ReadonlyMap<string, string>, products: number): AdminBrand => ({
  ...{ id: b.id, name: b.name, slug: b.slug, country: b.country, countryKk: translationOf(texts, b.country) },
  ...{ description: b.description, descriptionKk: translationOf(texts, b.description) },
  ...{ hidden: Number(b.is_hidden) === 1, productCount: products },
  logo: b.logo_key
    ? { src: mediaUrl(b.logo_key, 240), width: Number(b.logo_width), height: Number(b.logo_height) }
    : null,
});

/** Every brand by name with its Kazakh texts, product count and logo. */
export async function adminBrands(db: DbOrTrx): Promise<AdminBrand[]> {
  const [rows, texts, counts] = await Promise.all([
    structure.listBrands(db),
    textsOf(db, 'kk'),
    structure.productCountsByBrand(db),
  ]);
  return rows.map((b) => toAdminBrand(b, texts, counts.get(b.id) ?? 0));
}

const brandNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такого бренда нет');

async function adminBrand(db: DbOrTrx, id: number): Promise<AdminBrand> {
  const brand = await structure.findBrand(db, id);
  if (!brand) throw brandNotFound();
  const [texts, counts] = await Promise.all([textsOf(db, 'kk'), structure.productCountsByBrand(db)]);
  return toAdminBrand(brand, texts, counts.get(id) ?? 0);
}

/**
 * Creates (`id` null) or changes a brand: name, address key, country and description (Russian, and Kazakh as
 * catalogue texts), hidden from the brands page; a new name re-indexes its products for search. Audited
 * (`catalogue.brand_created` / `_updated`).
 * @throws AppError 404; 409 slugTaken (field `slug`).
 */
export async function saveBrand(
  db: DbOrTrx,
  id: number | null,
  input: z.output<typeof BrandInput>,
  actor: Actor,
): Promise<AdminBrand> {
  return db.transaction().execute(async (trx) => {
    const before = id === null ? null : await adminBrand(trx, id);
    if (await structure.slugTaken(trx, 'brand', input.slug, id)) {
      throw slugTaken('Такой адрес уже у другого бренда');
    }
    const nowIso = actor.at.toISOString();
    const columns = {
      ...{ name: input.name, slug: input.slug, country: input.country, description: input.description },
      ...{ is_hidden: input.hidden ? 1 : 0, updated_at: nowIso },
    };
    const brandId = id ?? (await admin.nextId(trx, 'brand'));
    if (before) await structure.updateBrand(trx, brandId, columns);
    else await structure.insertBrand(trx, { id: brandId, ...columns, created_at: nowIso });
    await saveKazakhTexts(trx, [
      [input.country, input.countryKk],
      [input.description, input.descriptionKk],
    ]);
    if (before && before.name !== input.name) {
      // Products are found by their brand's name (decision 009).
      await reindexSearch(trx, await structure.productIdsOf(trx, 'brand_id', brandId));
    }
    const after = await adminBrand(trx, brandId);
    const action = before ? 'catalogue.brand_updated' : 'catalogue.brand_created';
    await audit(trx, actor, action, { type: 'brand', id: String(brandId) }, before, after);
    return after;
  });
}

/** Shows a brand on the storefront's brands page or hides it (its products stay on sale). Audited. @throws 404. */
export async function setBrandVisibility(
  db: DbOrTrx,
  id: number,
  visible: boolean,
  actor: Actor,
): Promise<AdminBrand> {
  return db.transaction().execute(async (trx) => {
    const before = await adminBrand(trx, id);
    if (before.hidden === visible) {
      await structure.updateBrand(trx, id, {
        is_hidden: visible ? 0 : 1,
        updated_at: actor.at.toISOString(),
      });
    }
    const after = await adminBrand(trx, id);
    await audit(trx, actor, 'catalogue.brand_updated', { type: 'brand', id: String(id) }, before, after);
    return after;
  });
}

/**
 * Deletes a brand no product has (published or not). Audited (`catalogue.brand_deleted`).
 * @throws AppError 404; 409 inUse naming how many products have it (details: the count).
 */
export async function deleteBrand(db: DbOrTrx, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await adminBrand(trx, id);
    if (before.productCount > 0) {
      throw inUse(
        `Бренд «${before.name}» нельзя удалить: у него ${counted(before.productCount, ['товар', 'товара', 'товаров'])}. ` +
          'Смените бренд у этих товаров — или скройте бренд.',
        { products: before.productCount },
      );
    }
    await structure.deleteBrand(trx, id);
    await audit(trx, actor, 'catalogue.brand_deleted', { type: 'brand', id: String(id) }, before, null);
  });
}

/**
 * Puts a new logo on a brand (checked: JPEG, PNG or WebP up to 10 MB, at least 120 × 40 px), stored under a key
 * never used before (`brands/{id}-{n}`) and rendered in every width of `/media/brands`. Audited
 * (`catalogue.brand_logo`). @throws AppError 404; 422 imageRejected.
 */
export async function setBrandLogo(
  db: DbOrTrx,
  mediaDir: string,
  id: number,
  bytes: Buffer,
  actor: Actor,
): Promise<AdminBrand> {
  if (!(await structure.findBrand(db, id))) throw brandNotFound();
  await checkUpload(bytes, BRAND_LOGO_MIN_WIDTH, BRAND_LOGO_MIN_HEIGHT);
  // Stored and rendered before the transaction, so no writer waits for sharp.
  const key = await claimMediaKey(mediaDir, `brands/${id}-`, 1);
  const size = await storeUploadedMaster(mediaDir, key, bytes);
  return db.transaction().execute(async (trx) => {
    const before = await structure.findBrand(trx, id);
    if (!before) throw brandNotFound();
    await structure.updateBrand(trx, id, {
      ...{ logo_key: key, logo_width: size.width, logo_height: size.height },
      updated_at: actor.at.toISOString(),
    });
    await audit(
      trx,
      actor,
      'catalogue.brand_logo',
      { type: 'brand', id: String(id) },
      { logoKey: before.logo_key || null },
      { logoKey: key, ...size },
    );
    return adminBrand(trx, id);
  });
}
