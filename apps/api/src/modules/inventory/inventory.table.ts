import type { Generated } from 'kysely';

/** Stock level of a SKU in a city, exact units; never negative (CHECK). Owned by the inventory module. */
export interface StockTable {
  sku_id: number;
  city_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

/**
 * One change of a stock level (issue 12, docs/decisions/020): units before → after, why, who (a staff member's or an
 * API key's id, null for the shop itself) and when. Written in the transaction of the change by setStockLevel(s) and,
 * for orders (taken, cancelled, refused at handover), by reserveStock / releaseStock; never updated. Owned by the
 * inventory module.
 */
export interface StockMovementTable {
  /** Given by the database in insertion order. */
  id: Generated<number>;
  sku_id: number;
  city_id: number;
  quantity_before: number;
  quantity_after: number;
  /** One of STOCK_MOVEMENT_REASONS (@kiim/contract). */
  reason: string;
  actor_type: 'staff' | 'api_key' | 'system';
  actor_id: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}
