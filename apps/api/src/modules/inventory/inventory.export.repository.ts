import type { DbOrTrx } from '#app/db/database.ts';

/** One page of stock rows in (SKU id, city id) order after the given key (the export walks all stock in pages). */
export async function stockPage(
  db: DbOrTrx,
  after: { skuId: number; cityId: number },
  limit: number,
): Promise<{ sku_id: number; city_id: number; quantity: number }[]> {
  const rows = await db
    .selectFrom('stock')
    .select(['sku_id', 'city_id', 'quantity'])
    .where((eb) =>
      eb.or([
        eb('sku_id', '>', after.skuId),
        eb.and([eb('sku_id', '=', after.skuId), eb('city_id', '>', after.cityId)]),
      ]),
    )
    .orderBy('sku_id')
    .orderBy('city_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ sku_id: r.sku_id, city_id: r.city_id, quantity: Number(r.quantity) }));
}
