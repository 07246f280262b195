// The Kaspi feed part's place in `npm run bench` (issue 33 Part B item 5): bench/kaspi-feed.ts run in a process of
// its own, its JSON read back and turned into the report's rows.
import { spawn } from 'node:child_process';
import os from 'node:os';
import type { KaspiFeedFigures } from './kaspi-feed.ts';
import type { FiscalRow } from './fiscal-rows.ts';

/** Runs `bench/kaspi-feed.ts` from `root` and returns its figures. @throws when it fails or prints no JSON. */
export async function runKaspiFeedBench(root: string): Promise<KaspiFeedFigures> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/kaspi-feed.ts'], {
    cwd: root,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || !out.includes('{'))
    throw new Error(`kaspi feed bench exited with ${code}: ${out.slice(-500)}`);
  return JSON.parse(out.slice(out.indexOf('{'))) as KaspiFeedFigures;
}

/** The feed's build (time, peak RSS growth, size; goals of issue 33: ≤ 5 s, ≤ 100 MB) and serving its file. */
export function kaspiFeedRows(f: KaspiFeedFigures | null): FiscalRow[] {
  if (!f) return [];
  const common = {
    catalogue: `large, ${f.skus} SKUs`,
    database: 'SQLite' as const,
    loadAverage: os.loadavg()[0]!,
  };
  const s = f.serve;
  const ratio = f.revalidate.requestsPerSecond / f.revalidate.floorRequestsPerSecond;
  return [
    {
      ...common,
      measurement: 'Kaspi feed: full build into its file at the first fetch (issue 33 B5)',
      figure: `${f.buildSeconds} s (CPU ${f.buildCpuSeconds} s), peak RSS +${f.peakRssGrowthMb} MB, ${(f.bytes / 1024 / 1024).toFixed(1)} MB file, ${f.offers} offers`,
      goal: { text: '≤ 5 s, ≤ 100 MB extra', met: f.buildSeconds <= 5 && f.peakRssGrowthMb <= 100 },
    },
    {
      ...common,
      measurement: `Kaspi feed: the built file served, ${s.connections} connections`,
      figure: `${s.requestsPerSecond} req/s, p50 ${s.p50} / p99 ${s.p99} ms, ${s.megabytesPerSecond} MB/s${s.non2xx || s.errors ? `, ${s.non2xx} non-2xx, ${s.errors} errors` : ''}`,
      goal: null,
    },
    {
      ...common,
      measurement: `Kaspi feed: served from its cache to a fetcher holding it (If-None-Match → 304), ${f.revalidate.connections} connections`,
      figure: `${f.revalidate.requestsPerSecond} req/s = ${ratio.toFixed(3)} × this part's floor (${f.revalidate.floorRequestsPerSecond} req/s, in process), p99 ${f.revalidate.p99} ms${f.revalidate.not304 ? `, ${f.revalidate.not304} not 304` : ''}`,
      goal: { text: '≥ 0.2 × floor', met: ratio >= 0.2 && f.revalidate.not304 === 0 },
    },
  ];
}
