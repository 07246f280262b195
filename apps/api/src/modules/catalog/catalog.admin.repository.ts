import type { Updateable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { ProductRow, ProductTable, SkuTable } from './catalog.table.ts';

// Writes and back-office reads of the catalogue (issue 12, docs/decisions/020). Every write bumps the catalogue
// version through the tables' triggers (decision 008), so the storefront's cache never serves the old state.

/** The product with this id, published or not. */
export function findProduct(db: DbOrTrx, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('product').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes the given columns of a product. */
export async function updateProduct(db: DbOrTrx, id: number, set: Updateable<ProductTable>): Promise<void> {
  await db.updateTable('product').set(set).where('id', '=', id).execute();
}

/** The SKU with this external id (the ERP's identifier), with its product's id. */
export function findSkuByExternalId(
  db: DbOrTrx,
  externalId: string,
): Promise<Pick<SkuTable, 'id' | 'product_id' | 'size' | 'external_id'> | undefined> {
  return db
    .selectFrom('sku')
    .select(['id', 'product_id', 'size', 'external_id'])
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}
