// The catalogue import part of `npm run bench` (issue 12 item 4), also runnable alone:
//   node --import tsx bench/import.ts            (BENCH_IMPORT_SKUS, default 100,000)
// 1. a fresh SQLite shop with the large catalogue's 20 cities, 10 categories and brands (few SKUs of its own);
// 2. generates CommerceML files: import.xml with BENCH_IMPORT_SKUS/5 products in 10 groups named like the categories,
//    offers.xml with BENCH_IMPORT_SKUS offers (5 sizes × product), two price types, 20 warehouses named like the
//    cities, stock in 4 of them per offer; streamed to disk;
// 3. runs the 1C protocol in-process (checkauth → init → file in 50 MB parts → import until success) and times it;
// 4. the same SKUs' stock as a CSV (one city each, new quantities) through the staff API: preview, then apply;
// 5. the catalogue listing right after (median and p95 of 50 in-process requests);
// peak RSS and heap are sampled every 50 ms. Returns the figures (and prints them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLargeCatalogue } from '../apps/api/src/seed/seed.large.ts';
import { buildApp, type App } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { createApiKey } from '../apps/api/src/modules/staff/staff.apikeys.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GROUPS = [
  ['Джинсы женские', 'g-1'],
  ['Брюки женские', 'g-2'],
  ['Женская верхняя одежда', 'g-3'],
  ['Одежда женская', 'g-4'],
  ['Женское нижнее бельё', 'g-5'],
  ['Джинсы мужские', 'g-6'],
  ['Брюки мужские', 'g-7'],
  ['Мужская верхняя одежда', 'g-8'],
  ['Одежда мужская', 'g-9'],
  ['Мужское нижнее бельё', 'g-10'],
] as const;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];

/** The phase being measured (BENCH_IMPORT_TRACE=1 prints it with the memory every 2 s). */
let phase = 'setup';
const t0 = performance.now();
const mb = (n: number) => Math.round(n / 2 ** 20);

/** Peak memory of this process, sampled. */
function memoryPeak() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const trace = process.env.BENCH_IMPORT_TRACE
    ? setInterval(() => {
        const m = process.memoryUsage();
        console.error(
          `${((performance.now() - t0) / 1000).toFixed(0)} s ${phase}: rss ${mb(m.rss)} MB, heap ${mb(m.heapUsed)} MB, ` +
            `external ${mb(m.external)} MB, buffers ${mb(m.arrayBuffers)} MB`,
        );
      }, 2000)
    : undefined;
  return {
    reset() {
      sample();
      rss = process.memoryUsage().rss;
      heap = process.memoryUsage().heapUsed;
    },
    read: () => ({ rssMb: Math.round(rss / 2 ** 20), heapMb: Math.round(heap / 2 ** 20) }),
    stop: () => {
      clearInterval(timer);
      clearInterval(trace);
    },
  };
}

async function writeLines(file: string, lines: Iterable<string>) {
  const out = fs.createWriteStream(file);
  for (const l of lines) if (!out.write(l)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
}

function* importXml(products: number) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><Классификатор><Группы>';
  for (const [name, id] of GROUPS)
    yield `<Группа><Ид>${id}</Ид><Наименование>${name}</Наименование></Группа>`;
  yield '</Группы><Свойства><Свойство><Ид>p-brand</Ид><Наименование>Бренд</Наименование></Свойство></Свойства></Классификатор>';
  yield '<Каталог СодержитТолькоИзменения="false"><Товары>';
  for (let i = 0; i < products; i++)
    yield (
      `<Товар><Ид>p-${i}</Ид><Артикул>A-${i}</Артикул><Наименование>Товар номер ${i}</Наименование>` +
      `<Группы><Ид>${GROUPS[i % 10]![1]}</Ид></Группы><Описание>Описание товара ${i}</Описание>` +
      `<ЗначенияСвойств><ЗначенияСвойства><Ид>p-brand</Ид><Значение>Бренд ${i % 40}</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>\n`
    );
  yield '</Товары></Каталог></КоммерческаяИнформация>\n';
}

function* offersXml(products: number, cities: { id: number; name: string }[]) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений СодержитТолькоИзменения="false">';
  yield '<ТипыЦен><ТипЦены><Ид>pt-r</Ид><Наименование>Розничная</Наименование></ТипЦены><ТипЦены><Ид>pt-w</Ид><Наименование>Оптовая</Наименование></ТипЦены></ТипыЦен><Склады>';
  for (const c of cities) yield `<Склад><Ид>wh-${c.id}</Ид><Наименование>${c.name}</Наименование></Склад>`;
  yield '</Склады><Предложения>';
  for (let i = 0; i < products; i++)
    for (let s = 0; s < 5; s++) {
      const stock = [0, 1, 2, 3]
        .map(
          (k) =>
            `<Склад ИдСклада="wh-${cities[(i + s + k * 5) % cities.length]!.id}" КоличествоНаСкладе="${(i + k) % 9}"/>`,
        )
        .join('');
      yield (
        `<Предложение><Ид>p-${i}#${SIZES[s]}</Ид><ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование>` +
        `<Значение>${SIZES[s]}</Значение></ХарактеристикаТовара></ХарактеристикиТовара><Цены><Цена><ИдТипаЦены>pt-r</ИдТипаЦены>` +
        `<ЦенаЗаЕдиницу>${9990 + (i % 50) * 100}</ЦенаЗаЕдиницу></Цена><Цена><ИдТипаЦены>pt-w</ИдТипаЦены><ЦенаЗаЕдиницу>7000</ЦенаЗаЕдиницу></Цена></Цены>${stock}</Предложение>\n`
      );
    }
  yield '</Предложения></ПакетПредложений></КоммерческаяИнформация>\n';
}

