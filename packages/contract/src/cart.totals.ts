import type { Cart, CartItem } from './cart.schema.ts';

/**
 * Totals of a cart (spec §9), shared by the API (the cart's answer) and the storefront (the cart page built from
 * the split cart): `totalCount` = Σ min(qty, stockCount) over every line (each line capped at its decoded
 * stock, so a line not in stock counts 0); `totalAmount` = Σ price × qty and `totalSavings` =
 * Σ (originalPrice − price) × qty over lines in stock, whole tenge.
 */
export function cartTotals(
  items: readonly Pick<CartItem, 'qty' | 'stockCount' | 'inStock' | 'price' | 'originalPrice'>[],
): Pick<Cart, 'totalCount' | 'totalAmount' | 'totalSavings'> {
  let totalCount = 0;
  let totalAmount = 0;
  let totalSavings = 0;
  for (const item of items) {
    totalCount += Math.min(item.qty, item.stockCount);
    if (!item.inStock) continue;
    totalAmount += item.price * item.qty;
    totalSavings += Math.max(0, item.originalPrice - item.price) * item.qty;
  }
  return { totalCount, totalAmount, totalSavings };
}
