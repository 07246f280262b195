// `npm run bench` (after `npm run build`): the benchmark of issue 5, bounded in time and on 127.0.0.1 only.
// 1. builds the large catalogue (100,000 SKUs, 20 cities) into data/bench/kiim-bench.db — never ./data/kiim.db —
//    unless a file of the same generator version is there;
// 2. starts the shop on it in production mode (apps/web/server.ts), and a bare Fastify route (bench/floor.ts);
// 3. autocannon: category listing with a filter in each of the six sorts, product by slug, search, and the floor
//    (a bare Fastify route, also answering the listing's own bytes); requests/s, p50 and p99 latency, each as a
//    ratio to the floor;
// 4. Lighthouse 12 (mobile emulation, Debian's Chromium) on /, a category and a product page: performance score,
//    LCP, TBT, CLS and JavaScript bytes (median of three runs);
// 5. writes bench-results/bench-<time>.json and latest.json/latest.md, and prints the table.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LARGE_CATALOGUE_VERSION, buildLargeCatalogue } from '../apps/api/src/seed/seed.large.ts';
import { runImportBench } from './import.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'data', 'bench');
const dbFile = path.join(dataDir, 'kiim-bench.db');
const marker = path.join(dataDir, 'catalogue.json');
const resultsDir = path.join(root, 'bench-results');
const SKUS = 100_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The whole run stops (children ended, exit code 1) past this, whatever happens. */
const DEADLINE_MS = 22 * 60_000;

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
const deadline = setTimeout(() => {
  console.error('bench: over 22 minutes, stopping');
  stopAll();
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer in ${seconds} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
}

/** Step 1: the large catalogue, reused when the file was made by this generator version. */
async function ensureCatalogue() {
  const want = { version: LARGE_CATALOGUE_VERSION, skus: SKUS };
  try {
    const have = JSON.parse(fs.readFileSync(marker, 'utf8'));
    if (have.version === want.version && have.skus === want.skus && fs.existsSync(dbFile)) {
      log(`large catalogue: reusing ${path.relative(root, dbFile)} (${have.products} products, ${have.skus} SKUs)`);
      return have;
    }
  } catch {
    /* no marker: build */
  }
  log(`large catalogue: building ${SKUS} SKUs in 20 cities…`);
  fs.rmSync(path.join(dataDir, 'media'), { recursive: true, force: true });
  const summary = await buildLargeCatalogue(dbFile, { skus: SKUS });
  fs.writeFileSync(marker, JSON.stringify({ ...want, ...summary }, null, 2));
  log(`large catalogue: ${summary.products} products, ${summary.skus} SKUs, ${summary.stockRows} stock rows in ${summary.seconds} s`);
  return summary;
}

interface LoadResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, url: string): Promise<LoadResult> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const result = {
    name,
    path: new URL(url).pathname + new URL(url).search,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  log(`${name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}`);
  return result;
}

interface PageResult {
  name: string;
  path: string;
  runs: number;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsTransferBytes: number;
  totalTransferBytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Fetches a page and every picture it references, so pictures drawn on demand are on disk before auditing. */
async function warmPage(url: string) {
  const html = await (await fetch(url)).text();
  const media = [...new Set(html.match(/\/media\/[a-z]+\/[0-9-]+\/\d+\.webp/g) ?? [])];
  for (let i = 0; i < media.length; i += 8) await Promise.all(media.slice(i, i + 8).map((m) => fetch(new URL(m, url)).then((r) => r.arrayBuffer())));
}

async function audit(name: string, url: string): Promise<PageResult> {
  await warmPage(url);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const runs: PageResult[] = [];
  try {
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const res = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!res) throw new Error(`lighthouse gave no result for ${url}`);
      const { audits, categories } = res.lhr;
      const items = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      runs.push({
        name,
        path: new URL(url).pathname,
        runs: 1,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
        jsTransferBytes: items.find((x) => x.resourceType === 'script')?.transferSize ?? 0,
        totalTransferBytes: items.find((x) => x.resourceType === 'total')?.transferSize ?? 0,
      });
    }
  } finally {
    chrome.kill();
  }
  const result: PageResult = {
    name,
    path: new URL(url).pathname,
    runs: runs.length,
    performance: median(runs.map((r) => r.performance)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    jsTransferBytes: median(runs.map((r) => r.jsTransferBytes)),
    totalTransferBytes: median(runs.map((r) => r.totalTransferBytes)),
  };
  log(`lighthouse ${name}: ${result.performance}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}, JS ${(result.jsTransferBytes / 1024).toFixed(1)} KB`);
  return result;
}

