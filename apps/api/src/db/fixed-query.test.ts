import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db, type DbOrTrx } from './database.ts';
import { fixedListRead, fixedQuery, fixedRead } from './fixed-query.ts';

// Fixed queries (issue 14): built and compiled once per database, run with each call's values — on SQLite, and on
// PostgreSQL when DATABASE_URL is set.

const table = `fixed_query_${randomBytes(4).toString('hex')}`;
let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-fixed-'));
  db = process.env.DATABASE_URL
    ? createDatabase({ databaseUrl: process.env.DATABASE_URL, sqlitePath: '' }).db
    : createDatabase({ sqlitePath: path.join(dir, 'shop.db') }).db;
  await sql`create table ${sql.table(table)} (id integer primary key, v text, n integer not null)`.execute(
    db,
  );
});
afterAll(async () => {
  await sql`drop table if exists ${sql.table(table)}`.execute(db);
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

// The test table is not in the shop's Database type: the builders reach it untyped.
const t = (db: DbOrTrx) => db as unknown as Db & { [k: string]: never };
let builds = 0;
const insertRow = fixedQuery((db: DbOrTrx, id: number, v: string | null, n: number) => {
  builds++;
  return t(db)
    .insertInto(table as never)
    .values({ id, v, n } as never);
});
const bump = fixedQuery((db: DbOrTrx, by: number, id: number) =>
  t(db)
    .updateTable(table as never)
    .set({ n: sql`n + ${by}` } as never)
    .where('id' as never, '=', id as never),
);
const rowsFrom = fixedQuery((db: DbOrTrx, minId: number) =>
  t(db)
    .selectFrom(table as never)
    .select(['id', 'v', 'n'] as never)
    .where('id' as never, '>=', minId as never)
    .orderBy('id' as never),
);

describe('fixedQuery', () => {
  it('runs with each call’s values — null included — in and outside transactions, built once', async () => {
    await insertRow(db, 1, 'a', 10);
    await insertRow(db, 2, null, 20);
    await db.transaction().execute((trx) => insertRow(trx, 3, 'c', 30));
    expect(builds).toBe(1);
    const bumped = await bump(db, 5, 2);
    expect(Number(bumped.numAffectedRows)).toBe(1);
    expect((await rowsFrom(db, 2)).rows).toEqual([
      { id: 2, v: null, n: 25 },
      { id: 3, v: 'c', n: 30 },
    ]);
    expect((await rowsFrom(db, 1)).rows).toHaveLength(3);
  });

  it('builds every time on a handle with plugins, which then see every query', async () => {
    let seen = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        seen++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const before = builds;
    await insertRow(db.withPlugin(counting), 4, 'd', 40);
    await insertRow(db.withPlugin(counting), 5, 'e', 50);
    expect(builds - before).toBe(2);
    expect(seen).toBe(2);
  });

  it('refuses a builder that reads its argument instead of passing it as a value', async () => {
    const reads = fixedQuery((db: DbOrTrx, n: number) =>
      t(db)
        .selectFrom(table as never)
        .select('id' as never)
        .where('n' as never, '=', Math.min(n, 100) as never),
    );
    await expect(reads(db, 10)).rejects.toThrow(/every argument must be one value/);
  });
});

describe('fixedRead and fixedListRead', () => {
  it('read the rows with each call’s values, in and outside transactions, a list built once per length', async () => {
    const nOf = fixedRead((db: DbOrTrx, id: number) =>
      t(db)
        .selectFrom(table as never)
        .select(['id', 'n'] as never)
        .where('id' as never, '=', id as never),
    );
    let listBuilds = 0;
    const byIds = fixedListRead((db: DbOrTrx, ids: readonly number[]) => {
      listBuilds++;
      return t(db)
        .selectFrom(table as never)
        .select('id' as never)
        .where('id' as never, 'in', ids as never)
        .orderBy('id' as never);
    }, 2);
    expect(await nOf(db, 1)).toEqual([{ id: 1, n: 10 }]);
    expect(await db.transaction().execute((trx) => nOf(trx, 3))).toEqual([{ id: 3, n: 30 }]);
    expect(await nOf(db, 999)).toEqual([]);
    expect(await byIds(db, [3, 1])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(await byIds(db, [2, 1])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await db.transaction().execute((trx) => byIds(trx, [2]))).toEqual([{ id: 2 }]);
    expect(listBuilds).toBe(2); // lengths 2 and 1
    expect(await byIds(db, [3, 2, 1])).toHaveLength(3); // over the length kept: built each time
    expect(await byIds(db, [3, 2, 1])).toHaveLength(3);
    expect(listBuilds).toBe(4);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('fixedQuery on PostgreSQL', () => {
  it('runs as a named prepared statement: prepared once on the connection, then run with new values', async () => {
    const { prepared, counts } = await db.transaction().execute(async (trx) => {
      const first = await rowsFrom(trx, 2);
      const again = await rowsFrom(trx, 3);
      // The transaction's connection lists what it has prepared.
      const list = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like ${`%${table}%`}`.execute(trx);
      return { prepared: list.rows.map((r) => r.statement), counts: [first.rows.length, again.rows.length] };
    });
    // Prepared once, whatever the values (the other fixed queries and reads of the table may be there too).
    const reads = prepared.filter((s) => s.startsWith('select "id", "v", "n"'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^select "id", "v", "n" from "fixed_query_[0-9a-f]+" where "id" >= \$1/);
    expect(counts).toEqual([4, 3]);
  });
});
