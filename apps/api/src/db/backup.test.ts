import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '#app/db/database.ts';
import { freePort } from '#app/test/server-process.ts';
import { testDatabaseUrl } from '#app/test/helper.ts';
import { templatePath } from '#app/test/template.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import type { TestContext } from '#app/test/helper.ts';

// Issue 31 item 5: `npm run db:backup` copies the SQLite database while a real shop process takes orders, and
// `npm run db:restore` brings the copy back into an empty database with every order the shop acknowledged before
// the backup began. On PostgreSQL both commands print pg_dump/pg_restore and exit 2.

const apiRoot = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-backup-'));
const live = path.join(dir, 'kiim.db');

/** Runs the backup CLI (`backup` or `restore`) on `sqlitePath`; its exit code and what it printed. */
function cli(
  command: 'backup' | 'restore',
  sqlitePath: string,
  file: string,
  env: Record<string, string> = {},
) {
  const { DATABASE_URL: _pg, ...parent } = process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/backup.cli.ts', command, file], {
    cwd: apiRoot,
    env: { ...parent, NODE_ENV: 'test', SQLITE_PATH: sqlitePath, ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('db:backup and db:restore on PostgreSQL', () => {
  it('print the pg_dump and pg_restore commands and exit 2', () => {
    const r = cli('backup', live, path.join(dir, 'x'), { DATABASE_URL: 'postgres://u@127.0.0.1:5432/kiim' });
    expect(r.status).toBe(2);
    expect(r.out).toContain('pg_dump --format=custom');
    expect(r.out).toContain('pg_restore');
  });
});

describe.skipIf(testDatabaseUrl)(
  'db:backup of a running shop on SQLite, db:restore into an empty database',
  () => {
    let shop: ChildProcess;
    let origin: string;
    let db: Db;

    beforeAll(async () => {
      fs.copyFileSync(templatePath(), live);
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      const { DATABASE_URL: _pg, ...parent } = process.env;
      shop = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: apiRoot,
        env: {
          ...parent,
          ...{ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), SQLITE_PATH: live },
          ...{
            MEDIA_DIR: path.join(dir, 'media'),
            MEDIA_PRERENDER: 'false',
            AUTO_SEED: 'false',
            LOG_LEVEL: 'error',
          },
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      for (;;) {
        if (shop.exitCode !== null) throw new Error('the shop exited before answering');
        if (
          await fetch(`${origin}/api/health/ready`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 200));
      }
      db = createDatabase({ sqlitePath: live }).db;
    }, 180_000);
    afterAll(async () => {
      shop?.kill('SIGKILL');
      await db?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('finds in the restored copy every order acknowledged before the backup began', async () => {
      // Buyers made in the shop's database (the fixtures' direct writes), ordering through the running shop's API.
      const f = orderFixtures({ db } as TestContext);
      const city = (await f.cities()).courier;
      const [sku] = await f.skus(1);
      await f.setStock(sku!.id, { [city.id]: 10_000 });
      const buyers = await f.buyers(160, [{ skuId: sku!.id, qty: 1 }]);
      const acknowledged: { number: string; at: number }[] = [];
      const order = async (b: (typeof buyers)[number]) => {
        const res = await fetch(`${origin}/api/order/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-authorization': b.token },
          body: JSON.stringify({ order: f.draft(b.cartId, city) }),
        });
        const body = (await res.json()) as { data?: { order: { number: string } } };
        expect(res.status, JSON.stringify(body)).toBe(200);
        acknowledged.push({ number: body.data!.order.number, at: performance.now() });
      };
      // Orders keep coming, four at a time, until the backup (its own process) has finished.
      let backupDone = false;
      const writes = (async () => {
        for (let i = 0; i < buyers.length && !backupDone; i += 4)
          await Promise.all(buyers.slice(i, i + 4).map(order));
      })();
      while (acknowledged.length < 12) await new Promise((r) => setTimeout(r, 20));
      const began = performance.now();
      const before = acknowledged.filter((a) => a.at < began).map((a) => a.number);
      const copy = path.join(dir, 'copy.db');
      const backup = await new Promise<{ status: number | null; out: string }>((resolve) => {
        const { DATABASE_URL: _pg, ...parent } = process.env;
        const p = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup.cli.ts', 'backup', copy], {
          cwd: apiRoot,
          env: { ...parent, NODE_ENV: 'test', SQLITE_PATH: live },
        });
        let out = '';
        p.stdout.on('data', (d: Buffer) => (out += d.toString()));
        p.stderr.on('data', (d: Buffer) => (out += d.toString()));
        p.on('exit', (status) => {
          backupDone = true;
          resolve({ status, out });
        });
      });
      await writes;
      expect(backup.status, backup.out).toBe(0);
      expect(backup.out).toMatch(/^backed up .* pages, \d+ bytes/m);
      // The shop went on taking orders while the backup ran.
      expect(acknowledged.filter((a) => a.at > began).length).toBeGreaterThan(0);

      // A backup never overwrites; a restore refuses a database that holds tables.
      expect(cli('backup', live, copy).status).toBe(1);
      expect(cli('restore', live, copy).out).toContain('is not empty');

      const restoredPath = path.join(dir, 'restored.db');
      const restore = cli('restore', restoredPath, copy);
      expect(restore.status, restore.out).toBe(0);
      const restored = createDatabase({ sqlitePath: restoredPath }).db;
      try {
        const numbers = new Set(
          (await restored.selectFrom('order').select('number').execute()).map((r) => r.number),
        );
        for (const n of before)
          expect(numbers.has(n), `order ${n} acknowledged before the backup`).toBe(true);
        // One committed state: every order in the copy has its lines.
        const orphans = await restored
          .selectFrom('order')
          .leftJoin('order_line', 'order_line.order_id', 'order.id')
          .select('order.number')
          .where('order_line.order_id', 'is', null)
          .execute();
        expect(orphans).toEqual([]);
      } finally {
        await restored.destroy();
      }
    }, 180_000);
  },
);