function markdown(r: { load: (LoadResult & { rpsRatio: number; p99Ratio: number })[]; pages: PageResult[]; machine: Record<string, unknown> }) {
  const lines = [
    `# Kiim benchmark — ${new Date().toISOString()}`,
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}, load average before the run ${r.machine.loadAverage}. Catalogue: ${r.machine.catalogue}.`,
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s of warm-up. Targets: listing ≥ 3000 req/s with p99 < 15 ms.`,
    '',
    '| API target | req/s | p50 ms | p99 ms | req/s ÷ floor | p99 ÷ floor |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.load.map((l) => `| ${l.name} | ${l.requestsPerSecond} | ${l.p50} | ${l.p99} | ${l.rpsRatio.toFixed(2)} | ${l.p99Ratio.toFixed(2)} |`),
    '',
    `Lighthouse 12, mobile emulation, median of ${LIGHTHOUSE_RUNS}. Targets: performance ≥ 98, LCP < 1800 ms, TBT < 100 ms, CLS < 0.05, JS ≤ 120 KB.`,
    '',
    '| page | performance | LCP ms | TBT ms | CLS | JS KB (transfer) | all KB (transfer) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.pages.map((p) => `| ${p.name} (${p.path}) | ${p.performance} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} | ${(p.jsTransferBytes / 1024).toFixed(1)} | ${(p.totalTransferBytes / 1024).toFixed(1)} |`),
    '',
  ];
  return lines.join('\n');
}

/**
 * What production requires beyond the defaults: its own OTP secret, the seller's legal details (the demo ones are
 * refused there) and live ePay settings — none is ever called by the bench (loopback, port 9).
 */
const PRODUCTION_SETTINGS = {
  OTP_SECRET: randomBytes(24).toString('hex'),
  SELLER_COMPANY_NAME: 'ТОО «Kiim Bench»',
  SELLER_BIN: '240540000016',
  SELLER_LEGAL_ADDRESS: 'г. Алматы, пр. Аль-Фараби, 77/8',
  EPAY_MODE: 'live',
  EPAY_OAUTH_URL: 'http://127.0.0.1:9/oauth',
  EPAY_API_URL: 'http://127.0.0.1:9/api',
  EPAY_SCRIPT_URL: 'http://127.0.0.1:9/payform.js',
  EPAY_CLIENT_ID: 'bench',
  EPAY_CLIENT_SECRET: 'bench',
  EPAY_TERMINAL_ID: 'bench',
};

