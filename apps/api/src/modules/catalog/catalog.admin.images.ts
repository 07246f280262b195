import { CatalogueErrorCode, type AdminProduct } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { checkUpload, claimMediaKey, storeUploadedMaster } from '#app/modules/media/media.upload.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import { adminProduct, requireProduct } from './catalog.admin.products.ts';

// A product's pictures in the back office (issue 12, docs/decisions/020): upload (checked, stored, rendered in every
// width), remove, move up or down. A new picture always gets a media key never used before (renditions are cached
// as immutable by browsers): `products/{productId}-{n}` with n past every key of the product in the database, claimed
// on disk (media.upload.ts claimMediaKey; masters of removed pictures stay).

const imageNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такой картинки у товара нет');

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
  await requireProduct(db, productId);
  await checkUpload(bytes);
  // The picture is stored and rendered before the transaction, so no writer waits for sharp.
  const used = (await admin.imageKeys(db, productId)).map((k) => Number(k.split('-').pop()) || 0);
  const key = await claimMediaKey(mediaDir, `products/${productId}-`, Math.max(0, ...used) + 1);
  const size = await storeUploadedMaster(mediaDir, key, bytes);
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    const product = await requireProduct(trx, productId);
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
