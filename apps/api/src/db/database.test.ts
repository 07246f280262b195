import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ANSWER_BEFORE_SYNC,
  createDatabase,
  readerNow,
  valueReaderNow,
  transactionAnsweredBeforeSync,
  type Db,
  type DbOrTrx,
} from './database.ts';

// The SQLite connection's durability (decision 001: a confirmed order survives a crash): every write is answered
// only after the WAL holding it was fsynced, off the event loop, concurrent commits sharing one fsync.

let dir: string;
let db: Db;
/** What happened, in order: `sync` when an fsync of the WAL finished, `answered` when a write's promise resolved. */
const events: string[] = [];
/** The files those fsyncs were of. */
const syncedFiles: string[] = [];
/** Every fsync waits for this first (a test holds the disk with it). */
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-durable-'));
  db = createDatabase({ sqlitePath: path.join(dir, 'shop.db') }).db;
  await sql`create table t (id integer primary key, v text not null)`.execute(db);
  const probe = await fsp.open(path.join(dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as fsp.FileHandle;
  await probe.close();
  const sync = proto.sync;
  vi.spyOn(proto, 'sync').mockImplementation(async function (this: fsp.FileHandle) {
    await gate;
    await sync.call(this);
    syncedFiles.push(path.basename(await fsp.readlink(`/proc/self/fd/${this.fd}`)));
    events.push('sync');
  });
});
afterEach(() => {
  events.length = 0;
  syncedFiles.length = 0;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
const insert = (to: DbOrTrx, id: number) =>
  sql`insert into t (id, v) values (${id}, ${`v${id}`})`.execute(to);

describe('SQLite writes are durable when answered', () => {
  it('runs in WAL mode with synchronous NORMAL (the driver fsyncs the WAL itself)', async () => {
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(mode.rows[0]!.journal_mode).toBe('wal');
    expect(sync.rows[0]!.synchronous).toBe(1);
  });

  it('answers a statement outside a transaction after the WAL holding it was fsynced', async () => {
    await insert(db, 1);
    events.push('answered');
    expect(events).toEqual(['sync', 'answered']);
    expect(syncedFiles).toEqual(['shop.db-wal']);
  });

  it('answers a transaction after one fsync following its commit; a rolled-back one leaves nothing', async () => {
    await db.transaction().execute(async (trx) => {
      await insert(trx, 2);
      await insert(trx, 3);
      expect(events).toEqual([]);
    });
    events.push('answered');
    expect(events).toEqual(['sync', 'answered']);
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, 4);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await sql<{ id: number }>`select id from t order by id`.execute(db);
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('does not fsync for reads', async () => {
    await sql`select count(*) from t`.execute(db);
    await db.transaction().execute((trx) => sql`select v from t where id = 1`.execute(trx));
    expect(events).toEqual([]);
  });

  it('lets concurrent writes share fsyncs: one running, one more for all who wrote meanwhile', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => insert(db, 10 + i).then(() => events.push('answered'))),
    );
    // The first write's sync starts at once; the nine written while it runs wait for the next one, which begins
    // after they were all written.
    expect(events).toEqual(['sync', 'answered', 'sync', ...Array<string>(9).fill('answered')]);
    const n = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(Number(n.rows[0]!.n)).toBe(13);
  });
});

