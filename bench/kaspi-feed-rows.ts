// The Kaspi feed part's place in `npm run bench` (issue 33 Part B item 5): bench/kaspi-feed.ts run in a process of
// its own, its JSON read back and turned into the report's rows.
import { spawn } from 'node:child_process';
import os from 'node:os';
import type { KaspiFeedFigures } from './kaspi-feed.ts';
import type { FiscalRow } from './fiscal-rows.ts';

/** Runs `bench/kaspi-feed.ts` from `root` and returns its figures. @throws when it fails or prints no JSON. */
export async function runKaspiFeedBench(root: string): Promise<KaspiFeedFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/kaspi-feed.ts'], { cwd: root });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || !out.includes('{'))
    throw new Error(`kaspi feed bench exited with ${code}: ${out.slice(-500)}`);
  return JSON.parse(out.slice(out.indexOf('{'))) as KaspiFeedFigures;
}

/** The feed's build time and size, and fetches served from the kept copy per second. */
export function kaspiFeedRows(f: KaspiFeedFigures | null): FiscalRow[] {
  if (!f) return [];
  const common = {
    catalogue: `large, ${f.skus} SKUs`,
    database: 'SQLite' as const,
    loadAverage: os.loadavg()[0]!,
  };
  return [
    {
      ...common,
      measurement: 'Kaspi feed: full build at the first fetch (issue 33 B5)',
      figure: `${f.buildMs} ms, ${Math.round(f.bytes / 1024)} KB, ${f.offers} offers`,
      goal: null,
    },
    {
      ...common,
      measurement: 'Kaspi feed: fetches served from the kept copy',
      figure: `${f.cachedPerSecond} fetches/s`,
      goal: null,
    },
  ];
}
