import { CatalogueErrorCode, type AdminProduct } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { fileExists, masterFile } from '#app/modules/media/media.storage.ts';
import { checkUpload, storeUploadedMaster } from '#app/modules/media/media.upload.ts';
import { audit, type Actor } from '#app/modules/staff/staff.audit.ts';
import * as admin from './catalog.admin.repository.ts';
import { adminProduct, requireProduct } from './catalog.admin.products.ts';

// A product's pictures in the back office (issue 12, docs/decisions/020): upload (checked, stored, rendered in every
// width), remove, move up or down. A new picture always gets a media key never used before (renditions are cached
// as immutable by browsers): `products/{productId}-{n}` with n past every key of the product in the database and
// every master on disk (masters of removed pictures stay).

/** Most pictures of one product (the key's suffix has three digits). */
const MAX_SUFFIX = 999;

const imageNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такой картинки у товара нет');

/** A media key for a new picture of the product that no picture ever had. */
async function freshMediaKey(db: DbOrTrx, mediaDir: string, productId: number): Promise<string> {
  const used = (await admin.imageKeys(db, productId)).map((k) => Number(k.split('-').pop()));
  for (let n = Math.max(0, ...used) + 1; n <= MAX_SUFFIX; n++) {
    const key = `products/${productId}-${n}`;
    if (!(await fileExists(masterFile(mediaDir, key)))) return key;
  }
  throw notFound(CatalogueErrorCode.entityNotFound, 'У товара слишком много картинок');
}

/**
 * Adds a picture at the end of the product's pictures: checked ({@link checkUpload}: JPEG, PNG or WebP, up to 10 MB,
 * at least 600 × 800 px), stored as a WebP master and rendered in every width of the shop. Audited
 * (`catalogue.image_added`).
 * @throws AppError 404 productNotFound; 422 imageRejected (field `file`).
 */
export async function addProductImage(
  db: DbOrTrx,
  mediaDir: string,
  productId: number,
  bytes: Buffer,
  actor: Actor,
): Promise<AdminProduct> {
  const product = await requireProduct(db, productId);
  await checkUpload(bytes);
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    const key = await freshMediaKey(trx, mediaDir, productId);
    const size = await storeUploadedMaster(mediaDir, key, bytes);
    const images = await admin.listImages(trx, productId);
    const position = Math.max(0, ...images.map((i) => i.position)) + 1;
    const id = await admin.nextId(trx, 'product_image');
    await admin.insertImage(trx, {
      ...{ id, product_id: productId, position, media_key: key, width: size.width, height: size.height },
      ...{ alt: `${product.name}, фото ${images.length + 1}`, created_at: nowIso, updated_at: nowIso },
    });
    await audit(trx, actor, 'catalogue.image_added', { type: 'product', id: String(productId) }, null, {
      imageId: id,
      mediaKey: key,
      ...size,
    });
  });
  return adminProduct(db, productId);
}

/** Removes a picture of the product. Audited (`catalogue.image_removed`). @throws AppError 404. */
export async function removeProductImage(
  db: DbOrTrx,
  productId: number,
  imageId: number,
  actor: Actor,
): Promise<AdminProduct> {
  await db.transaction().execute(async (trx) => {
    const image = (await admin.listImages(trx, productId)).find((i) => i.id === imageId);
    if (!image || !(await admin.deleteImage(trx, productId, imageId))) throw imageNotFound();
    await audit(
      trx,
      actor,
      'catalogue.image_removed',
      { type: 'product', id: String(productId) },
      {
        imageId,
        mediaKey: image.media_key,
      },
      null,
    );
  });
  return adminProduct(db, productId);
}

/**
 * Moves a picture one place up or down (the first is the one lists show); positions are renumbered 1…n.
 * Audited (`catalogue.images_reordered`). @throws AppError 404.
 */
export async function moveProductImage(
  db: DbOrTrx,
  productId: number,
  imageId: number,
  direction: 'up' | 'down',
  actor: Actor,
): Promise<AdminProduct> {
  await db.transaction().execute(async (trx) => {
    const images = await admin.listImages(trx, productId);
    const from = images.findIndex((i) => i.id === imageId);
    if (from < 0) throw imageNotFound();
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= images.length) return;
    const before = images.map((i) => i.id);
    const order = [...images];
    [order[from], order[to]] = [order[to]!, order[from]!];
    const nowIso = actor.at.toISOString();
    for (const [i, image] of order.entries()) {
      if (image.position !== i + 1) await admin.setImagePosition(trx, image.id, i + 1, nowIso);
    }
    await audit(
      trx,
      actor,
      'catalogue.images_reordered',
      { type: 'product', id: String(productId) },
      { order: before },
      {
        order: order.map((i) => i.id),
      },
    );
  });
  return adminProduct(db, productId);
}
