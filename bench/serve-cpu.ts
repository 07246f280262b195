// CPU per request of the compiled shop under autocannon (issue 14, goal 2; decision 018 «reads, fifth round»): starts
// `apps/web/dist/server.mjs` of a checkout (as bench/run.ts startShop does, production, LOG_LEVEL=warn) on a SQLite
// file, sends each of the bench's load targets (targets.ts) for a few seconds, and prints the server process's CPU
// (user + system from /proc/<pid>/stat) per request beside req/s, p99 and the 1-minute load average. The CPU per
// request barely moves with the machine's load; req/s and p99 do.
//   node --import tsx bench/serve-cpu.ts [sqlite file] (default data/bench/kiim-bench.db; a missing file is seeded
//   with the demo catalogue by the shop)
//   SERVE_ROOT the checkout whose build to run (default this one: alternate two checkouts for an A/B),
//   SERVE_MATCH a regular expression on the target names, SERVE_SECONDS per target (6, after 1 s of warm-up),
//   SERVE_PORT (3600), SERVE_PROFILE a directory for the server's CPU profile (`node --cpu-prof`, written at exit),
//   SERVE_NODE_FLAGS more flags for the server's node (space-separated, e.g. `--trace-gc`), SERVE_PERF a directory
//   for a `perf record` (CPU-time samples, user space; JavaScript names with `--perf-basic-prof`) of each target.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SORTS, uncachedListing, uncachedProduct, type Offer } from './targets.ts';
import { productionSettings } from './production-settings.ts';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(process.env.SERVE_ROOT ?? here);
const file = path.resolve(here, process.argv[2] ?? 'data/bench/kiim-bench.db');
const MATCH = new RegExp(process.env.SERVE_MATCH ?? '');
const SECONDS = Number(process.env.SERVE_SECONDS ?? 6);
const port = Number(process.env.SERVE_PORT ?? 3600);
const url = `http://127.0.0.1:${port}`;
const CATEGORY = 'zhenskie-dzhinsy';
const WORDS = ['джинсы', 'платье', 'куртка', 'рубашка', 'футболки', 'свитер', 'брюки', 'юбка', 'худи'];
const HEADERS = { 'accept-encoding': 'br, gzip' };

const flags = [
  ...(process.env.SERVE_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVE_PROFILE}`] : []),
  ...(process.env.SERVE_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
];
const shop = spawn(process.execPath, [...flags, 'apps/web/dist/server.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: '',
    SQLITE_PATH: file,
    MEDIA_DIR: path.join(os.tmpdir(), `serve-cpu-media-${port}`),
    AUTO_SEED: 'true',
    MEDIA_PRERENDER: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    // What production requires (nothing here calls ePay or the SMS gateway).
    ...productionSettings(),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => shop.exitCode === null && shop.kill('SIGINT');
process.on('exit', stop);

/** The server's CPU so far in ms (user + system; /proc counts clock ticks of 10 ms). */
const cpuMs = () => {
  const fields = fs.readFileSync(`/proc/${shop.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const getJson = async <T>(p: string): Promise<T> =>
  ((await (await fetch(url + p)).json()) as { data: T }).data;
for (let until = Date.now() + 180_000; ;) {
  if (shop.exitCode !== null) throw new Error(`the shop exited with ${shop.exitCode}`);
  if (
    await fetch(`${url}/api/city/list`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (Date.now() > until) throw new Error('the shop did not answer in 180 s');
  await new Promise((r) => setTimeout(r, 250));
}

type Facet = { slug: string };
type List = {
  items: { slug: string }[];
  facets: { brands: Facet[]; sizes: { size: string }[]; colours: Facet[] };
};
const list = await getJson<List>(`/api/catalog/products?category=${CATEGORY}`);
const slugs: string[] = [];
for (let page = 1; page <= 5; page++)
  slugs.push(
    ...(await getJson<List>(`/api/catalog/products?pageSize=120&page=${page}`)).items.map((i) => i.slug),
  );
const offer: Offer = {
  category: CATEGORY,
  brands: list.facets.brands.map((b) => b.slug),
  sizes: list.facets.sizes.map((s) => s.size),
  colours: list.facets.colours.map((c) => c.slug),
  cities: (await getJson<{ id: number }[]>('/api/city/list')).map((c) => c.id),
  slugs,
  words: [...WORDS, ...list.facets.brands.slice(0, 5).map((b) => b.slug)],
};
const targets: [string, string | (() => string)][] = [
  ['listing, answer cached', `/api/catalog/products?category=${CATEGORY}&inStock=1&cityId=1`],
  ...SORTS.map((sort, i): [string, () => string] => [
    `listing, sort=${sort}`,
    uncachedListing(offer, sort, false, i + 1),
  ]),
  ['search', uncachedListing(offer, 'default', true, SORTS.length + 1)],
  ['product page', uncachedProduct(offer, SORTS.length + 2)],
];

console.log(`${root} on ${path.basename(file)}`);
console.log('| target | CPU µs/request | req/s | p99 ms | bytes/request | load |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [name, target] of targets) {
  if (!MATCH.test(name)) continue;
  const options = {
    url: typeof target === 'string' ? url + target : url,
    connections: 50,
    headers: HEADERS,
    ...(typeof target === 'string'
      ? {}
      : { requests: [{ setupRequest: (r: object) => ({ ...r, path: target() }) }] }),
  } as autocannon.Options;
  await autocannon({ ...options, duration: 1 });
  const load = os.loadavg()[0]!;
  const perf =
    process.env.SERVE_PERF &&
    spawn(
      'perf',
      [
        'record',
        '-g',
        '-e',
        'cpu-clock:u',
        '-F',
        '1999',
        '-p',
        String(shop.pid),
        '-o',
        path.join(process.env.SERVE_PERF, `${name.replace(/\W+/g, '-')}.data`),
      ],
      { stdio: 'ignore' },
    );
  const before = cpuMs();
  const r = await autocannon({ ...options, duration: SECONDS });
  const used = cpuMs() - before;
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((done) => perf.once('exit', done));
  }
  const n = r.requests.total;
  console.log(
    `| ${name} | ${((used * 1000) / n).toFixed(0)} | ${Math.round(r.requests.average)} | ${r.latency.p99} | ${Math.round(r.throughput.total / n)} | ${load.toFixed(2)} |${r.non2xx ? ` ${r.non2xx} non-2xx` : ''}`,
  );
}
stop();
await new Promise((r) => shop.once('exit', r));
