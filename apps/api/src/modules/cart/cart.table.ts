import type { Generated } from 'kysely';
import type { OwnedListTable } from '#app/modules/owned-list/owned-list.table.ts';

/**
 * Cart (spec §3), a customer-owned list (modules/owned-list/owned-list.ts): `id` is the cart uuid of spec §3 (cookie
 * `cart_uuid`); anonymous (`customer_id` null) until attached to a customer at sign-in or claimed by an order;
 * `merged_into_id` is set when it was merged into another cart (spec §4 sign-in merge).
 */
export type CartTable = OwnedListTable;

/**
 * Cart line: quantity of one SKU, always positive (CHECK; spec §4: ≤ 0 deletes). `position` numbers the cart's
 * lines 1, 2, 3… as they are added (the order within one millisecond of `created_at`).
 */
export interface CartItemTable {
  cart_id: string;
  sku_id: number;
  qty: number;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}