type Inject = (query: string, opts?: { body?: Buffer; cookie?: string }) => Promise<{ body: string }>;
type Peak = ReturnType<typeof memoryPeak>;

/** Sends import.xml and offers.xml through the 1C protocol (50 MB parts), then imports each until `success`. */
async function oneCImports(
  q: Inject,
  cookie: string,
  dir: string,
  mem: Peak,
  figures: Record<string, unknown>,
) {
  for (const name of ['import.xml', 'offers.xml']) {
    const file = path.join(dir, name);
    figures[`${name} MB`] = Math.round(fs.statSync(file).size / 2 ** 20);
    mem.reset();
    phase = `1C ${name}`;
    const started = performance.now();
    const part = 50 * 2 ** 20; // 1C's file_limit
    const fd = fs.openSync(file, 'r');
    // One buffer for every part (each request is answered before the next part is read).
    const buf = Buffer.allocUnsafe(Math.min(part, fs.fstatSync(fd).size || 1));
    for (let at = 0; ; at += buf.length) {
      const n = fs.readSync(fd, buf, 0, buf.length, at);
      if (n === 0) break;
      await q(`type=catalog&mode=file&filename=${name}`, { cookie, body: buf.subarray(0, n) });
    }
    fs.closeSync(fd);
    let answer = (await q(`type=catalog&mode=import&filename=${name}`, { cookie })).body;
    while (answer.startsWith('progress'))
      answer = (await q(`type=catalog&mode=import&filename=${name}`, { cookie })).body;
    figures[`1C ${name}`] = {
      seconds: +((performance.now() - started) / 1000).toFixed(1),
      answer: answer.split('\n')[0],
      ...mem.read(),
    };
  }
}

/** Every imported SKU's stock in one city (new quantities) as CSV through the integration API: preview, apply. */
async function csvImport(
  app: App,
  secret: string,
  cities: { id: number }[],
  mem: Peak,
  figures: Record<string, unknown>,
) {
  // CSV: every SKU's stock in one city, new quantities.
  const skusMade = await app.db
    .selectFrom('sku')
    .select('external_id')
    .where('external_id', 'like', 'p-%')
    .execute();
  const csv = Buffer.from(
    'externalId;cityId;quantity\n' +
      skusMade.map((s, i) => `${s.external_id};${cities[i % cities.length]!.id};${(i % 7) + 10}`).join('\n'),
  );
  for (const step of ['preview', 'apply']) {
    mem.reset();
    phase = `CSV ${step}`;
    const started = performance.now();
    const r = await app.inject({
      method: 'POST',
      url: `/api/backoffice/catalogue/import/stock/${step}`,
      payload: csv,
      headers: { 'content-type': 'text/csv', 'x-api-key': secret },
    });
    const data = r.json().data ?? r.json();
    figures[`CSV stock ${step}`] = {
      rows: data.rowCount,
      changes: data.changeCount,
      errors: data.errorCount,
      seconds: +((performance.now() - started) / 1000).toFixed(1),
      ...mem.read(),
    };
  }
}

