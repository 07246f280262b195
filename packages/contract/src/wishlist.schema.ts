import { z } from 'zod';
import { dataOf, ExternalId, IdParam, Uuid } from './common.schema.ts';
import { ProductCard } from './catalog.schema.ts';
import { CustomerToken } from './cart.schema.ts';

// The wishlist (spec §3: uuid, items). It keeps PRODUCTS: a shopper likes a dress, not one size of it.
// Calls name the product by the `externalId` of any of its SKUs (spec §7); the SKU used to add it is kept,
// so the size the shopper had chosen on the product page is remembered.

/**
 * Query of `POST /api/wishlist/item` (spec §7: query uuid, token, externalId). Without `uuid` the item goes
 * into the wishlist of the customer of `token` (made when they have none), or into a new anonymous wishlist.
 */
export const WishlistAddQuery = z
  .object({ uuid: Uuid.optional(), token: CustomerToken.optional(), externalId: ExternalId })
  .strict();
export type WishlistAddQuery = z.infer<typeof WishlistAddQuery>;

/** Query of `DELETE /api/wishlist/item` (spec §7: query uuid, externalId): removes the SKU's product. */
export const WishlistRemoveQuery = z.object({ uuid: Uuid, externalId: ExternalId }).strict();
export type WishlistRemoveQuery = z.infer<typeof WishlistRemoveQuery>;

/** Path params of `GET /api/wishlist/get-by-uuid/{cityId}/{uuid}` (spec §7). */
export const WishlistParams = z.object({ cityId: IdParam, uuid: Uuid });
export type WishlistParams = z.infer<typeof WishlistParams>;

/** Path params of `GET /api/wishlist/get-by-customer-token/{cityId}` (spec §7; token in `X-Authorization`). */
export const WishlistCityParams = z.object({ cityId: IdParam });
export type WishlistCityParams = z.infer<typeof WishlistCityParams>;

/** One wishlist entry without card data: the product and the SKU it was added with. */
export const WishlistEntry = z.object({
  productId: z.number().int(),
  /** The SKU the product was added with (the size chosen on the product page, else its first size). */
  externalId: z.string(),
  /** When it was added (ISO 8601 UTC). */
  addedAt: z.string(),
});
export type WishlistEntry = z.infer<typeof WishlistEntry>;

/**
 * A wishlist's entries without card data, newest first: the answer of the calls that change a wishlist
 * (add, remove, attach, merge).
 */
export const WishlistContents = z.object({ uuid: Uuid, items: z.array(WishlistEntry) });
export type WishlistContents = z.infer<typeof WishlistContents>;

/** A wishlist entry with what the wishlist page shows: the product card with stock in the city (spec §3, §4). */
export const WishlistItem = WishlistEntry.extend({
  /** Size of the SKU it was added with. */
  size: z.string(),
  product: ProductCard,
});
export type WishlistItem = z.infer<typeof WishlistItem>;

/**
 * Wishlist (spec §3: uuid, items) for one city, newest first. Products no longer sold are left out
 * (they stay stored and come back if sold again).
 */
export const Wishlist = z.object({ uuid: Uuid, items: z.array(WishlistItem) });
export type Wishlist = z.infer<typeof Wishlist>;

/** Answer of `POST`/`DELETE /api/wishlist/item`, the attach and the merge calls. */
export const WishlistContentsResponse = dataOf(WishlistContents);
/** Answer of `GET /api/wishlist/get-by-uuid/{cityId}/{uuid}` and `…/get-by-customer-token/{cityId}`. */
export const WishlistResponse = dataOf(Wishlist);
