import type { DbOrTrx } from '#app/db/database.ts';

// The only place with the wishlist module's Kysely queries on its entries (conventions: repository); the
// `wishlist` rows themselves (owner, lock, merge) go through the customer-owned list kit (modules/owned-list/owned-list.ts).
// Every function takes a database handle or an open transaction first. Times are ISO 8601 UTC text.

/** The SKU with this ERP identifier, its product and whether that product is still sold, or undefined. */
export async function findSku(
  db: DbOrTrx,
  externalId: string,
): Promise<{ id: number; product_id: number; is_active: number } | undefined> {
  return db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 's.product_id', 'p.is_active'])
    .where('s.external_id', '=', externalId)
    .executeTakeFirst();
}

/**
 * Adds a product to a wishlist with the SKU it was chosen in; a product already there keeps its entry (and
 * its place), so adding twice changes nothing. One statement, safe under concurrency.
 */
export async function insertItem(
  db: DbOrTrx,
  wishlistId: string,
  productId: number,
  skuId: number,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('wishlist_item')
    .values({
      wishlist_id: wishlistId,
      product_id: productId,
      sku_id: skuId,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
    .execute();
}

/** Removes a product from a wishlist. @returns whether it was there. */
export async function deleteItem(db: DbOrTrx, wishlistId: string, productId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('wishlist_item')
    .where('wishlist_id', '=', wishlistId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes every item of a wishlist. */
export async function deleteItems(db: DbOrTrx, wishlistId: string): Promise<void> {
  await db.deleteFrom('wishlist_item').where('wishlist_id', '=', wishlistId).execute();
}

/**
 * Copies the items of `sourceId` missing from `destinationId` in ONE statement, keeping when and in which
 * size each was added; products in both keep the destination's entry (a union). Run under
 * the lock of both wishlists (the kit's merge).
 */
export async function copyItems(
  db: DbOrTrx,
  sourceId: string,
  destinationId: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('wishlist_item')
    .columns(['wishlist_id', 'product_id', 'sku_id', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('wishlist_item as src')
        .select((e) => [
          e.cast<string>(e.val(destinationId), 'text').as('wishlist_id'),
          'src.product_id',
          'src.sku_id',
          'src.created_at',
          e.cast<string>(e.val(nowIso), 'text').as('updated_at'),
        ])
        // The WHERE also keeps SQLite from reading ON CONFLICT as a join constraint.
        .where('src.wishlist_id', '=', sourceId),
    )
    .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
    .execute();
}

/** One stored wishlist entry with its SKU's ERP id and size. */
interface WishlistItemRecord {
  product_id: number;
  external_id: string;
  size: string;
  created_at: string;
}

/** Every entry of a wishlist with its SKU, newest first (ties: product id), in one query. */
export async function selectItems(db: DbOrTrx, wishlistId: string): Promise<WishlistItemRecord[]> {
  return db
    .selectFrom('wishlist_item as wi')
    .innerJoin('sku as s', 's.id', 'wi.sku_id')
    .select(['wi.product_id', 's.external_id', 's.size', 'wi.created_at'])
    .where('wi.wishlist_id', '=', wishlistId)
    .orderBy('wi.created_at', 'desc')
    .orderBy('wi.product_id', 'desc')
    .execute();
}
