import type { DbOrTrx } from '#app/db/database.ts';

// Reads for «Ваш размер» (issue 35 item 6, decision 066): an active product's sizes, the sizes a customer kept of a
// brand and category, and a product's published fit answers. Read-only across the order and review tables.

/** The active product with this slug: its id, brand, category and size labels in size order; undefined if none. */
export async function productForFit(db: DbOrTrx, slug: string) {
  const product = await db
    .selectFrom('product')
    .select(['id', 'brand_id', 'category_id'])
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!product) return undefined;
  const skus = await db
    .selectFrom('sku')
    .select('size')
    .where('product_id', '=', product.id)
    .orderBy('size_order')
    .orderBy('id')
    .execute();
  return {
    id: Number(product.id),
    brandId: Number(product.brand_id),
    categoryId: Number(product.category_id),
    sizes: [...new Set(skus.map((s) => s.size))],
  };
}

/**
 * The size label of the customer's newest kept unit of this brand and category: an order line of a completed
 * (delivered) order with units not refused at handover. Undefined when there is none.
 */
export async function lastKeptSize(
  db: DbOrTrx,
  customerId: string,
  brandId: number,
  categoryId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('order_line as l')
    .innerJoin('order as o', 'o.id', 'l.order_id')
    .innerJoin('sku as s', 's.id', 'l.sku_id')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select('l.size')
    .where('o.customer_id', '=', customerId)
    .where('o.status', '=', 'completed')
    .where('p.brand_id', '=', brandId)
    .where('p.category_id', '=', categoryId)
    .whereRef('l.refused_qty', '<', 'l.qty')
    .orderBy('o.created_at', 'desc')
    .orderBy('l.id')
    .executeTakeFirst();
  return row?.size;
}

/** Published reviews' fit answers of a product, count per answer (unanswered left out). */
export async function fitCounts(db: DbOrTrx, productId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('review')
    .select(['fit', (eb) => eb.fn.countAll<number>().as('count')])
    .where('product_id', '=', productId)
    .where('status', '=', 'published')
    .where('fit', 'is not', null)
    .groupBy('fit')
    .execute();
  return new Map(rows.map((r) => [r.fit!, Number(r.count)]));
}
