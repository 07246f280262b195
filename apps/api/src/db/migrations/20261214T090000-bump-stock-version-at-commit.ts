import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// PostgreSQL: a stock change bumps `catalog_version` and writes its `catalog_change` rows AT COMMIT (issue 14,
// goal 4; decision 018, amendment «checkout path»). Until now the stock summary trigger bumped the counter row
// inside the stock update, so the row stayed locked from the order's stock update through the round trip of its
// COMMIT, and every order and stock change queued behind it (the serial section measured p50 12.7 / p95 30.5 ms
// under the checkout bench). Now:
// - `stock_summary()` keeps the summary (`product_stock`, `product.stock_global`) in the statement as before, without
//   the bump;
// - a deferred constraint trigger `stock_version` (deferrable initially deferred, for each row) bumps the counter and
//   logs the row's product(s) when the transaction commits: the counter row is locked only for the commit itself.
// Decision 008's invariant holds: the bump, its log rows and the stock change commit together (a reader that sees the
// new stock sees the new version, and one that sees the old version sees the old stock), and versions still commit
// in order (the counter row is still locked from the bump to the end of the commit), so a reader that saw version V
// sees every log row up to V. One version per stock row changed, with its product id(s), as before.
// SQLite: nothing changes (one writer at a time: the counter costs no waiting).

const KEEP = 10_000;
const bump = `update counter set value = value + 1 where name = 'catalog_version'`;
const version = `(select value from counter where name = 'catalog_version')`;
const prune = `delete from catalog_change where version <= ${version} - ${KEEP}`;

/** The stock summary function of migration 20261122T060100, with (`withBump`) or without the version bump. */
const stockSummary = (withBump: boolean) => `create or replace function stock_summary() returns trigger
  language plpgsql as $$
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
    ${withBump ? `${bump};` : ''}
    return null;
  end $$`;

/** The change log function of migration 20261205T100000 (`catalog_change_stock`), with the bump first when `withBump`. */
const stockLog = (name: string, withBump: boolean) => `create or replace function ${name}() returns trigger
  language plpgsql as $$
  begin
    ${withBump ? `${bump};` : ''}
    if tg_op in ('UPDATE', 'DELETE') then
      insert into catalog_change (version, product_id) select ${version}, product_id from sku where id = OLD.sku_id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      insert into catalog_change (version, product_id) select ${version}, product_id from sku where id = NEW.sku_id;
    end if;
    ${prune};
    return null;
  end $$`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger stock_summary_log on stock').execute(db);
  await sql.raw('drop function catalog_change_stock()').execute(db);
  await sql.raw(stockSummary(false)).execute(db);
  await sql.raw(stockLog('stock_version_at_commit', true)).execute(db);
  await sql
    .raw(
      `create constraint trigger stock_version after insert or delete or update of sku_id, city_id, quantity on stock
      deferrable initially deferred for each row execute function stock_version_at_commit()`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger stock_version on stock').execute(db);
  await sql.raw('drop function stock_version_at_commit()').execute(db);
  await sql.raw(stockSummary(true)).execute(db);
  await sql.raw(stockLog('catalog_change_stock', false)).execute(db);
  await sql
    .raw(
      `create trigger stock_summary_log after insert or delete or update of sku_id, city_id, quantity on stock
      for each row execute function catalog_change_stock()`,
    )
    .execute(db);
}
