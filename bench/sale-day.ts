// The sale-day figures in `npm run bench`'s report (issue 31 acceptance): runs the browser suite's sale-day test
// (apps/web/tests/e2e/sale-day.e2e.ts: nginx, two web and two worker processes on PostgreSQL, a bounded load with
// SIGKILLs) and reads the figures it writes. Needs nginx and PostgreSQL, like the test; without them, or when the
// test fails, the report says so instead of figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Terminal colour codes in the test's output. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The sale day's figures as `[measurement, figure]` pairs, or the reason there are none. */
export type SaleDayResult = { figures: [string, string][] } | { skipped: string };

/**
 * Runs the sale-day test once with the repository at `root` (its build is the bench's) and returns its figures.
 * Never throws: a failed run is `skipped` with the test's last lines.
 */
export async function runSaleDay(root: string): Promise<SaleDayResult> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-bench-sale-')), 'figures.json');
  const args = [
    'vitest',
    'run',
    '--config',
    'apps/web/tests/e2e/vitest.config.ts',
    'apps/web/tests/e2e/sale-day.e2e.ts',
  ];
  const child = spawn('npx', args, { cwd: root, env: { ...process.env, SALE_DAY_FIGURES: out } });
  let printed = '';
  child.stdout.on('data', (d: Buffer) => (printed = (printed + d.toString()).slice(-4000)));
  child.stderr.on('data', (d: Buffer) => (printed = (printed + d.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (!fs.existsSync(out)) {
    const tail = printed.replace(ANSI, '').trim().split('\n').slice(-3).join(' / ');
    return { skipped: `the sale-day test wrote no figures (exit ${code}): ${tail}` };
  }
  const figures = JSON.parse(fs.readFileSync(out, 'utf8')) as [string, string][];
  return code === 0 ? { figures } : { figures: [...figures, ['the test', `**failed** (exit ${code})`]] };
}

/** The report's section for the sale day: a table, or the reason it is missing. */
export function saleDayMarkdown(result: SaleDayResult): string {
  if ('skipped' in result) return `## Sale day\n\nNot measured: ${result.skipped}\n`;
  return [
    '## Sale day (nginx, 2 web + 2 worker on PostgreSQL, SIGKILLs; apps/web/tests/e2e/sale-day.e2e.ts)',
    '',
    '| measurement | figure |',
    '| --- | --- |',
    ...result.figures.map(([k, v]) => `| ${k} | ${v} |`),
    '',
  ].join('\n');
}
