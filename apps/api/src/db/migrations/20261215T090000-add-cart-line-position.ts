import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// cart_item.position: the line's place in its cart, 1, 2, 3… in the order the lines were added (spec §7: a cart's
// lines in the order they were added). `created_at` alone has millisecond precision, so two adds within one
// millisecond came back in SKU order. Lines are ordered by `created_at`, then `position`. Existing lines are
// numbered in their current order (created_at, then sku_id).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cart_item')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update cart_item set position = (
    select count(*) from cart_item as earlier
    where earlier.cart_id = cart_item.cart_id
      and (earlier.created_at < cart_item.created_at
        or (earlier.created_at = cart_item.created_at and earlier.sku_id <= cart_item.sku_id)))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart_item').dropColumn('position').execute();
}
