import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Each SKU keeps its own price (issue 28 item 4, docs/decisions/032):
// - sku.price: what a shopper pays for this size, whole tenge; null: the product's `price` (every row before
//   this migration, and every size staff gave no price of its own).
// - sku.original_price: the size's price before a discount; null: not discounted when `price` is set, the
//   product's `original_price` when it is not. The app keeps original_price >= price.
// `sku` bumps the catalogue version on every change (migrations 20261122T060100 and 20261205T100000), so the
// read model sees a new price at once.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sku')
    .addColumn('price', 'integer', (c) => c.check(sql`price > 0`))
    .execute();
  await db.schema
    .alterTable('sku')
    .addColumn('original_price', 'integer', (c) => c.check(sql`original_price > 0`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sku').dropColumn('original_price').execute();
  await db.schema.alterTable('sku').dropColumn('price').execute();
}
