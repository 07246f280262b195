import type { DbOrTrx } from '#app/db/database.ts';

/**
 * Sells a product out in one city for a test: every one of its SKUs' stock rows in `cityId` set to 0 units, through
 * a plain update (the stock triggers keep the summary and the catalogue version current, decision 008).
 */
export async function sellOutInCity(db: DbOrTrx, productId: number, cityId: number): Promise<void> {
  const skus = await db.selectFrom('sku').select('id').where('product_id', '=', productId).execute();
  await db
    .updateTable('stock')
    .set({ quantity: 0 })
    .where('city_id', '=', cityId)
    .where(
      'sku_id',
      'in',
      skus.map((s) => s.id),
    )
    .execute();
}
