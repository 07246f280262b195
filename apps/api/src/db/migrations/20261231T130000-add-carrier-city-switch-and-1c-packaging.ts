import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Carrier back office (issue 34 items 5–6, docs/decisions/070):
// - city.carrier_in_own_city: 0/1, «Предлагать доставку СДЭК и в этом городе» — the carrier is offered in a city
//   the shop also serves with its own points and courier (default 0: only the shop's own delivery there).
// - exchange_product.packaging: the packed size 1C last sent for the product (JSON {weightG, lengthCm, widthCm,
//   heightCm}, grams and cm, each nullable), so SKUs the offers make later get it too; null: 1C sent none.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('city')
    .addColumn('carrier_in_own_city', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('exchange_product').addColumn('packaging', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exchange_product').dropColumn('packaging').execute();
  await db.schema.alterTable('city').dropColumn('carrier_in_own_city').execute();
}