/** The category listing right after the import: median and p95 of 50 in-process requests, ms. */
async function listingAfter(app: App) {
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const r = await app.inject({
      url: `/api/catalog/products?cityId=1&category=zhenskie-dzhinsy&page=${(i % 5) + 1}`,
    });
    if (r.statusCode !== 200) throw new Error(`listing answered ${r.statusCode}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: +times[25]!.toFixed(1), p95: +times[47]!.toFixed(1) };
}

/** One step's figures: seconds, and the process's peak RSS and heap during it (MB). */
interface StepFigures {
  seconds: number;
  rssMb: number;
  heapMb: number;
}

/** What the import benchmark measures (printed as JSON when run alone; a table part of `npm run bench`). */
export interface ImportFigures {
  skus: number;
  products: number;
  cities: number;
  '1C import.xml': StepFigures & { answer: string };
  '1C offers.xml': StepFigures & { answer: string };
  'CSV stock preview': StepFigures & { rows: number; changes: number; errors: number };
  'CSV stock apply': StepFigures & { rows: number; changes: number; errors: number };
  'listing after import (ms)': { p50: number; p95: number };
}

/** A prepared import: the fresh shop (in-process), the generated files and the key to send them with. */
export interface PreparedImport {
  app: App;
  close: () => Promise<void>;
  dir: string;
  secret: string;
  auth: string;
  cities: { id: number; name: string }[];
  products: number;
}

/**
 * The untimed part of the import benchmark: a fresh SQLite shop (`data/bench/kiim-import-bench.db`, the large
 * catalogue's 20 cities and 10 categories, 100 SKUs of its own) built in this process, the CommerceML files of
 * `skus` SKUs generated into a temporary folder, and an API key of scope `catalogue.import`.
 * @returns what {@link runImportSteps} needs. @throws when the shop cannot be built.
 */
export async function prepareImport(
  skus = Number(process.env.BENCH_IMPORT_SKUS ?? 100_000),
): Promise<PreparedImport> {
  const products = Math.ceil(skus / 5);
  phase = 'large catalogue';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-bench-import-'));
  const dbFile = path.join(root, 'data', 'bench', 'kiim-import-bench.db');
  await buildLargeCatalogue(dbFile, { skus: 100 });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTO_SEED: 'false',
    SQLITE_PATH: dbFile,
    MEDIA_DIR: path.join(dir, 'media'),
  });
  const database = createDatabase({ sqlitePath: dbFile });
  const app = await buildApp({ config, db: database, logger: false });
  await app.ready();
  const cities = (await app.inject({ url: '/api/city/list' }).then((r) => r.json().data)) as {
    id: number;
    name: string;
  }[];
  phase = 'generate files';
  await writeLines(path.join(dir, 'import.xml'), importXml(products));
  await writeLines(path.join(dir, 'offers.xml'), offersXml(products, cities));
  const owner = { type: 'system' as const, id: null, ip: null, at: new Date() };
  // The key's maker: an owner account that cannot sign in (no usable password hash).
  await app.db
    .insertInto('staff_member')
    .values({
      ...{ id: 'bench-owner', email: 'bench@kiim.kz', name: 'Bench', role: 'owner', password_hash: 'x' },
      ...{ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null },
      ...{ last_sign_in_at: null, deactivated_at: null },
      ...{ created_at: owner.at.toISOString(), updated_at: owner.at.toISOString() },
    })
    .execute();
  const { secret } = await createApiKey(
    app.db,
    { ...owner, type: 'staff', id: 'bench-owner' },
    { name: 'bench', scopes: ['catalogue.import'] },
  );
  const auth = `Basic ${Buffer.from(`bench:${secret}`).toString('base64')}`;
  const close = async () => {
    await app.close();
    await database.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { app, close, dir, secret, auth, cities, products };
}

/**
 * The timed part of the import benchmark on a prepared import (then closed): the 1C protocol (checkauth, init, the
 * two files in 50 MB parts, import until success), the CSV stock preview and apply, the listing right after; the
 * process's peak RSS and heap sampled from its start. @returns the figures.
 */
export async function runImportSteps(prepared: PreparedImport): Promise<ImportFigures> {
  const { app, dir, secret, auth, cities, products } = prepared;
  const mem = memoryPeak();
  const q = (query: string, opts: { body?: Buffer; cookie?: string } = {}) =>
    app.inject({
      method: opts.body ? 'POST' : 'GET',
      url: `/api/exchange/1c?${query}`,
      payload: opts.body,
      headers: { authorization: auth, ...(opts.body ? { 'content-type': 'application/octet-stream' } : {}) },
      cookies: opts.cookie ? { kiim_1c: opts.cookie } : {},
    });
  const figures: Record<string, unknown> = { skus: products * 5, products, cities: cities.length };
  const cookie = (await q('type=catalog&mode=checkauth')).body.split('\n')[2]!;
  await q('type=catalog&mode=init', { cookie });
  await oneCImports(q, cookie, dir, mem, figures);
  await csvImport(app, secret, cities, mem, figures);
  figures['listing after import (ms)'] = await listingAfter(app);
  mem.stop();
  await prepared.close();
  return figures as unknown as ImportFigures;
}

/** Runs the import benchmark: prepares it, then runs its timed steps at once. @returns its figures. */
export async function runImportBench(
  skus = Number(process.env.BENCH_IMPORT_SKUS ?? 100_000),
): Promise<ImportFigures> {
  return runImportSteps(await prepareImport(skus));
}

/** What a prepared import (`--wait`) prints when ready (bench/run.ts waits for it), before waiting for a line on stdin. */
const IMPORT_READY = 'import prepared';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const prepared = await prepareImport();
  // `--wait` (npm run bench): prepared during the bench's setup, the steps run when a line arrives on stdin.
  if (process.argv.includes('--wait')) {
    console.log(IMPORT_READY);
    await new Promise<void>((resolve, reject) => {
      process.stdin.once('data', () => resolve());
      process.stdin.once('end', () => reject(new Error('import: standard input closed before the steps')));
    });
    process.stdin.pause();
  }
  const figures = await runImportSteps(prepared);
  console.log(JSON.stringify(figures, null, 2));
}