describe('writes answered before their fsync (cart and wishlist, decision 005)', () => {
  it('answers such a transaction while its fsync is held; the next holder of the connection waits for its own', async () => {
    let release = () => {};
    gate = new Promise((resolve) => (release = resolve));
    try {
      let durableAnswered = false;
      const relaxed = transactionAnsweredBeforeSync(db, (trx) => insert(trx, 200));
      // Queued behind it on the one connection: the mark must not fall on this write.
      const durable = insert(db, 201).then(() => (durableAnswered = true));
      await relaxed;
      events.push('answered');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(durableAnswered).toBe(false);
      expect(events).toEqual(['answered']);
      release();
      await durable;
      events.push('answered');
      // The relaxed write's fsync had started (held), the durable one's came after it: both on disk before.
      expect(events).toEqual(['answered', 'sync', 'sync', 'answered']);
      const ids = await sql<{ id: number }>`select id from t where id >= 200 order by id`.execute(db);
      expect(ids.rows.map((r) => r.id)).toEqual([200, 201]);
    } finally {
      release();
      gate = Promise.resolve();
    }
  });

  it('rolls back when the work throws, and marks nothing for a transaction that wrote nothing', async () => {
    await expect(
      transactionAnsweredBeforeSync(db, async (trx) => {
        await insert(trx, 202);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await transactionAnsweredBeforeSync(db, (trx) => sql`select 1`.execute(trx));
    await insert(db, 203);
    events.push('answered');
    expect(events.slice(-2)).toEqual(['sync', 'answered']);
    const ids = await sql<{ id: number }>`select id from t where id >= 202 order by id`.execute(db);
    expect(ids.rows.map((r) => r.id)).toEqual([203]);
  });
});

describe('SQLite checkpoints run off the event loop', () => {
  it('a thread of its own copies the WAL into the database file; the connection only checkpoints past a backstop', async () => {
    const file = path.join(dir, 'checkpoints.db');
    const own = createDatabase({ sqlitePath: file }).db;
    try {
      const backstop = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(own);
      expect(backstop.rows[0]!.wal_autocheckpoint).toBe(20_000);
      await sql`create table big (id integer primary key, v text not null)`.execute(own);
      const before = fs.statSync(file).size;
      // ≈ 1,200 pages of WAL: past SQLite's default autocheckpoint (1,000), far below the backstop.
      for (let i = 0; i < 40; i++)
        await sql`insert into big (v) select ${'x'.repeat(1000)} || value from json_each(${JSON.stringify(
          Array.from({ length: 100 }, (_, k) => k),
        )})`.execute(own);
      // The checkpointer (every 100 ms) copies every frame into the file, not the app's connection.
      const until = Date.now() + 10_000;
      while (fs.statSync(file).size < before + 3_000_000 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      expect(fs.statSync(file).size).toBeGreaterThan(before + 3_000_000);
      // Another connection finds nothing left to copy.
      const other = new SQLite(file);
      try {
        const [result] = other.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
        expect(result!.checkpointed).toBe(result!.log);
      } finally {
        other.close();
      }
      const n = await sql<{ n: number }>`select count(*) as n from big`.execute(own);
      expect(Number(n.rows[0]!.n)).toBe(4000);
    } finally {
      await own.destroy();
    }
  });
});

describe('synchronous reads (readerNow)', () => {
  it('reads at once what a Kysely read would see, and steps aside while the connection is held', async () => {
    await sql`insert into t (id, v) values (100, 'before')`.execute(db);
    const read = readerNow(db)!;
    const query = sql<{ v: string }>`select v from t where id = ${100}`.compile(db);
    expect(read(query)).toEqual([{ v: 'before' }]);
    expect(read(sql`select v from t where id = ${-1}`.compile(db))).toEqual([]);
    let inside: unknown = 'not run';
    await db.transaction().execute(async (trx) => {
      await sql`update t set v = 'uncommitted' where id = 100`.execute(trx);
      inside = read(query);
    });
    // Held by an open transaction: no read (an uncommitted write must never be seen).
    expect(inside).toBeUndefined();
    expect(read(query)).toEqual([{ v: 'uncommitted' }]);
    // The statement Kysely shares still answers objects.
    expect((await db.executeQuery(query)).rows).toEqual([{ v: 'uncommitted' }]);
    expect(readerNow(await db.transaction().execute(async (trx) => trx))).toBeUndefined();
  });
});

describe('synchronous value reads (valueReaderNow)', () => {
  it('reads one value at once, null without a row, steps aside while held and leaves Kysely its rows', async () => {
    await sql`insert into t (id, v) values (101, 'one')`.execute(db);
    const value = valueReaderNow(db)!;
    const query = sql<{ v: string }>`select v from t where id = ${101}`.compile(db);
    expect(value(query)).toBe('one');
    expect(value(sql`select v from t where id = ${-1}`.compile(db))).toBeNull();
    let inside: unknown = 'not run';
    await db.transaction().execute(async (trx) => {
      await sql`update t set v = 'two' where id = 101`.execute(trx);
      inside = value(query);
    });
    expect(inside).toBeUndefined();
    expect(value(query)).toBe('two');
    // The same SQL text through Kysely (its own shared statement, not the plucked one) still answers objects.
    expect((await db.executeQuery(query)).rows).toEqual([{ v: 'two' }]);
    expect(readerNow(db)!(query)).toEqual([{ v: 'two' }]);
    expect(valueReaderNow(await db.transaction().execute(async (trx) => trx))).toBeUndefined();
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL pool', () => {
  it('opens at most `databasePoolSize` connections (DATABASE_POOL_SIZE), the rest wait for one', async () => {
    const pg = createDatabase({ databaseUrl: process.env.DATABASE_URL, sqlitePath: '', databasePoolSize: 2 });
    try {
      const backend = () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`
          .execute(pg.db)
          .then((r) => r.rows[0]!.pid);
      const pids = await Promise.all([backend(), backend(), backend(), backend()]);
      expect(new Set(pids).size).toBe(2);
    } finally {
      await pg.db.destroy();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL: ANSWER_BEFORE_SYNC', () => {
  it('turns synchronous_commit off for its statement’s own transaction, to its commit, and not after', async () => {
    const pg = createDatabase({ databaseUrl: process.env.DATABASE_URL, sqlitePath: '', databasePoolSize: 1 });
    const db = pg.db;
    const setting = async () =>
      (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(db)).rows[0]!.s;
    try {
      expect(await setting()).toBe('on');
      // Sent alone (an implicit transaction): off while it runs, back to the connection's own setting after.
      const alone = await sql<{
        value: string;
        s: string;
      }>`with turned as (select ${ANSWER_BEFORE_SYNC} as value)
        select value, current_setting('synchronous_commit') as s from turned`.execute(db);
      expect(alone.rows[0]).toEqual({ value: 'off', s: 'off' });
      expect(await setting()).toBe('on'); // the pool's one connection, as it came
      // In a transaction block: still off when the transaction reaches its commit, on after it.
      const seen = await db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        await sql`select ${ANSWER_BEFORE_SYNC}`.execute(conn);
        await sql`select 1`.execute(conn);
        const atCommit = (
          await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(conn)
        ).rows[0]!.s;
        await sql`commit`.execute(conn);
        return atCommit;
      });
      expect(seen).toBe('off');
      expect(await setting()).toBe('on');
    } finally {
      await pg.db.destroy();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL: transactionAnsweredBeforeSync', () => {
  it('opens with the setting in one round trip, runs `work` in one transaction with it, commits or rolls back', async () => {
    const pg = createDatabase({ databaseUrl: process.env.DATABASE_URL, sqlitePath: '', databasePoolSize: 1 });
    const sent: string[] = [];
    const db = pg.db;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        sent.push(args.node.kind === 'RawNode' ? args.node.sqlFragments.join('?') : args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    try {
      await sql`create temporary table t (id integer primary key)`.execute(db);
      const seen = await transactionAnsweredBeforeSync(counted, async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        const r = await sql<{ s: string; x: string }>`select current_setting('synchronous_commit') as s,
          cast(txid_current_if_assigned() as text) as x`.execute(trx);
        return r.rows[0]!;
      });
      expect(seen.s).toBe('off');
      expect(seen.x).not.toBeNull(); // the insert's transaction is still open: one transaction
      expect(sent).toEqual([
        'begin; set local synchronous_commit = off',
        'insert into t values (1)',
        expect.stringMatching(/^select current_setting/),
        'commit',
      ]);
      // The setting ended with the transaction; the row stayed.
      const after = await sql<{ s: string; n: number }>`select current_setting('synchronous_commit') as s,
        cast(count(*) as integer) as n from t`.execute(db);
      expect(after.rows[0]).toEqual({ s: 'on', n: 1 });

      await expect(
        transactionAnsweredBeforeSync(db, async (trx) => {
          await sql`insert into t values (2)`.execute(trx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const ids = await sql<{ id: number }>`select id from t order by id`.execute(db);
      expect(ids.rows.map((r) => r.id)).toEqual([1]);
    } finally {
      await pg.db.destroy();
    }
  });
});