async function main() {
  const started = Date.now();
  if (!fs.existsSync(path.join(root, 'apps', 'web', 'build', 'server', 'index.js'))) throw new Error('no storefront build: run `npm run build` first (npm run bench does)');
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverage: os.loadavg().map((n) => n.toFixed(2)).join(' '),
    catalogue: '',
  };
  const catalogue = await ensureCatalogue();
  machine.catalogue = `${catalogue.products} products, ${catalogue.skus} SKUs, ${catalogue.cities} cities`;

  const [shopPort, floorPort] = [await freePort(), await freePort()];
  const shopUrl = `http://127.0.0.1:${shopPort}`;
  const floorUrl = `http://127.0.0.1:${floorPort}`;
  // Production mode: real ePay settings are required there; none is ever called by the bench (loopback, port 9).
  const shop = start(['--import', 'tsx', 'apps/web/server.ts'], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(shopPort),
    DATABASE_URL: '',
    SQLITE_PATH: dbFile,
    MEDIA_DIR: path.join(dataDir, 'media'),
    AUTO_SEED: 'false',
    // 40,000 pictures: drawn when first asked for, not by a background job competing with the load.
    MEDIA_PRERENDER: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: shopUrl,
    ...PRODUCTION_SETTINGS,
  });
  try {
    await waitFor(`${shopUrl}/api/city/list`, shop, 120);
    const category = 'zhenskie-dzhinsy';
    // The floor answers the listing's own bytes too: the load generator's cost of reading them is in both.
    const bodyFile = path.join(dataDir, 'floor-body.json');
    fs.writeFileSync(bodyFile, Buffer.from(await (await fetch(`${shopUrl}/api/catalog/products?category=${category}&inStock=1&cityId=1`)).arrayBuffer()));
    const floor = start(['--import', 'tsx', 'bench/floor.ts'], { PORT: String(floorPort), FLOOR_BODY_FILE: bodyFile });
    await waitFor(floorUrl, floor, 60);
    log(`shop at ${shopUrl}, floor at ${floorUrl}`);

    const first = (await (await fetch(`${shopUrl}/api/catalog/products?category=${category}&pageSize=15`)).json()) as { data: { items: { slug: string }[] } };
    const productSlug = first.data.items[0]!.slug;
    const loads: LoadResult[] = [];
    loads.push(await load('floor: bare Fastify route', floorUrl + '/'));
    loads.push(await load(`floor: bare Fastify route answering a listing's bytes (${Math.round(fs.statSync(bodyFile).size / 1024)} KB)`, `${floorUrl}/body`));
    for (const sort of ['default', 'price-asc', 'price-desc', 'regional-availability', 'new-arrivals', 'discount-desc'])
      loads.push(await load(`listing ${category}, inStock=1, sort=${sort}`, `${shopUrl}/api/catalog/products?category=${category}&inStock=1&sort=${sort}&cityId=1`));
    loads.push(await load('product by slug', `${shopUrl}/api/catalog/product/${productSlug}?cityId=1`));
    loads.push(await load('search q=джинсов', `${shopUrl}/api/catalog/products?q=${encodeURIComponent('джинсов')}&cityId=1`));
    const base = loads[0]!;
    const load2 = loads.map((l) => ({ ...l, rpsRatio: l.requestsPerSecond / base.requestsPerSecond, p99Ratio: l.p99 / Math.max(base.p99, 1) }));

    const pages: PageResult[] = [];
    if (LIGHTHOUSE_RUNS > 0) {
      pages.push(await audit('home', `${shopUrl}/`));
      pages.push(await audit('category', `${shopUrl}/category/${category}`));
      pages.push(await audit('product', `${shopUrl}/product/${productSlug}`));
    }

    // The catalogue import (issue 12): 100,000 SKUs in 20 cities through 1C and CSV, bench/import.ts; BENCH_IMPORT=0 skips.
    const imports = process.env.BENCH_IMPORT === '0' ? null : (log('catalogue import (bench/import.ts)'), await runImportBench());
    const result = { date: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), machine, settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S, lighthouseRuns: LIGHTHOUSE_RUNS }, load: load2, pages, imports };
    fs.mkdirSync(resultsDir, { recursive: true });
    const stamp = result.date.replace(/[:.]/g, '-');
    fs.writeFileSync(path.join(resultsDir, `bench-${stamp}.json`), JSON.stringify(result, null, 2));
    fs.writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(result, null, 2));
    const md = markdown({ load: load2, pages, machine });
    fs.writeFileSync(path.join(resultsDir, 'latest.md'), md);
    console.log(`\n${md}`);
    log(`done in ${result.seconds} s; results in ${path.relative(root, resultsDir)}/`);
  } finally {
    stopAll();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    stopAll();
    process.exit(1);
  },
);
