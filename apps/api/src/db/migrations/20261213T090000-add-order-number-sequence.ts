import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Order numbers on PostgreSQL from a sequence (issue 14, decision 007 amendment): the `order_number` counter row
// was locked by every order transaction until its commit, so orders queued on it (≈ 140 ms each under the
// checkout bench). `order_number_seq` continues from the counter's value (the next order gets value + 1) and the
// counter row is removed, so there is one source of numbers. Numbers stay unique and increasing; a transaction
// that rolls back after taking one leaves a gap (the product's rule since issue 14: order numbers are not fiscal
// documents). SQLite keeps its counter row: it has one writer at a time anyway.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create sequence order_number_seq as bigint minvalue 1`.execute(db);
  await sql`select setval('order_number_seq', coalesce((select value from counter where name = 'order_number'), 100000), true)`.execute(
    db,
  );
  await db.deleteFrom('counter').where('name', '=', 'order_number').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`insert into counter (name, value) select 'order_number', last_value from order_number_seq`.execute(
    db,
  );
  await sql`drop sequence order_number_seq`.execute(db);
}
