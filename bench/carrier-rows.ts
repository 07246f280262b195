// The carrier part's place in `npm run bench` (issue 34): bench/carrier.ts run in a process of its own (its shop, its
// CDEK simulator), its JSON read back and turned into the report's rows.
import { spawn } from 'node:child_process';
import os from 'node:os';
import type { CarrierFigures, CarrierLoad } from './carrier.ts';
import type { FiscalRow } from './fiscal-rows.ts';

/** Runs `bench/carrier.ts` from `root` and returns its figures. @throws when it fails or prints no JSON. */
export async function runCarrierBench(root: string): Promise<CarrierFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/carrier.ts'], { cwd: root });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || !out.includes('{'))
    throw new Error(`carrier bench exited with ${code}: ${out.slice(-500)}`);
  return JSON.parse(out.slice(out.indexOf('{'))) as CarrierFigures;
}

const figure = (l: CarrierLoad) =>
  `${l.requestsPerSecond} req/s, p50 ${l.p50} / p99 ${l.p99} ms (max ${l.max})` +
  (l.non2xx || l.errors ? `, ${l.non2xx} non-2xx, ${l.errors} errors` : '');

/**
 * The split cart of a carrier city (goals of issue 34: p99 ≤ 20 ms with the quote cached, ≤ 400 ms with the
 * simulator answering in 300 ms) and a catalogue listing beside the slow one (not held up: p99 within 20 ms of its
 * figure alone).
 */
export function carrierRows(f: CarrierFigures | null): FiscalRow[] {
  if (!f) return [];
  const common = {
    catalogue: `demo, ${f.connections} connections, ${f.seconds} s`,
    database: 'SQLite' as const,
    loadAverage: os.loadavg()[0]!,
  };
  const clean = (l: CarrierLoad) => l.non2xx === 0 && l.errors === 0;
  return [
    {
      ...common,
      measurement: 'split cart of a CDEK city, quote cached (issue 34)',
      figure: figure(f.cached),
      goal: { text: 'p99 ≤ 20 ms', met: f.cached.p99 <= 20 && clean(f.cached) },
    },
    {
      ...common,
      measurement: 'split cart of a CDEK city, every quote asked, CDEK answering in 300 ms',
      figure: `${figure(f.slow)}; ${f.slowQuotes} quotes asked`,
      goal: { text: 'p99 ≤ 400 ms', met: f.slow.p99 <= 400 && clean(f.slow) },
    },
    {
      ...common,
      measurement: 'catalogue listing while those split carts wait for CDEK',
      figure: `${figure(f.catalogueBeside)} (alone: ${figure(f.catalogueAlone)})`,
      goal: {
        text: 'not held up (p99 ≤ alone + 20 ms)',
        met: f.catalogueBeside.p99 <= f.catalogueAlone.p99 + 20 && clean(f.catalogueBeside),
      },
    },
  ];
}
