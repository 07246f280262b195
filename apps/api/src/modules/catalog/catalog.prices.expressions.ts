import { sql, type RawBuilder } from 'kysely';

// The prices of a product's sizes in SQL (issue 28 item 4, docs/decisions/032). A SKU's own `price` wins; a SKU
// without one sells at its product's. Its price before a discount: its own `original_price`, else its own price
// (not discounted) when it has one, else the product's `original_price`. A card, the listing's price filters and
// sorts, and the discount filter and sort use the product's cheapest size: its price and its price before a
// discount (of equal prices, the larger discount); the product's own prices when it has no SKU. Every expression
// reads the product as `p`. The read model (read/model.ts) loads products through these same expressions, so the
// SQL listing and the model agree.

/** A SKU `s`'s selling price in tenge, for the product `p` it belongs to. */
export const skuPriceOf = (s: string): RawBuilder<number> => sql.raw(`coalesce(${s}.price, p.price)`);

/** A SKU `s`'s price before a discount in tenge (its price when not discounted), for its product `p`. */
export const skuOriginalPriceOf = (s: string): RawBuilder<number> =>
  sql.raw(
    `case when ${s}.price is null then p.original_price else coalesce(${s}.original_price, ${s}.price) end`,
  );

/** The lowest selling price among the sizes of product `p` (tenge): what its card shows, filters and sorts use. */
export const lowestPrice = sql<number>`coalesce((select min(${skuPriceOf('sp')}) from sku sp
  where sp.product_id = p.id), p.price)`;

/** The price before a discount of the cheapest size of product `p` (tenge): its card's struck-through price. */
export const lowestOriginalPrice = sql<number>`coalesce((select ${skuOriginalPriceOf('sp')} from sku sp
  where sp.product_id = p.id order by ${skuPriceOf('sp')} asc, ${skuOriginalPriceOf('sp')} desc limit 1),
  p.original_price)`;

/** The highest selling price among the sizes of product `p` (tenge): above {@link lowestPrice}, the card says «от». */
export const highestPrice = sql<number>`coalesce((select max(${skuPriceOf('sp')}) from sku sp
  where sp.product_id = p.id), p.price)`;
