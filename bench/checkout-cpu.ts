// Per-call CPU of the checkout in-process (issue 14, goal 4): the bench's customer loop — add a SKU in stock to a
// new cart, order it (pickup, paid on delivery) — sent one call after another through `app.inject` to the API on a
// demo catalogue, with this process's CPU milliseconds per call (user + system: the figure barely moves with the
// machine's load; PostgreSQL's own CPU is not in it) and the wall time. A lever's effect on the shop's own work per
// add and per order, measured on a shared machine.
//   node --import tsx bench/checkout-cpu.ts [sqlite file] (default data/bench/kiim-checkout.db, deleted and seeded
//   with the demo catalogue each run)
//   CHECKOUT_N customers' loops (300, after 30 of warm-up), CHECKOUT_DATABASE_URL a PostgreSQL database instead
//   (it must be empty or a former run's), CHECKOUT_PROFILE a file for the CPU profile of the measured calls.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureSeeded } from '../apps/api/src/seed/seed.ts';
import { prepareCheckout } from './checkout.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(root, process.argv[2] ?? 'data/bench/kiim-checkout.db');
const N = Number(process.env.CHECKOUT_N ?? 300);
const databaseUrl = process.env.CHECKOUT_DATABASE_URL ?? '';
if (!databaseUrl) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });

const config = loadConfig({
  ...process.env,
  // Development: the SMS goes to the in-memory outbox (its send runs after the answer either way, decision 023).
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  SQLITE_PATH: file,
  AUTO_SEED: 'true',
  MEDIA_PRERENDER: 'false',
});
const app = await buildApp({ config });
await ensureSeeded(app.db, config, app.log);
const setup = await prepareCheckout({ databaseUrl, sqlitePath: file }, 1);
const headers = { 'content-type': 'application/json', 'x-authorization': setup.tokens[0]! };
let n = 0;

/** One customer's loop: add to a new cart, then order it; CPU and wall ms of each call. */
async function loop(): Promise<{ add: [number, number]; order: [number, number] }> {
  const externalId = setup.externalIds[n++ % setup.externalIds.length]!;
  let cpu = process.cpuUsage();
  let t = performance.now();
  const added = await app.inject({
    method: 'PUT',
    url: '/api/cart/add-or-update-item',
    headers,
    payload: { uuid: null, externalId, regionId: setup.cityId, qty: 1 },
    remoteAddress: '127.0.0.1',
  });
  const addCpu = process.cpuUsage(cpu);
  const add: [number, number] = [(addCpu.user + addCpu.system) / 1000, performance.now() - t];
  if (added.statusCode !== 200) throw new Error(`add: ${added.statusCode} ${added.body.slice(0, 200)}`);
  const order = {
    cartUuid: added.json<{ data: { uuid: string } }>().data.uuid,
    regionId: setup.cityId,
    deliveryMethodId: 1,
    paymentId: 1,
    pickupPointId: setup.pickupPointId,
    idempotencyKey: randomUUID(),
  };
  cpu = process.cpuUsage();
  t = performance.now();
  const created = await app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers,
    payload: { order },
    remoteAddress: '127.0.0.1',
  });
  const orderCpu = process.cpuUsage(cpu);
  if (created.statusCode !== 200)
    throw new Error(`order: ${created.statusCode} ${created.body.slice(0, 200)}`);
  // One turn of the event loop, as a server has between requests (the SMS send started in the background runs).
  await new Promise((resolve) => setImmediate(resolve));
  return { add, order: [(orderCpu.user + orderCpu.system) / 1000, performance.now() - t] };
}

for (let i = 0; i < 30; i++) await loop(); // warm-up: JIT, prepared statements, pools
const profiler = process.env.CHECKOUT_PROFILE ? new Session() : null;
profiler?.connect();
await profiler?.post('Profiler.enable');
await profiler?.post('Profiler.start');
const sums = { addCpu: 0, addWall: 0, orderCpu: 0, orderWall: 0 };
for (let i = 0; i < N; i++) {
  const { add, order } = await loop();
  sums.addCpu += add[0];
  sums.addWall += add[1];
  sums.orderCpu += order[0];
  sums.orderWall += order[1];
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(process.env.CHECKOUT_PROFILE!, JSON.stringify(profile));
}
console.log(`${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${N} loops, one at a time:`);
console.log(`| call | CPU ms/call | wall ms/call |`);
console.log(`| --- | ---: | ---: |`);
console.log(`| add to cart | ${(sums.addCpu / N).toFixed(3)} | ${(sums.addWall / N).toFixed(3)} |`);
console.log(`| order creation | ${(sums.orderCpu / N).toFixed(3)} | ${(sums.orderWall / N).toFixed(3)} |`);
await app.close();
