import type { DbOrTrx } from '#app/db/database.ts';

/** The SKU of an external id whose product is on sale, with its size and product (slug, name), or undefined. */
export function findActiveSkuByExternalId(db: DbOrTrx, externalId: string) {
  return db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .select([
      'sku.id',
      'sku.external_id',
      'sku.size',
      'product.id as product_id',
      'product.name',
      'product.slug',
    ])
    .where('sku.external_id', '=', externalId)
    .where('product.is_active', '=', 1)
    .executeTakeFirst();
}
