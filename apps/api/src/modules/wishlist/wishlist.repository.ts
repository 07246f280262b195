import type { DbOrTrx } from '#app/db/database.ts';
import type { WishlistRow } from './wishlist.table.ts';

// The only place with the wishlist module's Kysely queries (conventions: repository). Every function takes a
// database handle or an open transaction first. Times are ISO 8601 UTC text.

/**
 * A wishlist as stored: `id` is the wishlist uuid of spec §3, `customer_id` its owner (null while
 * anonymous), `merged_into_id` the wishlist it was merged into (null while in use).
 */
export type WishlistRecord = Pick<WishlistRow, 'id' | 'customer_id' | 'merged_into_id'>;

const WISHLIST_COLUMNS = ['id', 'customer_id', 'merged_into_id'] as const;

/** The wishlist with this uuid (merged ones included), or undefined. */
export async function findWishlist(db: DbOrTrx, uuid: string): Promise<WishlistRecord | undefined> {
  return db.selectFrom('wishlist').select(WISHLIST_COLUMNS).where('id', '=', uuid).executeTakeFirst();
}

/** The customer's wishlist in use (not merged away), the one changed last if several, or undefined. */
export async function findCustomerWishlist(db: DbOrTrx, customerId: string): Promise<WishlistRecord | undefined> {
  return db
    .selectFrom('wishlist')
    .select(WISHLIST_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('merged_into_id', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts a new wishlist, anonymous or owned by `customerId`. */
export async function insertWishlist(
  db: DbOrTrx,
  uuid: string,
  customerId: string | null,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('wishlist')
    .values({ id: uuid, customer_id: customerId, merged_into_id: null, merged_at: null, created_at: nowIso, updated_at: nowIso })
    .execute();
}

/**
 * Sets the wishlist's `updated_at` and returns it, or undefined when it does not exist. Inside a transaction
 * this write locks the row (PostgreSQL row lock; SQLite's write lock): every change to one wishlist's items
 * is serialised behind it, so a merge and an add cannot interleave.
 */
export async function lockWishlist(db: DbOrTrx, uuid: string, nowIso: string): Promise<WishlistRecord | undefined> {
  return db
    .updateTable('wishlist')
    .set({ updated_at: nowIso })
    .where('id', '=', uuid)
    .returning(WISHLIST_COLUMNS)
    .executeTakeFirst();
}

/** Locks several wishlists in ascending id order (no deadlock between A→B and B→A). @returns those found. */
export async function lockWishlists(
  db: DbOrTrx,
  uuids: readonly string[],
  nowIso: string,
): Promise<Map<string, WishlistRecord>> {
  const found = new Map<string, WishlistRecord>();
  for (const uuid of [...new Set(uuids)].sort()) {
    const row = await lockWishlist(db, uuid, nowIso);
    if (row) found.set(row.id, row);
  }
  return found;
}

/** Makes the wishlist the customer's (attach at sign-in, spec §4). Run under {@link lockWishlist}. */
export async function setWishlistCustomer(
  db: DbOrTrx,
  uuid: string,
  customerId: string,
  nowIso: string,
): Promise<void> {
  await db.updateTable('wishlist').set({ customer_id: customerId, updated_at: nowIso }).where('id', '=', uuid).execute();
}

/** Marks a wishlist as merged into `destinationId` (spec §4); its items must already be gone. */
export async function markWishlistMerged(
  db: DbOrTrx,
  uuid: string,
  destinationId: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('wishlist')
    .set({ merged_into_id: destinationId, merged_at: nowIso, updated_at: nowIso })
    .where('id', '=', uuid)
    .execute();
}

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
    .values({ wishlist_id: wishlistId, product_id: productId, sku_id: skuId, created_at: nowIso, updated_at: nowIso })
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
 * {@link lockWishlists} of both.
 */
export async function copyItems(db: DbOrTrx, sourceId: string, destinationId: string, nowIso: string): Promise<void> {
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
export interface WishlistItemRecord {
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
