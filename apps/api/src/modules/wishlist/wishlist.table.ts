import type { OwnedListTable } from '#app/modules/owned-list/owned-list.table.ts';

/**
 * Wishlist (spec §3: uuid, items), a customer-owned list (modules/owned-list/owned-list.ts): `id` is the wishlist uuid of
 * spec §3 (cookie `wishlist_uuid`); anonymous (`customer_id` null) until attached to a customer at sign-in;
 * `merged_into_id` is set when it was merged into another wishlist (spec §4 sign-in merge).
 */
export type WishlistTable = OwnedListTable;

/** Wishlist entry: one product per wishlist, with the SKU it was added with (the size chosen, if any). */
export interface WishlistItemTable {
  wishlist_id: string;
  product_id: number;
  sku_id: number;
  created_at: string;
  updated_at: string;
}
