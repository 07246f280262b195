import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Kaspi Магазин price feed settings (issue 33 Part B items 5 and 7, docs/decisions/054 and 063):
// - kaspi_feed_setting: one row (id 1): the feed URL's secret (null: feed off), company and merchant id, a version
//   bumped by every settings change (the served feed is cached per catalogue version and this version), and the
//   last build's figures (offers, bytes, problems as JSON) shown on the «Kaspi» screen.
// - kaspi_store: a Kaspi store (PP1…) offered the stock of one of our cities, with its default safety reserve.
// - kaspi_city: our city → Kaspi cityId (KATO code) for `<cityprice>`.
// - kaspi_sku: the SKUs marked for Kaspi.
// - kaspi_reserve: a safety reserve of one SKU in one store (overrides the store's default).
// - kaspi_feed_sent: external ids of every SKU ever sent, so an unmarked one is sent as withdrawn (decision 054).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kaspi_feed_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('secret', 'text', (c) => c.unique())
    .addColumn('company', 'text', (c) => c.notNull().check(sql`length(company) <= 200`))
    .addColumn('merchant_id', 'text', (c) => c.notNull().check(sql`length(merchant_id) <= 64`))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 0`))
    .addColumn('last_built_at', 'text')
    .addColumn('last_offers', 'integer', (c) => c.check(sql`last_offers >= 0`))
    .addColumn('last_bytes', 'integer', (c) => c.check(sql`last_bytes >= 0`))
    .addColumn('last_problems', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('kaspi_feed_setting')
    .values({
      id: 1,
      secret: null,
      company: '',
      merchant_id: '',
      version: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.schema
    .createTable('kaspi_store')
    .addColumn('store_id', 'text', (c) => c.primaryKey().check(sql`length(store_id) between 1 and 64`))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('city.id'))
    .addColumn('default_reserve', 'integer', (c) => c.notNull().check(sql`default_reserve >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('kaspi_city')
    .addColumn('city_id', 'integer', (c) => c.primaryKey().references('city.id'))
    .addColumn('kaspi_city_id', 'text', (c) => c.notNull().check(sql`length(kaspi_city_id) between 1 and 20`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('kaspi_sku')
    .addColumn('sku_id', 'integer', (c) => c.primaryKey().references('sku.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('kaspi_reserve')
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('sku.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('kaspi_store.store_id').onDelete('cascade'))
    .addColumn('units', 'integer', (c) => c.notNull().check(sql`units >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('kaspi_reserve_pk', ['sku_id', 'store_id'])
    .execute();
  await db.schema
    .createTable('kaspi_feed_sent')
    .addColumn('external_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'kaspi_feed_sent',
    'kaspi_reserve',
    'kaspi_sku',
    'kaspi_city',
    'kaspi_store',
    'kaspi_feed_setting',
  ])
    await db.schema.dropTable(t).execute();
}
