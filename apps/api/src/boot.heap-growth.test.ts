import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from './boot.heap-growth.ts';

const moduleUrl = new URL('./boot.heap-growth.ts', import.meta.url).href;

interface Run {
  /** The largest V8 heap seen (heapTotal), MB. */
  peak: number;
  /** What limitHeapGrowth returned (null: not called). */
  percent: number | null;
}

/**
 * Runs, in a Node process of its own, a workload shaped like the shop's under load — ≈ 30 MB kept, and a stream of
 * small objects each of which survives a few young-generation collections before it becomes garbage in the old
 * generation — with or without {@link limitHeapGrowth} first (`execArgv`: the process's own Node options).
 */
function churn(limited: boolean, execArgv: string[] = []): Run {
  const script = `
    const { limitHeapGrowth } = await import(${JSON.stringify(moduleUrl)});
    const percent = ${limited} ? limitHeapGrowth() : null;
    const kept = [];
    for (let i = 0; i < 300_000; i++) kept.push({ i, s: 'x'.repeat(100) + i });
    const recent = new Array(50_000);
    let peak = 0;
    for (let k = 0; k < 1_200_000; k++) {
      recent[k % recent.length] = { k, s: 'y'.repeat(200) + k, a: [k, k + 1] };
      if ((k & 4095) === 0) peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    console.log(JSON.stringify({ peak: Math.round(peak / 1048576), percent, kept: kept.length }));
  `;
  const run = spawnSync(
    process.execPath,
    [...execArgv, '--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('.', import.meta.url)),
    },
  );
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as Run;
}

describe('limitHeapGrowth', () => {
  let free: Run;
  let limited: Run;
  beforeAll(() => {
    free = churn(false);
    limited = churn(true);
  }, 120_000);

  it('keeps the old generation near what is live instead of letting it grow up to four times that', () => {
    expect(free.percent).toBeNull();
    expect(limited.percent).toBe(HEAP_GROWING_PERCENT);
    // Measured (Node 20, six runs): 313–318 MB without, 120–136 MB with.
    expect(limited.peak).toBeLessThan(free.peak * 0.6);
  });

  it('leaves a growing factor given on the command line as it is', () => {
    expect(limitHeapGrowth(['--max-old-space-size=512', '--heap-growing-percent=50'])).toBe(50);
    expect(limitHeapGrowth(['--heap_growing_percent=0'])).toBe(0);
    // Started with V8's own (adaptive, up to 4) factor: the heap grows as far as without the call.
    const given = churn(true, ['--heap-growing-percent=0']);
    expect(given.percent).toBe(0);
    expect(given.peak).toBeGreaterThan(limited.peak / 0.6);
  }, 120_000);
});
