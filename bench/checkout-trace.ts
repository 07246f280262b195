// Where the checkout's add to cart spends its time on PostgreSQL (issue 14, goal 4): the API in this process on a
// fresh demo catalogue in `TRACE_DATABASE_URL` (dropped and created again), the bench's 20 customers at a shopper's
// pace in a child process (bench/checkout.ts, as `npm run bench` runs them), and in the shop every statement timed
// from its send to its answer (`pg.Client.query`), every pool acquire's wait (`pg.Pool.connect`), the event loop's
// delay and the GC pauses, each attributed to the request it ran for. Prints the add's latency split into its parts
// for the median and the slowest adds.
//   TRACE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/kiim_trace node --import tsx bench/checkout-trace.ts
//   TRACE_SECONDS (20), TRACE_PORT (4690)
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureSeeded } from '../apps/api/src/seed/seed.ts';
import { prepareCheckout } from './checkout.ts';

const url = process.env.TRACE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kiim_trace';
const seconds = Number(process.env.TRACE_SECONDS ?? 20);
const port = Number(process.env.TRACE_PORT ?? 4690);
const name = new URL(url).pathname.slice(1);
const server = new URL(url);
server.pathname = '/postgres';
const admin = new pg.Client({ connectionString: server.href });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();

interface Trace {
  route: string;
  start: number;
  end: number;
  statements: { sql: string; ms: number; at: number }[];
  acquireMs: number;
}
const als = new AsyncLocalStorage<Trace>();
const traces: Trace[] = [];

const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const trace = als.getStore();
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
  const t = performance.now();
  const done = () => trace?.statements.push({ sql: text.slice(0, 70), ms: performance.now() - t, at: t });
  const cb = args.findIndex((a) => typeof a === 'function');
  if (cb >= 0) {
    const f = args[cb] as (...r: unknown[]) => void;
    args[cb] = (...r: unknown[]) => {
      done();
      f(...r);
    };
    return query.apply(this, args);
  }
  const p = query.apply(this, args) as Promise<unknown>;
  return p.then((r) => (done(), r));
} as typeof pg.Client.prototype.query;
const connect = pg.Pool.prototype.connect as (...a: unknown[]) => unknown;
pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
  const trace = als.getStore();
  const t = performance.now();
  const cb = args[0] as ((...r: unknown[]) => void) | undefined;
  if (typeof cb === 'function') {
    return connect.call(this, (...r: unknown[]) => {
      if (trace) trace.acquireMs += performance.now() - t;
      cb(...r);
    });
  }
  return (connect.call(this) as Promise<unknown>).then((c) => {
    if (trace) trace.acquireMs += performance.now() - t;
    return c;
  });
} as typeof pg.Pool.prototype.connect;

const gcs: { start: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
/** Timer ticks every 2 ms while measuring: when each ran, how late, and this process's CPU ms since the last. */
const ticks: { at: number; late: number; cpu: number }[] = [];
let ticker: NodeJS.Timeout | undefined;
const startTicks = () => {
  let last = performance.now();
  let cpu = process.cpuUsage();
  ticker = setInterval(() => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    ticks.push({ at: now, late: now - last - 2, cpu: (used.user + used.system) / 1000 });
    last = now;
  }, 2);
};
/** The longest stall of the loop within [from, to]: its ms late and the CPU ms the process used meanwhile. */
const stallIn = (from: number, to: number) => {
  let worst = { late: 0, cpu: 0 };
  for (const t of ticks) if (t.at > from && t.at - t.late < to && t.late > worst.late) worst = t;
  return worst;
};

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: url,
  AUTO_SEED: 'true',
  MEDIA_PRERENDER: 'false',
});
const app = await buildApp({ config });
await ensureSeeded(app.db, config, app.log);
const setup = await prepareCheckout({ databaseUrl: url, sqlitePath: '' }, 20);
app.server.prependListener('request', (req, res) => {
  const trace: Trace = {
    route: req.url ?? '',
    start: performance.now(),
    end: 0,
    statements: [],
    acquireMs: 0,
  };
  als.enterWith(trace);
  res.on('finish', () => {
    trace.end = performance.now();
    traces.push(trace);
  });
});
await app.listen({ port, host: '127.0.0.1' });

