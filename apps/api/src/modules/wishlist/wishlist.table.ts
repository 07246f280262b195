import type { Insertable, Selectable } from 'kysely';

/** Wishlist (spec §3: uuid, items): anonymous (`customer_id` null) until attached to a customer at sign-in. */
export interface WishlistTable {
  /** The wishlist uuid of spec §3 (cookie `wishlist_uuid`). */
  id: string;
  customer_id: string | null;
  /** Set when merged into another wishlist (spec §4): it is then empty and gone except for a repeat merge. */
  merged_into_id: string | null;
  merged_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Wishlist entry: one product per wishlist, with the SKU it was added with (the size chosen, if any). */
export interface WishlistItemTable {
  wishlist_id: string;
  product_id: number;
  sku_id: number;
  created_at: string;
  updated_at: string;
}

export type WishlistRow = Selectable<WishlistTable>;
export type NewWishlistRow = Insertable<WishlistTable>;
export type WishlistItemRow = Selectable<WishlistItemTable>;
export type NewWishlistItemRow = Insertable<WishlistItemTable>;
