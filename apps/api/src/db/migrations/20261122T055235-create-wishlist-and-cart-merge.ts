import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share:
// app-made ids and ISO text timestamps, 0/1 booleans, CHECK constraints for invariants.
//
// - Wishlists (spec §3: uuid, items): anonymous (customer_id null) until attached at sign-in (spec §4).
//   An item is a product (one per product), remembering the SKU it was added with.
// - Sign-in merge (spec §4): a cart or wishlist merged into another keeps its row, emptied, with
//   `merged_into_id` pointing at the destination, so repeating the same merge is recognised and changes
//   nothing (merging is idempotent).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // No REFERENCES on an added column: SQLite could not drop it again in `down`. Only the app writes it.
  await db.schema.alterTable('cart').addColumn('merged_into_id', 'text').execute();
  await db.schema.alterTable('cart').addColumn('merged_at', 'text').execute();

  await db.schema
    .createTable('wishlist')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.references('customer.id'))
    .addColumn('merged_into_id', 'text', (c) => c.references('wishlist.id'))
    .addColumn('merged_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'wishlist_not_merged_into_itself',
      sql`merged_into_id is null or merged_into_id <> id`,
    )
    .execute();
  await db.schema
    .createIndex('wishlist_customer_idx')
    .on('wishlist')
    .columns(['customer_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('wishlist_item')
    .addColumn('wishlist_id', 'text', (c) => c.notNull().references('wishlist.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('sku.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wishlist_item_pk', ['wishlist_id', 'product_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wishlist_item').execute();
  await db.schema.dropTable('wishlist').execute();
  await db.schema.alterTable('cart').dropColumn('merged_at').execute();
  await db.schema.alterTable('cart').dropColumn('merged_into_id').execute();
}
