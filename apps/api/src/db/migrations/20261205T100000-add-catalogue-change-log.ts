import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Catalogue change log (issue 14, docs/decisions/018-catalogue-read-model.md): `catalog_change (version,
// product_id)` gets one row per bump of the `catalog_version` counter, written by the same trigger in the same
// transaction: the product whose stock changed, or null for any other catalogue change (a product, SKU,
// picture, brand, category, city, banner or search term). An API process's in-memory read model applies the
// rows after the version it has: stock changes product by product, anything else by reloading the model.
// Versions commit in order (the counter row is locked until commit), so a reader that saw version V sees every
// row up to V. Rows more than 10,000 versions old are deleted by the triggers; a reader further behind finds a
// gap and reloads.
// - `product` changes bump the version on every column but `stock_global`, which the stock triggers keep (they
//   bump and log already): an order no longer counts as a product change.
// - SQLite: the stock and version triggers are recreated with the log in their body (SQLite does not promise
//   an order among triggers of one event). PostgreSQL: triggers named after the bumping ones, which fire
//   after them (alphabetical order of names).

/** Catalogue tables whose every change bumps `catalog_version` (as in migration 20261122T060100). */
const VERSIONED = [
  'city',
  'brand',
  'category',
  'product',
  'product_image',
  'sku',
  'banner',
  'product_search_term',
];
/** Columns of `product` whose change is a catalogue change (all but `stock_global`). */
const PRODUCT_COLUMNS =
  'id, slug, model_code, name, brand_id, category_id, kind, gender, colour_name, colour_hex, description, ' +
  'composition, care, price, original_price, arrival_date, is_active, created_at, updated_at';
const KEEP = 10_000;

const bump = `update counter set value = value + 1 where name = 'catalog_version'`;
const version = `(select value from counter where name = 'catalog_version')`;
const prune = `delete from catalog_change where version <= ${version} - ${KEEP}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_change')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .execute();
  await db.schema.createIndex('catalog_change_version_idx').on('catalog_change').column('version').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresUp(db);
  else await sqliteTriggers(db, true);
}

/** SQLite's stock summary trigger bodies (migration 20261122T060100), for the row `NEW` or `OLD`. */
const addStock = (r: 'NEW') => `
    insert into product_stock (product_id, city_id, quantity)
      select product_id, ${r}.city_id, ${r}.quantity from sku where id = ${r}.sku_id
      on conflict (product_id, city_id) do update set quantity = product_stock.quantity + excluded.quantity;
    update product set stock_global = stock_global + ${r}.quantity
      where id = (select product_id from sku where id = ${r}.sku_id)
        and exists (select 1 from city where id = ${r}.city_id and visible_for_customers = 1);`;
const subStock = (r: 'OLD') => `
    update product_stock set quantity = quantity - ${r}.quantity
      where product_id = (select product_id from sku where id = ${r}.sku_id) and city_id = ${r}.city_id;
    update product set stock_global = stock_global - ${r}.quantity
      where id = (select product_id from sku where id = ${r}.sku_id)
        and exists (select 1 from city where id = ${r}.city_id and visible_for_customers = 1);`;

/** SQLite: the stock and version triggers, with the change log (`log`) or as before (down). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTriggers(db: Kysely<any>, log: boolean): Promise<void> {
  const logStock = (r: 'NEW' | 'OLD') =>
    log
      ? `insert into catalog_change (version, product_id) select ${version}, product_id from sku where id = ${r}.sku_id; ${prune};`
      : '';
  const logOther = log
    ? `insert into catalog_change (version, product_id) values (${version}, null); ${prune};`
    : '';
  const triggers: Record<string, string> = {
    stock_summary_insert: `after insert on stock begin ${addStock('NEW')} ${bump}; ${logStock('NEW')} end`,
    stock_summary_delete: `after delete on stock begin ${subStock('OLD')} ${bump}; ${logStock('OLD')} end`,
    stock_summary_update: `after update of sku_id, city_id, quantity on stock begin ${subStock('OLD')} ${addStock('NEW')} ${bump}; ${logStock('OLD')} ${log ? logStock('NEW') : ''} end`,
  };
  for (const table of VERSIONED)
    for (const event of ['insert', 'update', 'delete']) {
      const on = log && table === 'product' && event === 'update' ? `update of ${PRODUCT_COLUMNS}` : event;
      triggers[`${table}_version_${event}`] = `after ${on} on ${table} begin ${bump}; ${logOther} end`;
    }
  for (const [name, body] of Object.entries(triggers)) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
  }
}

/** PostgreSQL: log triggers after the bumping ones; `product` bumps on every column but `stock_global`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postgresUp(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create function catalog_change_stock() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          insert into catalog_change (version, product_id) select ${version}, product_id from sku where id = OLD.sku_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into catalog_change (version, product_id) select ${version}, product_id from sku where id = NEW.sku_id;
        end if;
        ${prune};
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger stock_summary_log after insert or delete or update of sku_id, city_id, quantity on stock
      for each row execute function catalog_change_stock()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function catalog_change_other() returns trigger language plpgsql as $$
      begin insert into catalog_change (version, product_id) values (${version}, null); ${prune}; return null; end $$`,
    )
    .execute(db);
  await sql.raw('drop trigger product_version on product').execute(db);
  await sql
    .raw(
      `create trigger product_version after insert or delete or update of ${PRODUCT_COLUMNS} on product for each statement execute function catalog_version_bump()`,
    )
    .execute(db);
  for (const table of VERSIONED) {
    const events =
      table === 'product' ? `insert or delete or update of ${PRODUCT_COLUMNS}` : 'insert or update or delete';
    await sql
      .raw(
        `create trigger ${table}_version_log after ${events} on ${table} for each statement execute function catalog_change_other()`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of VERSIONED) await sql.raw(`drop trigger ${table}_version_log on ${table}`).execute(db);
    await sql.raw('drop trigger stock_summary_log on stock').execute(db);
    await sql.raw('drop trigger product_version on product').execute(db);
    await sql
      .raw(
        'create trigger product_version after insert or update or delete on product for each statement execute function catalog_version_bump()',
      )
      .execute(db);
    for (const fn of ['catalog_change_stock', 'catalog_change_other'])
      await sql.raw(`drop function ${fn}()`).execute(db);
  } else await sqliteTriggers(db, false);
  await db.schema.dropTable('catalog_change').execute();
}
