import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Catalogue speed and content (issue 5, docs/decisions/008-catalogue-stock-summary-and-cache.md,
// 009-catalogue-search.md):
// - `product_stock`: units of each product per city (the sum over its SKUs), and `product.stock_global`: units
//   over the cities visible to customers. Both are derived from `stock` and kept exact by triggers in the
//   same statement that changes stock, whoever writes it (orders, cancellations, an ERP import, an operator).
//   Triggers are the one place where the dialects differ: SQLite trigger bodies versus a PL/pgSQL function.
// - `counter` row `catalog_version`: bumped by a trigger on every change of a catalogue table, so the API can
//   cache listings keyed by it.
// - `product_search_term`: normalised search terms of each product, filled by the app (stemming is app code).
// - `banner`: banners by slot (spec §9).

/** Catalogue tables whose every change bumps `catalog_version` (stock is handled by its summary trigger). */
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('product_stock')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('city.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addPrimaryKeyConstraint('product_stock_pk', ['product_id', 'city_id'])
    .execute();
  await db.schema
    .alterTable('product')
    .addColumn('stock_global', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_price_idx').on('product').columns(['is_active', 'price']).execute();
  await db.schema.createIndex('product_brand_idx').on('product').columns(['brand_id', 'is_active']).execute();
  await db.schema.createIndex('sku_size_idx').on('sku').columns(['size', 'product_id']).execute();

  // Existing stock (a shop seeded before this migration).
  await sql`insert into product_stock (product_id, city_id, quantity)
    select sku.product_id, stock.city_id, sum(stock.quantity) from stock join sku on sku.id = stock.sku_id
    group by sku.product_id, stock.city_id`.execute(db);
  await sql`update product set stock_global = coalesce((select sum(ps.quantity) from product_stock ps
    join city c on c.id = ps.city_id where ps.product_id = product.id and c.visible_for_customers = 1), 0)`.execute(
    db,
  );

  await db.insertInto('counter').values({ name: 'catalog_version', value: 1 }).execute();

  await db.schema
    .createTable('product_search_term')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight > 0`))
    .addPrimaryKeyConstraint('product_search_term_pk', ['term', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_search_term_product_idx')
    .on('product_search_term')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('banner')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text')
    .addColumn('button_text', 'text')
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('media_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull().check(sql`theme in ('light', 'dark')`))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('banner_slot_idx')
    .on('banner')
    .columns(['slot', 'is_active', 'position'])
    .execute();

  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const bump = `update counter set value = value + 1 where name = 'catalog_version'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = (r: 'NEW') => `
    insert into product_stock (product_id, city_id, quantity)
      select product_id, ${r}.city_id, ${r}.quantity from sku where id = ${r}.sku_id
      on conflict (product_id, city_id) do update set quantity = product_stock.quantity + excluded.quantity;
    update product set stock_global = stock_global + ${r}.quantity
      where id = (select product_id from sku where id = ${r}.sku_id)
        and exists (select 1 from city where id = ${r}.city_id and visible_for_customers = 1);`;
  const sub = (r: 'OLD') => `
    update product_stock set quantity = quantity - ${r}.quantity
      where product_id = (select product_id from sku where id = ${r}.sku_id) and city_id = ${r}.city_id;
    update product set stock_global = stock_global - ${r}.quantity
      where id = (select product_id from sku where id = ${r}.sku_id)
        and exists (select 1 from city where id = ${r}.city_id and visible_for_customers = 1);`;
  const statements = [
    `create trigger stock_summary_insert after insert on stock begin ${add('NEW')} ${bump}; end`,
    `create trigger stock_summary_delete after delete on stock begin ${sub('OLD')} ${bump}; end`,
    `create trigger stock_summary_update after update of sku_id, city_id, quantity on stock begin ${sub('OLD')} ${add('NEW')} ${bump}; end`,
    `create trigger city_visibility_update after update of visible_for_customers on city
      when OLD.visible_for_customers <> NEW.visible_for_customers begin
      update product set stock_global = coalesce((select sum(ps.quantity) from product_stock ps
        join city c on c.id = ps.city_id where ps.product_id = product.id and c.visible_for_customers = 1), 0)
        where id in (select product_id from product_stock where city_id = NEW.id);
      end`,
  ];
  for (const table of VERSIONED)
    for (const event of ['insert', 'update', 'delete'])
      statements.push(
        `create trigger ${table}_version_${event} after ${event} on ${table} begin ${bump}; end`,
      );
  for (const s of statements) await sql.raw(s).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create function stock_summary() returns trigger language plpgsql as $$
      declare pid integer;
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          select product_id into pid from sku where id = OLD.sku_id;
          update product_stock set quantity = quantity - OLD.quantity where product_id = pid and city_id = OLD.city_id;
          update product set stock_global = stock_global - OLD.quantity
            where id = pid and exists (select 1 from city where id = OLD.city_id and visible_for_customers = 1);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          select product_id into pid from sku where id = NEW.sku_id;
          insert into product_stock (product_id, city_id, quantity) values (pid, NEW.city_id, NEW.quantity)
            on conflict (product_id, city_id) do update set quantity = product_stock.quantity + excluded.quantity;
          update product set stock_global = stock_global + NEW.quantity
            where id = pid and exists (select 1 from city where id = NEW.city_id and visible_for_customers = 1);
        end if;
        ${bump};
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger stock_summary after insert or delete or update of sku_id, city_id, quantity on stock
      for each row execute function stock_summary()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function city_visibility() returns trigger language plpgsql as $$
      begin
        if OLD.visible_for_customers <> NEW.visible_for_customers then
          update product set stock_global = coalesce((select sum(ps.quantity) from product_stock ps
            join city c on c.id = ps.city_id where ps.product_id = product.id and c.visible_for_customers = 1), 0)
            where id in (select product_id from product_stock where city_id = NEW.id);
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger city_visibility after update of visible_for_customers on city for each row execute function city_visibility()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function catalog_version_bump() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
    )
    .execute(db);
  for (const table of VERSIONED)
    await sql
      .raw(
        `create trigger ${table}_version after insert or update or delete on ${table} for each statement execute function catalog_version_bump()`,
      )
      .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    for (const table of VERSIONED) await sql.raw(`drop trigger ${table}_version on ${table}`).execute(db);
    await sql.raw('drop trigger stock_summary on stock').execute(db);
    await sql.raw('drop trigger city_visibility on city').execute(db);
    for (const fn of ['stock_summary', 'city_visibility', 'catalog_version_bump'])
      await sql.raw(`drop function ${fn}()`).execute(db);
  } else {
    for (const table of VERSIONED)
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger ${table}_version_${event}`).execute(db);
    for (const t of [
      'stock_summary_insert',
      'stock_summary_delete',
      'stock_summary_update',
      'city_visibility_update',
    ])
      await sql.raw(`drop trigger ${t}`).execute(db);
  }
  await db.schema.dropTable('banner').execute();
  await db.schema.dropTable('product_search_term').execute();
  await db.deleteFrom('counter').where('name', '=', 'catalog_version').execute();
  await db.schema.dropIndex('sku_size_idx').execute();
  await db.schema.dropIndex('product_brand_idx').execute();
  await db.schema.dropIndex('product_price_idx').execute();
  await db.schema.alterTable('product').dropColumn('stock_global').execute();
  await db.schema.dropTable('product_stock').execute();
}
