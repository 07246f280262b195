import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Carrier delivery (issue 34, docs/decisions/045):
// - category.package_weight_g / package_length_cm / package_width_cm / package_height_cm: the packed size of one
//   unit of this category (grams, whole centimetres); null: the shop's default for the category's kind.
// - sku.package_*: the same for one size, overriding its category; null: the category's.
// - city.cdek_code: CDEK's city `code` (GET /v2/location/cities); null: CDEK does not serve the city for Kiim.
// `sku` bumps the catalogue version on every change (migration 20261122T060100): adding columns changes no row.

const PACKAGE = ['package_weight_g', 'package_length_cm', 'package_width_cm', 'package_height_cm'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['category', 'sku']) {
    for (const column of PACKAGE) {
      await db.schema
        .alterTable(table)
        .addColumn(column, 'integer', (c) => c.check(sql`${sql.ref(column)} > 0`))
        .execute();
    }
  }
  await db.schema.alterTable('city').addColumn('cdek_code', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('city').dropColumn('cdek_code').execute();
  for (const table of ['sku', 'category']) {
    for (const column of [...PACKAGE].reverse()) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
