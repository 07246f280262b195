// The fiscal part's place in `npm run bench` (issue 32): bench/fiscal.ts run in a process of its own (its shop, its
// Webkassa simulator), its JSON read back and turned into the report's rows.
import { spawn } from 'node:child_process';
import os from 'node:os';
import type { FiscalFigures } from './fiscal.ts';

/** A row of the bench's table (the shape run.ts prints). */
export interface FiscalRow {
  measurement: string;
  catalogue: string;
  database: 'SQLite';
  loadAverage: number;
  figure: string;
  goal: { text: string; met: boolean | null } | null;
}

/** Runs `bench/fiscal.ts` from `root` and returns its figures. @throws when it fails or prints no JSON. */
export async function runFiscalBench(root: string): Promise<FiscalFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/fiscal.ts'], { cwd: root });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || !out.includes('{'))
    throw new Error(`fiscal bench exited with ${code}: ${out.slice(-500)}`);
  return JSON.parse(out.slice(out.indexOf('{'))) as FiscalFigures;
}

/** The fiscal figures as rows: the payment's extra time with fiscalisation on (goal ≤ 5 ms at p95), the queue rate. */
export function fiscalRows(f: FiscalFigures | null): FiscalRow[] {
  if (!f) return [];
  const loadAverage = os.loadavg()[0]!;
  const common = { catalogue: `demo, ${f.orders} orders`, database: 'SQLite' as const, loadAverage };
  return [
    {
      ...common,
      measurement: 'a payment transaction with its fiscal receipt queued (issue 32)',
      figure: `p50 ${f.with.p50} / p95 ${f.with.p95} ms (without: ${f.without.p50} / ${f.without.p95}); +${f.extraP95} ms at p95`,
      goal: { text: '≤ +5 ms at p95', met: f.extraP95 <= 5 },
    },
    {
      ...common,
      measurement: 'fiscal receipts sent through the queue to the Webkassa simulator',
      figure: `${f.receiptsPerSecond} receipts/s (${f.receipts} sent)`,
      goal: null,
    },
  ];
}
