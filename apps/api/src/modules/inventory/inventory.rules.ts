import { STOCK_LEVEL_COUNT, StockState, type StockLevel } from '@kiim/contract';

/**
 * Decodes an exact quantity into the level shown to shoppers (spec §3): 0 → not-available,
 * 1–4 → less-than-5, 5 and more → more-than-5. Exact quantities never leave the server.
 */
export function decodeStock(quantity: number): StockLevel {
  if (quantity <= 0) return 'not-available';
  return quantity < 5 ? 'less-than-5' : 'more-than-5';
}

/** Counted quantity of a level (spec §9: 0, 4, 6). */
export const stockCount = (level: StockLevel): number => STOCK_LEVEL_COUNT[level];

/**
 * Stock state label (spec §4): 'В наличии' when regional stock is above zero and the city is visible to
 * customers; 'В другом городе' (product page: 'Доставка из другого города') when only stock elsewhere
 * exists; otherwise 'Нет в наличии'.
 * @param regional units in the requested city; @param global units in all visible cities.
 */
export function stockState(
  regional: number,
  global: number,
  cityVisible: boolean,
  onProductPage = false,
): string {
  if (regional > 0 && cityVisible) return StockState.inStock;
  if (global > 0) return onProductPage ? StockState.otherCityOnProductPage : StockState.otherCity;
  return StockState.none;
}

/** Stock levels of a SKU or product for one city: what product cards and sizes carry (spec §3). */
export function stockLevels(regional: number, global: number, cityVisible: boolean, onProductPage = false) {
  const regionalQty = cityVisible ? regional : 0;
  return {
    regionalStockAmount: decodeStock(regionalQty),
    globalStockAmount: decodeStock(global),
    stockState: stockState(regional, global, cityVisible, onProductPage),
  };
}