// The customers' setup (one SKU entry per unit in stock: too long for an argument) goes to the load in a file.
const setupFile = path.join(os.tmpdir(), `kiim-checkout-trace-${process.pid}.json`);
fs.writeFileSync(setupFile, JSON.stringify(setup));
const runLoad = (s: number, think: boolean) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { runCheckout } from './bench/checkout.ts';
         import { readFileSync } from 'node:fs';
         const setup = JSON.parse(readFileSync(process.argv[2], 'utf8'));
         const r = await runCheckout(process.argv[1], setup, { seconds: ${s}${think ? ', thinkMs: [500, 1500]' : ''} });
         console.log(JSON.stringify(r));`,
        `http://127.0.0.1:${port}`,
        setupFile,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`load: ${code}`))));
  });

await runLoad(4, false); // warm-up, as the bench's saturation part does
traces.length = 0;
gcs.length = 0;
loopDelay.enable();
startTicks();
const result = await runLoad(seconds, true);
loopDelay.disable();
clearInterval(ticker);
console.log(result);
// Every statement of the adds over 10 ms: was the shop's loop stalled meanwhile (busy: CPU used; else descheduled)?
let slow = 0;
let stalled = 0;
let busy = 0;
for (const t of traces.filter((x) => x.route.startsWith('/api/cart/add')))
  for (const s of t.statements)
    if (s.ms > 10) {
      slow++;
      const w = stallIn(s.at, s.at + s.ms);
      if (w.late > s.ms / 2) {
        stalled++;
        if (w.cpu > w.late / 2) busy++;
      }
    }
console.log(
  `add statements over 10 ms: ${slow}; of them the shop's loop stalled for over half: ${stalled} (busy running JS: ${busy})`,
);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const f = (x: number) => x.toFixed(1);
const adds = traces.filter((t) => t.route.startsWith('/api/cart/add-or-update-item'));
const orders = traces.filter((t) => t.route.startsWith('/api/order/create'));
const total = (t: Trace) => t.end - t.start;
const dbMs = (t: Trace) => t.statements.reduce((a, s) => a + s.ms, 0);
const gcIn = (t: Trace) =>
  gcs.filter((g) => g.start < t.end && g.start + g.ms > t.start).reduce((a, g) => a + g.ms, 0);
for (const [label, xs] of [
  ['add', adds],
  ['order', orders],
] as const) {
  console.log(
    `${label}: n ${xs.length}, server ms p50 ${f(pct(xs.map(total), 50))} p95 ${f(pct(xs.map(total), 95))} p99 ${f(
      pct(xs.map(total), 99),
    )}; statements/call ${f(xs.reduce((a, t) => a + t.statements.length, 0) / xs.length)}`,
  );
}
console.log(
  `event loop delay ms: p50 ${f(loopDelay.percentile(50) / 1e6)} p99 ${f(loopDelay.percentile(99) / 1e6)} max ${f(
    loopDelay.max / 1e6,
  )}; GC pauses ${gcs.length}, total ${f(gcs.reduce((a, g) => a + g.ms, 0))} ms, max ${f(
    Math.max(0, ...gcs.map((g) => g.ms)),
  )}`,
);
// Per statement (by its text) of the adds: median and p99 ms.
const bySql = new Map<string, number[]>();
for (const t of adds) for (const s of t.statements) bySql.set(s.sql, [...(bySql.get(s.sql) ?? []), s.ms]);
for (const [sql, ms] of bySql)
  console.log(`  ${f(pct(ms, 50))} / ${f(pct(ms, 99))} / max ${f(Math.max(...ms))}  n ${ms.length}  ${sql}`);
console.log('slowest adds: total = db statements + pool acquire + rest (JS, event loop); GC overlapping');
for (const t of [...adds].sort((a, b) => total(b) - total(a)).slice(0, 12)) {
  const overlapping = orders.filter((o) => o.start < t.end && o.end > t.start).length;
  console.log(
    `  ${f(total(t))} = db ${f(dbMs(t))} + acquire ${f(t.acquireMs)} + rest ${f(
      total(t) - dbMs(t) - t.acquireMs,
    )}; gc ${f(gcIn(t))}; orders in flight ${overlapping}; ${t.statements.map((s) => f(s.ms)).join(' ')}; loop stall ${f(
      stallIn(t.start, t.end).late,
    )} (cpu ${f(stallIn(t.start, t.end).cpu)})`,
  );
}
await app.close();
fs.rmSync(setupFile, { force: true });
