// The Kaspi feed part of `npm run bench` (issue 33 Part B item 5, decision 063), also runnable alone:
// `node --import tsx bench/kaspi-feed.ts`. A fresh SQLite shop with the large catalogue of `BENCH_KASPI_SKUS`
// (100,000) SKUs in 20 cities (seed.large.ts), every SKU marked for Kaspi, one Kaspi store per city:
// 1. the build: time (ms) and size (bytes) of the whole feed, made at the first fetch;
// 2. the served-from-cache rate: `BENCH_KASPI_FETCHES` (50) fetches in-process while nothing changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { buildLargeCatalogue } from '../apps/api/src/seed/seed.large.ts';

const SKUS = Number(process.env.BENCH_KASPI_SKUS ?? 100_000);
const FETCHES = Number(process.env.BENCH_KASPI_FETCHES ?? 50);

/** What the Kaspi feed part measured. */
export interface KaspiFeedFigures {
  skus: number;
  offers: number;
  buildMs: number;
  bytes: number;
  cachedPerSecond: number;
}

/** Runs the Kaspi feed measurements on a shop of its own (removed after). */
export async function benchKaspiFeed(): Promise<KaspiFeedFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-bench-kaspi-'));
  const file = path.join(dir, 'kiim.db');
  await buildLargeCatalogue(file, { skus: SKUS });
  const config = loadConfig({
    ...process.env,
    ...{ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: 'false', DATABASE_URL: '' },
    ...{ SQLITE_PATH: file, MEDIA_DIR: path.join(dir, 'media') },
  });
  const database = createDatabase({ sqlitePath: config.sqlitePath });
  const app = await buildApp({ config, db: database, logger: false });
  try {
    const db = database.db;
    const now = new Date().toISOString();
    const stamp = { created_at: now, updated_at: now };
    const cities = await db.selectFrom('city').select('id').execute();
    await db
      .insertInto('kaspi_store')
      .values(cities.map((c) => ({ store_id: `PP${c.id}`, city_id: c.id, default_reserve: 1, ...stamp })))
      .execute();
    await db
      .insertInto('kaspi_city')
      .values(cities.map((c) => ({ city_id: c.id, kaspi_city_id: String(750_000_000 + c.id), ...stamp })))
      .execute();
    const ids = (await db.selectFrom('sku').select('id').execute()).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 1000)
      await db
        .insertInto('kaspi_sku')
        .values(ids.slice(i, i + 1000).map((sku_id) => ({ sku_id, ...stamp })))
        .execute();
    await db
      .updateTable('kaspi_feed_setting')
      .set({ secret: 'bench', company: 'Kiim', merchant_id: 'M1', version: 1 })
      .execute();
    const url = '/feeds/kaspi/bench.xml';
    const t0 = performance.now();
    const first = await app.inject({ url });
    const buildMs = Math.round(performance.now() - t0);
    if (first.statusCode !== 200) throw new Error(`kaspi feed bench: ${first.statusCode}`);
    const t1 = performance.now();
    for (let i = 0; i < FETCHES; i++) await app.inject({ url });
    const seconds = (performance.now() - t1) / 1000;
    const row = await db.selectFrom('kaspi_feed_setting').selectAll().executeTakeFirstOrThrow();
    return {
      skus: ids.length,
      offers: row.last_offers ?? 0,
      buildMs,
      bytes: first.rawPayload.length,
      cachedPerSecond: Math.round((FETCHES / seconds) * 10) / 10,
    };
  } finally {
    await app.close();
    await database.db.destroy().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(JSON.stringify(await benchKaspiFeed(), null, 2));
}
