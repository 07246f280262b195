import { CartDeliveryInformation } from './enums.ts';
import type { Cart, CartItem, SplitCart } from './cart.schema.ts';

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

/**
 * The split cart's lines as the shopper gets them (spec §3 `available`/`notAvailable`, §4 stock states; issue 35
 * §1): `inCity` in stock in the current city; `otherCity` held only in another city's stock — ordered with the
 * rest and brought in 3–5 days; `unavailable` in stock nowhere, left out of any order.
 */
export function cartGroups(split: Pick<SplitCart, 'available' | 'notAvailable'>) {
  const otherCity = split.notAvailable.filter(
    (i) => i.deliveryInformation === CartDeliveryInformation.otherCity,
  );
  const unavailable = split.notAvailable.filter(
    (i) => i.deliveryInformation !== CartDeliveryInformation.otherCity,
  );
  return { inCity: split.available, otherCity, unavailable };
}

/** Σ price × qty and Σ (originalPrice − price) × qty of lines that will be ordered, whole tenge. */
export function linesAmount(lines: readonly Pick<CartItem, 'qty' | 'price' | 'originalPrice'>[]) {
  let amount = 0;
  let savings = 0;
  for (const l of lines) {
    amount += l.price * l.qty;
    savings += Math.max(0, l.originalPrice - l.price) * l.qty;
  }
  return { amount, savings };
}
