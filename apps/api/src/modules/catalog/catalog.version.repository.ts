import { sql } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';

// The catalogue version bumped by the application (decision 058); the triggers bump it for catalogue tables.

/**
 * Inside the caller's transaction: bumps the catalogue version and logs a whole-catalogue change (product null), so
 * every cached answer and the read model are made again at the next read — as the triggers do for other catalogue
 * changes (decision 008, 018). For changes the cards show that live outside the catalogue tables: review ratings
 * (issue 35 item 5, decision 058).
 */
export async function bumpCatalogueVersion(trx: DbOrTrx): Promise<void> {
  await trx
    .updateTable('counter')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'catalog_version')
    .execute();
  await trx
    .insertInto('catalog_change')
    .columns(['version', 'product_id'])
    .expression((eb) =>
      eb
        .selectFrom('counter')
        .select(['value', sql<null>`cast(null as integer)`.as('product_id')])
        .where('name', '=', 'catalog_version'),
    )
    .execute();
}
