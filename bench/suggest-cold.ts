// The cold path of the search suggestions (issue 35 item 3, docs/decisions/072) in-process, without sockets or
// autocannon: the bench's typing sequence (targets.ts `suggestTyping`) sent one request after another through
// `app.inject` to the API on a copy of the large catalogue, and the milliseconds of each answer not made before
// (every distinct text, city and language is made once; repeats are answered from the answer cache and reported
// apart). Two passes:
//   1. first contact: the process's first suggestions (code not yet optimised by the JIT, nothing made);
//   2. after a catalogue change (the version bumped as staff edits bump it): the JIT warm, every answer and every
//      per-model structure made again — what each miss costs the shop itself.
// CPU ms are this process's (user + system, its collector's threads included) from the request's start to its
// answer: robust to the machine's load, unlike wall times on a shared machine.
//   node --import tsx bench/suggest-cold.ts [sqlite file] (default data/bench/kiim-bench.db, made by `npm run bench`;
//   copied to the OS's temporary directory first, the copy's version is bumped, the original is never written)
//   SUGGEST_N requests per pass (3000), SUGGEST_PROFILE a file for the CPU profile of both passes.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { bumpCatalogueVersion } from '../apps/api/src/modules/catalog/catalog.version.repository.ts';
import { suggestTyping, type Offer } from './targets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(root, process.argv[2] ?? 'data/bench/kiim-bench.db');
const N = Number(process.env.SUGGEST_N ?? 3000);
const WORDS = [
  'джинсы',
  'джинсов',
  'платье',
  'куртка',
  'рубашка',
  'футболки',
  'свитер',
  'брюки',
  'юбка',
  'худи',
];

if (!fs.existsSync(source))
  throw new Error(`${source} is missing: run the bench once (it builds the catalogue)`);
const file = path.join(os.tmpdir(), `suggest-cold-${process.pid}.db`);
fs.copyFileSync(source, file);
process.on('exit', () => fs.rmSync(file, { force: true }));

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  SQLITE_PATH: file,
  AUTO_SEED: 'false',
  MEDIA_PRERENDER: 'false',
});
const app = await buildApp({ config });
const json = async <T>(url: string) =>
  (await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).json<{ data: T }>().data;
type Facet = { slug: string };
const list = await json<{ facets: { brands: Facet[] } }>('/api/catalog/products?category=zhenskie-dzhinsy');
const cities = (await json<{ id: number }[]>('/api/city/list')).map((c) => c.id);
const offer: Offer = {
  category: 'zhenskie-dzhinsy',
  brands: [],
  sizes: [],
  colours: [],
  cities,
  slugs: [],
  words: [...WORDS, ...list.facets.brands.slice(0, 5).map((b) => b.slug)],
};

const quantile = (xs: number[], p: number) =>
  xs.length ? xs.slice().sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]! : NaN;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** One pass of `N` typing requests: CPU ms of each answer made (first asks) and of each repeat, and in all. */
async function pass(name: string, seed: number) {
  const next = suggestTyping(offer, seed);
  const seen = new Set<string>();
  const made: number[] = [];
  const slowest: [number, string][] = [];
  const repeats: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const url = next();
    const c0 = process.cpuUsage();
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
      remoteAddress: '127.0.0.1',
    });
    const c1 = process.cpuUsage(c0);
    const ms = (c1.user + c1.system) / 1000;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    (seen.has(url) ? repeats : made).push(ms);
    if (!seen.has(url)) slowest.push([ms, decodeURIComponent(url.slice(url.indexOf('?') + 1))]);
    seen.add(url);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(cpu);
  const row = (xs: number[]) =>
    `${xs.length} | ${mean(xs).toFixed(3)} | ${quantile(xs, 0.5).toFixed(2)} | ${quantile(xs, 0.99).toFixed(2)} | ${quantile(xs, 1).toFixed(2)}`;
  console.log(
    `| ${name}, answers made | ${row(made)} | ${((used.user + used.system) / 1000 / N).toFixed(3)} |`,
  );
  console.log(`| ${name}, repeats | ${row(repeats)} | |`);
  slowest.sort((a, b) => b[0] - a[0]);
  notes.push(
    `${name}, slowest answers made: ${slowest
      .slice(0, 6)
      .map(([ms, q]) => `${q} ${ms.toFixed(1)} ms`)
      .join('; ')}`,
  );
}

const notes: string[] = [];
const profiler = process.env.SUGGEST_PROFILE ? new Session() : null;
profiler?.connect();
await profiler?.post('Profiler.enable');
await profiler?.post('Profiler.start');
console.log('| pass | requests | CPU ms mean | p50 | p99 | max | CPU ms/request (all) |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
await pass('1. first contact', 1);
await app.db.transaction().execute((trx) => bumpCatalogueVersion(trx));
await json('/api/catalog/products?category=zhenskie-dzhinsy'); // the model made again, as any read would
await pass('2. after a catalogue change', 2);
console.log(`\n${notes.join('\n')}`);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(process.env.SUGGEST_PROFILE!, JSON.stringify(profile));
}
await app.close();
