// The carrier part of `npm run bench` (issue 34 acceptance), also runnable alone: `node --import tsx bench/carrier.ts`.
// A fresh SQLite shop with the demo catalogue listening on loopback, CDEK through its simulator (tools/cdek-simulator,
// in this process), a cart of one size held in CDEK's Almaty for a city the shop serves only by CDEK (Кокшетау):
// 1. the split cart (`GET /api/cart/split-cart-items-by-region-id/…`) with the quote cached (goal p99 ≤ 20 ms);
// 2. the same with every quote missing the cache and the simulator answering each call in 300 ms (goal p99 ≤ 400 ms),
//    with a plain catalogue listing measured at the same time against its figure alone: the carrier's wait must not
//    hold up other requests. The quote cache is swapped for one keeping quotes 1 ms (CDEK_QUOTE_TTL_SECONDS is ≥ 10),
//    the points list stays cached as in production (a day).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createCdekSimulator, type CdekSimulator } from '../tools/cdek-simulator/cdek.simulator.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/seed/seed.ts';
import { createCarrierCache } from '../apps/api/src/modules/shipping/shipping.quotes.ts';
import { CDEK_CITY, carrierFixtures } from '../apps/api/src/test/carrier.fixtures.ts';
import type { TestContext } from '../apps/api/src/test/helper.ts';

const SECONDS = Number(process.env.BENCH_CARRIER_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CARRIER_CONNECTIONS ?? 10);
/** How long the simulator holds every answer in the slow measurement, ms (issue 34). */
const SLOW_MS = 300;

/** One autocannon measurement: requests/s, latency percentiles (ms), answers not 200 and errors. */
export interface CarrierLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

/** What the carrier part measured. */
export interface CarrierFigures {
  connections: number;
  seconds: number;
  cached: CarrierLoad;
  slow: CarrierLoad;
  /** The catalogue listing alone, and while the slow split carts run. */
  catalogueAlone: CarrierLoad;
  catalogueBeside: CarrierLoad;
  /** Calculator calls the simulator answered during the slow measurement (each one missed the cache). */
  slowQuotes: number;
}

async function load(url: string, connections = CONNECTIONS): Promise<CarrierLoad> {
  const r = await autocannon({ url, connections, duration: SECONDS });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * The carrier benches' shop (bench/carrier.ts, bench/carrier-cpu.ts): a fresh SQLite demo shop in a temporary folder,
 * CDEK through a simulator in this process, a cart of one size held in CDEK's Almaty for Кокшетау (CDEK only).
 * `prepare` may add to the simulator before it listens. `splitPath` is that cart's split-cart address; `close` closes
 * the app and the simulator and removes the folder.
 */
export async function carrierBenchShop(folderPrefix: string, prepare?: (sim: CdekSimulator) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const sim = createCdekSimulator();
  prepare?.(sim);
  const simUrl = await sim.listen(0);
  const config = loadConfig({
    ...process.env,
    ...{ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: 'false', DATABASE_URL: '' },
    ...{ SQLITE_PATH: path.join(dir, 'kiim.db'), MEDIA_DIR: path.join(dir, 'media') },
    ...{ CDEK_MODE: 'simulator', CDEK_API_URL: `${simUrl}/v2`, CDEK_TIMEOUT_MS: '5000' },
  });
  const database = createDatabase({ sqlitePath: config.sqlitePath });
  await migrateToLatest(database.db);
  await seedDemo(database.db, { mediaDir: null });
  const app = await buildApp({ config, db: database, logger: false });
  const close = async () => {
    await app.close();
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const fx = carrierFixtures({ app, db: database.db } as TestContext);
    await fx.init();
    const cityId = await fx.carrierCity(CDEK_CITY.kokshetau);
    const uuid = await fx.cartIn(cityId);
    const splitPath = `/api/cart/split-cart-items-by-region-id/${uuid}/${cityId}`;
    return { app, sim, splitPath, warehouseCityId: fx.sku.warehouseCityId, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Runs the carrier measurements on a shop of its own (removed after). */
export async function benchCarrier(): Promise<CarrierFigures> {
  let quotes = 0;
  const { app, sim, splitPath, warehouseCityId, close } = await carrierBenchShop('kiim-bench-carrier-', (s) =>
    s.app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/v2/calculator/')) quotes++;
    }),
  );
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const split = base + splitPath;
    const listing = `${base}/api/catalog/products?category=zhenskie-dzhinsy&cityId=${warehouseCityId}`;
    // Warm: the token, the city's points and the quote are fetched once.
    const first = await fetch(split);
    if (first.status !== 200) throw new Error(`carrier bench: split cart ${first.status}`);
    if (!(await first.text()).includes('quoteToken')) throw new Error('carrier bench: no carrier offer');
    await load(split, 2);
    const cached = await load(split);
    const catalogueAlone = await load(listing);
    // Every quote misses the cache and the simulator takes 300 ms to answer it.
    app.shipping!.cache = createCarrierCache({ quoteTtlMs: 1 });
    const warm = await fetch(split);
    await warm.arrayBuffer();
    sim.configure({ slowMs: SLOW_MS });
    quotes = 0;
    const [slow, catalogueBeside] = await Promise.all([load(split), load(listing)]);
    const slowQuotes = quotes;
    sim.configure({ slowMs: 0 });
    return {
      connections: CONNECTIONS,
      seconds: SECONDS,
      cached,
      slow,
      catalogueAlone,
      catalogueBeside,
      slowQuotes,
    };
  } finally {
    await close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(JSON.stringify(await benchCarrier(), null, 2));
}
