// Per-request CPU of the carrier city's split cart in-process (issue 34, goal p99 ≤ 20 ms with the quote cached):
// the shop of bench/carrier.ts — a fresh SQLite demo shop, CDEK through its simulator in this process, a cart of one
// size held in CDEK's Almaty for Кокшетау (CDEK only) — then `GET /api/cart/split-cart-items-by-region-id/…` sent one
// request after another through `app.inject`, with this process's CPU milliseconds per request (user + system: the
// figure barely moves with the machine's load) and the wall time. The quote and the points stay cached.
//   node --import tsx bench/carrier-cpu.ts
//   CARRIER_N requests (2,000, after 300 of warm-up), CARRIER_PROFILE a file for the CPU profile of the measured
//   requests, CARRIER_BODY a file for the last answer's body (to compare answers between versions).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { carrierBenchShop } from './carrier.ts';

const N = Number(process.env.CARRIER_N ?? 2000);
const { app, splitPath: url, close } = await carrierBenchShop('kiim-carrier-cpu-');
let body = '';

/** One split cart: CPU and wall ms. */
async function once(): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
  const used = process.cpuUsage(cpu);
  if (res.statusCode !== 200) throw new Error(`split cart: ${res.statusCode} ${res.body.slice(0, 200)}`);
  body = res.body;
  // One turn of the event loop, as a server has between requests.
  await new Promise((resolve) => setImmediate(resolve));
  return [(used.user + used.system) / 1000, performance.now() - t];
}

for (let i = 0; i < 300; i++) await once(); // warm-up: JIT, prepared statements, the quote and points cached
if (!body.includes('quoteToken')) throw new Error('carrier cpu: no carrier offer');
const profiler = process.env.CARRIER_PROFILE ? new Session() : null;
profiler?.connect();
await profiler?.post('Profiler.enable');
await profiler?.post('Profiler.start');
let cpuSum = 0;
let wallSum = 0;
for (let i = 0; i < N; i++) {
  const [cpu, wall] = await once();
  cpuSum += cpu;
  wallSum += wall;
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(process.env.CARRIER_PROFILE!, JSON.stringify(profile));
}
if (process.env.CARRIER_BODY) fs.writeFileSync(process.env.CARRIER_BODY, body);
const points = (body.match(/quoteToken/g) ?? []).length;
console.log(
  `split cart, ${N} requests one at a time (${points} quote tokens, ${body.length} bytes): ` +
    `CPU ${(cpuSum / N).toFixed(3)} ms/request, wall ${(wallSum / N).toFixed(3)} ms/request`,
);
await close();
