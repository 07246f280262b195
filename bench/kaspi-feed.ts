// The Kaspi feed part of `npm run bench` (issue 33 Part B item 5, decision 063), also runnable alone:
// `node --import tsx bench/kaspi-feed.ts`. A fresh SQLite shop with the large catalogue of `BENCH_KASPI_SKUS`
// (100,000) SKUs in 20 cities (seed.large.ts), every SKU marked for Kaspi, one Kaspi store per city:
// 1. the build at the first fetch: time (s), the process's peak RSS growth during it (MB, sampled every 20 ms
//    against the RSS just before), and the file's size (bytes);
// 2. serving the built file over HTTP while nothing changes: `BENCH_KASPI_CONNECTIONS` (10) connections each
//    fetching it `BENCH_KASPI_ROUNDS` (3) times in a row, reading and discarding the body: requests/s, p50/p99
//    latency to the last byte (ms), MB/s. (Not autocannon: in-process it kept the 230 MB bodies and ran out of heap.)
// 3. the feed served from its cache to a fetcher that holds it (`If-None-Match` → 304, the issue's «served from
//    cache» goal ≥ 0.2 × the floor): autocannon, `BENCH_CONNECTIONS` (50) connections, `BENCH_DURATION` (4) s, beside
//    a bare Fastify route in this process measured the same way (the floor of this part: client and server share
//    the process here, unlike the API part's).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { buildLargeCatalogue } from '../apps/api/src/seed/seed.large.ts';

const SKUS = Number(process.env.BENCH_KASPI_SKUS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_KASPI_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_KASPI_ROUNDS ?? 3);
const MB = 1024 * 1024;
const LOAD_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 4);

/** What the Kaspi feed part measured. */
export interface KaspiFeedFigures {
  skus: number;
  offers: number;
  buildSeconds: number;
  /** CPU time of the process (all its threads) during the build, s: less bound to the machine's load than the wall time. */
  buildCpuSeconds: number;
  /** Peak RSS during the build minus RSS just before it, MB. */
  peakRssGrowthMb: number;
  bytes: number;
  serve: {
    connections: number;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    megabytesPerSecond: number;
    non2xx: number;
    errors: number;
  };
  /** The feed revalidated (`If-None-Match` → 304) and the in-process floor, both by autocannon. */
  revalidate: {
    connections: number;
    requestsPerSecond: number;
    p99: number;
    /** Answers other than 304. */
    not304: number;
    floorRequestsPerSecond: number;
  };
}

/** autocannon on `url` (LOAD_CONNECTIONS, LOAD_SECONDS): requests/s, p99 ms, answers not of `status`. */
async function hammer(url: string, status: number, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS, headers });
  const other = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== status)
    .reduce((n, [, v]) => n + (v as { count: number }).count, 0);
  return { requestsPerSecond: Math.round(r.requests.average), p99: r.latency.p99, other: other + r.errors };
}

/** The feed asked again by a fetcher holding its ETag, beside a bare Fastify route of this process. */
async function measureRevalidate(url: string): Promise<KaspiFeedFigures['revalidate']> {
  const head = await fetch(url, { method: 'HEAD' });
  const etag = head.headers.get('etag');
  if (!etag) throw new Error('kaspi feed bench: the feed has no ETag');
  const floor = Fastify({ logger: false });
  floor.get('/', async () => ({ hello: 'world' }));
  const floorUrl = await floor.listen({ host: '127.0.0.1', port: 0 });
  try {
    const bare = await hammer(floorUrl, 200);
    const feed = await hammer(url, 304, { 'if-none-match': etag });
    return {
      connections: LOAD_CONNECTIONS,
      requestsPerSecond: feed.requestsPerSecond,
      p99: feed.p99,
      not304: feed.other,
      floorRequestsPerSecond: bare.requestsPerSecond,
    };
  } finally {
    await floor.close();
  }
}

/** GETs `url` over HTTP, counting the body's bytes without keeping them (the RSS figure is the build's). */
function fetchDiscarding(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The first fetch, which builds the feed: seconds, peak RSS growth (MB, sampled every 20 ms), bytes served. */
async function measureBuild(url: string) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const first = await fetchDiscarding(url);
  const buildSeconds = Math.round(performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const buildCpuSeconds = Math.round((cpu.user + cpu.system) / 1000) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (first.status !== 200) throw new Error(`kaspi feed bench: ${first.status}`);
  return {
    buildSeconds,
    buildCpuSeconds,
    peakRssGrowthMb: Math.round((peak - before) / MB),
    bytes: first.bytes,
  };
}

/** CONNECTIONS clients each fetching `url` ROUNDS times in a row: rate, p50/p99 to the last byte (ms), MB/s. */
async function measureServe(url: string): Promise<KaspiFeedFigures['serve']> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let served = 0;
  const s0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const q0 = performance.now();
        try {
          const r = await fetchDiscarding(url);
          if (r.status !== 200) non2xx++;
          served += r.bytes;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - q0);
      }
    }),
  );
  const seconds = (performance.now() - s0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!);
  return {
    connections: CONNECTIONS,
    requestsPerSecond: Math.round((latencies.length / seconds) * 100) / 100,
    p50: pct(50),
    p99: pct(99),
    megabytesPerSecond: Math.round(served / MB / seconds),
    non2xx,
    errors,
  };
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
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const build = await measureBuild(base + url);
    const serve = await measureServe(base + url);
    const revalidate = await measureRevalidate(base + url);
    const row = await db.selectFrom('kaspi_feed_setting').selectAll().executeTakeFirstOrThrow();
    return {
      skus: ids.length,
      offers: row.last_offers ?? 0,
      ...build,
      serve,
      revalidate,
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
