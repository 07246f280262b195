import v8 from 'node:v8';

// How far V8 lets the old generation grow between full collections (issue 14, memory 3; docs/decisions/018).
// After each full collection V8 sets the next one's trigger at the live heap × a growing factor; with Node's default
// heap limit (a quarter of the machine's memory, up to 4 GB) that factor may reach 4. The shop's live heap is ≈ 75 MB
// and each request leaves garbage that survives its young-generation collections (50 requests in flight), so on the
// large catalogue under the bench's load the V8 heap peaked at 183–185 MB, mostly garbage (and the native memory of
// the buffers it still held), and RSS after the load ranged 268–450 MB between runs. A fixed factor of 1.3 (V8's own
// maximum for small heap limits): heap peak 125–133 MB, RSS peak 256–268 MB, at the cost of more frequent —
// incremental, mostly concurrent — full collections (main-thread GC pauses ≈ +0.03 ms per request).

/** The old generation's growing factor the shop runs with, as V8's percentage above 1 (factor 1.3). */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Sets V8's heap growing factor for this process (`--heap-growing-percent`, read at every full collection, so it
 * takes effect from the next one) unless the process was started with its own `--heap-growing-percent` (the
 * operator's choice wins). Called once at the start of the shop (boot.ts), before the catalogue model is loaded.
 * @returns the percentage now in force (from the command line or {@link HEAP_GROWING_PERCENT}).
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): number {
  const given = execArgv.map((a) => /^--heap[-_]growing[-_]percent=(\d+)$/.exec(a)?.[1]).find(Boolean);
  if (given) return Number(given);
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return HEAP_GROWING_PERCENT;
}
