/** Stock level of a SKU in a city, exact units; never negative (CHECK). Owned by the inventory module. */
export interface StockTable {
  sku_id: number;
  city_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}
