import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Cities found through the carrier (issue 34 item 1, docs/decisions/073):
// - city.carrier_found: 0/1 — the row was made when a shopper chose a CDEK city the shop does not serve itself
//   (no own points, no courier); staff lists and imports leave such rows out.
// - a unique index on cdek_code among those rows, so two shoppers choosing the same city at once make one row.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('city')
    .addColumn('carrier_found', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('city_carrier_found_cdek_code')
    .on('city')
    .column('cdek_code')
    .unique()
    .where(sql.ref('carrier_found'), '=', 1)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('city_carrier_found_cdek_code').execute();
  await db.schema.alterTable('city').dropColumn('carrier_found').execute();
}
