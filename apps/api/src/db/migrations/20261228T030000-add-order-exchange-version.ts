import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// order.exchange_exported_version: the order's version 1C last confirmed taking (`type=sale&mode=success`), null
// until it took any (issue 28 item 13). An order whose version is above it changed after 1C took it (paid,
// cancelled, handed over, partly refused) and is exported again. Orders taken before this migration count as taken at
// their current version, unless they changed after 1C took them (updated after exchange_exported_at).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order').addColumn('exchange_exported_version', 'integer').execute();
  await sql`
    update "order" set exchange_exported_version =
      case when updated_at > exchange_exported_at then version - 1 else version end
    where exchange_exported_at is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order').dropColumn('exchange_exported_version').execute();
}
