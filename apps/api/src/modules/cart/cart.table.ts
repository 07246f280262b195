import type { Insertable, Selectable } from 'kysely';

/** Cart (spec §3): anonymous (`customer_id` null) until attached to a customer at sign-in. */
export interface CartTable {
  /** The cart uuid of spec §3 (cookie `cart_uuid`). */
  id: string;
  customer_id: string | null;
  /**
   * Set when this cart was merged into another one (spec §4 sign-in merge): it is then empty and gone for
   * every call except a repeat of the same merge, which changes nothing.
   */
  merged_into_id: string | null;
  merged_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Cart line: quantity of one SKU, always positive (CHECK; spec §4: ≤ 0 deletes). */
export interface CartItemTable {
  cart_id: string;
  sku_id: number;
  qty: number;
  created_at: string;
  updated_at: string;
}

export type CartRow = Selectable<CartTable>;
export type NewCartRow = Insertable<CartTable>;
export type CartItemRow = Selectable<CartItemTable>;
export type NewCartItemRow = Insertable<CartItemTable>;
