import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// The back office sets up the catalogue's structure (issue 27, docs/decisions/029):
// - category.is_hidden: 1 keeps a category out of the storefront's menus and category lists (its products and
//   its page stay reachable by link); 0 shows it.
// - brand.is_hidden: 1 keeps a brand off the storefront's brands page; 0 shows it.
// - brand.logo_key / logo_width / logo_height: the brand's uploaded logo (master key under the media folder,
//   `brands/{id}-{n}`, and its pixel size); '' and 0 × 0 when it has none.
// City visibility (`visible_for_customers`), order (`sort_order`) and delivery days (`delivery_days`) exist already.
// Both tables bump the catalogue version on every change (migrations 20261122T060100 and 20261205T100000).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('category')
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('brand')
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('brand')
    .addColumn('logo_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('brand')
    .addColumn('logo_width', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('brand')
    .addColumn('logo_height', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['is_hidden', 'logo_key', 'logo_width', 'logo_height'])
    await db.schema.alterTable('brand').dropColumn(column).execute();
  await db.schema.alterTable('category').dropColumn('is_hidden').execute();
}
