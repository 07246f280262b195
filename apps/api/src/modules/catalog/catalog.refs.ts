import { ErrorCode } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { mediaUrl } from '#app/modules/media/media.url.ts';
import { findActiveProductBySlug } from './catalog.page.repository.ts';
import * as repo from './catalog.repository.ts';
import { findActiveSkuByExternalId } from './catalog.refs.repository.ts';

// Products and SKUs as other modules refer to them (reviews, questions, the back office's dashboard).

/**
 * The active product with this slug as other modules refer to it (id, slug, name).
 * @throws AppError 404 `notFound` «Товар не найден» for an unknown or no longer sold product.
 */
export async function activeProductRef(
  db: DbOrTrx,
  slug: string,
): Promise<{ id: number; slug: string; name: string }> {
  const product = await findActiveProductBySlug(db, slug);
  if (!product) throw notFound(ErrorCode.notFound, 'Товар не найден');
  return { id: product.id, slug: product.slug, name: product.name };
}

/**
 * Products by id as lists of other modules show them (reviews, questions): slug, name, colour and the 240 px
 * picture of the first image; sold or not. In two queries whatever their number; unknown ids are absent.
 */
export async function productRefs(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<
  Map<number, { id: number; slug: string; name: string; colourName: string; image: string | null }>
> {
  const [rows, images] = await Promise.all([
    repo.findProductsByIds(db, ids),
    repo.firstImages(db, [...new Set(ids)]),
  ]);
  return new Map(
    rows.map((p) => {
      const image = images.get(p.id);
      return [
        p.id,
        {
          id: p.id,
          slug: p.slug,
          name: p.name,
          colourName: p.colour_name,
          image: image ? mediaUrl(image.media_key, 240) : null,
        },
      ];
    }),
  );
}

/** SKUs by id as other modules name them: external id (the SKU code), size, product name and slug. */
export async function skuRefs(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<Map<number, { externalId: string; size: string; productName: string; productSlug: string }>> {
  const rows = await repo.findSkuRefs(db, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      { externalId: r.external_id, size: r.size, productName: r.name, productSlug: r.slug },
    ]),
  );
}

/** A SKU on sale as other modules refer to it: id, size and its product (issue 35 item 4: back-in-stock alerts). */
export interface ActiveSkuRef {
  id: number;
  externalId: string;
  size: string;
  productId: number;
  productName: string;
  productSlug: string;
}

/**
 * The SKU of an external id whose product is on sale.
 * @throws AppError 404 code 3003 (skuNotFound) for an unknown SKU or one of a product no longer sold.
 */
export async function activeSkuRef(db: DbOrTrx, externalId: string): Promise<ActiveSkuRef> {
  const r = await findActiveSkuByExternalId(db, externalId);
  if (!r) throw notFound(ErrorCode.skuNotFound, 'Товар не найден');
  return {
    id: r.id,
    externalId: r.external_id,
    size: r.size,
    productId: r.product_id,
    productName: r.name,
    productSlug: r.slug,
  };
}
