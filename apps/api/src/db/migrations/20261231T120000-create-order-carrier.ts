import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// order_carrier (issue 34 item 2, docs/decisions/069): the shopper's carrier choice, written in the order's own
// transaction — the carrier, the kind (point, locker, door), tariff, the point as shown (a snapshot: the carrier's
// list changes), the route (warehouse city and the carrier's city codes) and the delivery price charged (never more
// than `quoted_price`, the price the shop's signed quote showed). Tenge; working days.
// city.cdek_shipment_point: the CDEK office the shop hands parcels in at in that warehouse city (CDEK
// `shipment_point`, which «склад-…» tariffs need); null: CDEK collects from the warehouse (`from_location`).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_carrier')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pickup_point', 'locker', 'door')`))
    .addColumn('tariff_code', 'integer', (c) => c.notNull())
    .addColumn('point_code', 'text')
    .addColumn('point_title', 'text')
    .addColumn('point_city', 'text')
    .addColumn('point_address', 'text')
    .addColumn('point_hours', 'text')
    .addColumn('point_longitude', 'double precision')
    .addColumn('point_latitude', 'double precision')
    .addColumn('from_city_id', 'integer', (c) => c.notNull())
    .addColumn('from_code', 'integer', (c) => c.notNull())
    .addColumn('to_code', 'integer', (c) => c.notNull())
    .addColumn('quoted_price', 'integer', (c) => c.notNull().check(sql`quoted_price >= 0`))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0 and price <= quoted_price`))
    .addColumn('period_min_days', 'integer', (c) => c.notNull())
    .addColumn('period_max_days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('city').addColumn('cdek_shipment_point', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('city').dropColumn('cdek_shipment_point').execute();
  await db.schema.dropTable('order_carrier').execute();
}
