// Per-request CPU of the catalogue reads in-process (issue 14, goals 2 and 3): the bench's targets (targets.ts) sent
// one after another through `app.inject` to the API on a catalogue file, with the milliseconds of this process's CPU
// per request (user + system, so the figure barely moves with the machine's load) and the wall time. No sockets,
// no autocannon: a lever's effect on the shop's own work, measured on a shared machine.
//   node --import tsx bench/reads.ts [sqlite file] (default data/bench/kiim-bench.db, made by `npm run bench`; an
//   empty or missing file gets the demo catalogue, as the shop seeds it)
//   (with node --expose-gc the memory figures are after a full collection)
//   READS_N requests per target (300) after READS_WARMUP (30), READS_MATCH a regular expression on the target names,
//   READS_DATABASE_URL a PostgreSQL database instead of the file, READS_PROFILE a file to write the CPU profile of
//   the requests to (open it in Chrome's DevTools; the model's loading is left out).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureSeeded } from '../apps/api/src/seed/seed.ts';
import { SORTS, suggestTyping, uncachedListing, uncachedProduct, type Offer } from './targets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(root, process.argv[2] ?? 'data/bench/kiim-bench.db');
const N = Number(process.env.READS_N ?? 300);
const WARMUP = Number(process.env.READS_WARMUP ?? 30);
const MATCH = new RegExp(process.env.READS_MATCH ?? '');
const CATEGORY = 'zhenskie-dzhinsy';
const WORDS = ['джинсы', 'платье', 'куртка', 'рубашка', 'футболки', 'свитер', 'брюки', 'юбка', 'худи'];

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.READS_DATABASE_URL ?? '',
  SQLITE_PATH: file,
  AUTO_SEED: 'false',
  MEDIA_PRERENDER: 'false',
});
const app = await buildApp({ config });
await ensureSeeded(app.db, config, app.log);
const headers = { 'accept-encoding': 'br, gzip' };

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  // One turn of the event loop per request, as a server has: the request's immediates run and its objects can go
  // (without it thousands of requests stay reachable and the memory figures grow with N).
  await new Promise((resolve) => setImmediate(resolve));
  return res;
};
const json = async <T>(url: string) =>
  (await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).json<{ data: T }>().data;

type Facet = { slug: string };
type List = {
  items: { slug: string }[];
  facets: { brands: Facet[]; sizes: { size: string }[]; colours: Facet[] };
};
/** Memory now, after a full collection when the process runs with --expose-gc (live memory, not garbage). */
const memoryMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return `rss ${(m.rss / 2 ** 20).toFixed(0)} MB, heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MB, external+buffers ${((m.external + m.arrayBuffers) / 2 ** 20).toFixed(0)} MB`;
};
const loadStart = performance.now();
const list = await json<List>(`/api/catalog/products?category=${CATEGORY}`);
console.log(`first listing (model load) ${(performance.now() - loadStart).toFixed(0)} ms; ${memoryMb()}`);
const slugs: string[] = [];
for (let page = 1; page <= 5; page++)
  slugs.push(
    ...(await json<List>(`/api/catalog/products?pageSize=120&page=${page}`)).items.map((i) => i.slug),
  );
const cities = (await json<{ id: number }[]>('/api/city/list')).map((c) => c.id);
const offer: Offer = {
  category: CATEGORY,
  brands: list.facets.brands.map((b) => b.slug),
  sizes: list.facets.sizes.map((s) => s.size),
  colours: list.facets.colours.map((c) => c.slug),
  cities,
  slugs,
  words: [...WORDS, ...list.facets.brands.slice(0, 5).map((b) => b.slug)],
};

const targets: [string, () => string][] = [
  ['listing, answer cached', () => `/api/catalog/products?category=${CATEGORY}&inStock=1&cityId=1`],
  ...SORTS.map((sort, i): [string, () => string] => [
    `listing, sort=${sort}`,
    uncachedListing(offer, sort, false, i + 1),
  ]),
  ['search', uncachedListing(offer, 'default', true, SORTS.length + 1)],
  ['product page', uncachedProduct(offer, SORTS.length + 2)],
  ['search suggestions', suggestTyping(offer, SORTS.length + 3)],
];

const profiler = process.env.READS_PROFILE ? new Session() : null;
profiler?.connect();
await profiler?.post('Profiler.enable');
console.log(`| target | CPU ms/request | wall ms/request | answer bytes sent |`);
console.log(`| --- | ---: | ---: | ---: |`);
await profiler?.post('Profiler.start');
for (const [name, next] of targets) {
  if (!MATCH.test(name)) continue;
  for (let i = 0; i < WARMUP; i++) await get(next()); // warm-up (JIT, the answer cache of the cached target)
  let bytes = 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) bytes += (await get(next())).rawPayload.length;
  const wall = (performance.now() - t0) / N;
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / N;
  console.log(`| ${name} | ${ms.toFixed(3)} | ${wall.toFixed(3)} | ${Math.round(bytes / N)} |`);
}
console.log(`after the reads: ${memoryMb()}`);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(process.env.READS_PROFILE!, JSON.stringify(profile));
}
await app.close();
