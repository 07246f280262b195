// Where a page's Total Blocking Time comes from (issue 14, goal 1; decision 018 amendment «pages, Intl»): loads one
// page of a running shop in Debian's Chromium at Lighthouse's mobile size (412 × 823, DPR 1.75), with a fresh
// profile each load, records the main thread (tracing with the V8 sampling profiler) from the navigation until the
// page has surely hydrated (5 s after its load event; `<html data-hydrated>` is checked after), and prints
//   - every main-thread task of at least PAGE_TRACE_MIN_MS (10) ms as observed: when it started, how long it took,
//     the time of its parts by trace event (parsing, style, layout, paint, module evaluation, microtasks, GC) and the
//     JavaScript functions most often on the stack in it (inclusive, % of its samples; names as built — build the
//     storefront with `npx react-router build --minify false` in apps/web for readable ones);
//   - per load, the sum over tasks after the first contentful paint of max(0, 4 × duration − 50 ms): Lighthouse's
//     simulated TBT counts the observed tasks slowed down 4×, so a task longer than 12.5 ms here blocks there; the
//     same of the tasks' thread time (on this machine a task's wall time is 3–5× its thread time while the page
//     loads: the renderer's workers, the browser and the GPU process share the two cores), their thread time in
//     all, and the thread time spent compiling JavaScript on the main thread and on the renderer's other threads.
// Lighthouse's own figures (`npm run bench`) move by ±40 % between runs on this machine; the tasks and their
// functions say which work to remove, and the same task measured before and after a change says by how much.
//   node --import tsx bench/page-trace.ts <page URL> [more URLs…]   (e.g. http://127.0.0.1:3000/category/zhenskie-dzhinsy)
//   PAGE_TRACE_RUNS loads per URL, alternating between the URLs (1; with more, only the per-load sums are printed
//   after the first), PAGE_TRACE_MIN_MS, CHROMIUM_PATH (/usr/bin/chromium).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../apps/web/tests/e2e/chromium.ts';

const urls = process.argv.slice(2);
if (!urls.length) {
  console.error('usage: node --import tsx bench/page-trace.ts <page URL> [more URLs…]');
  process.exit(2);
}
const RUNS = Number(process.env.PAGE_TRACE_RUNS ?? 1);
const MIN_MS = Number(process.env.PAGE_TRACE_MIN_MS ?? 10);
/** How long a load is recorded after the page's load event (ms). */
const HYDRATED_BY_MS = 5000;
const traceFile = path.join(os.tmpdir(), `kiim-page-trace-${process.pid}.json`);

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time (µs): what the task ran on the CPU, without the time the thread waited for it. */
  tdur?: number;
  args?: {
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    };
  };
};
type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url?: string } };

/** The trace's parts counted per task: what the browser did in it besides JavaScript. */
const PARTS =
  /^(ParseHTML|UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|v8\.evaluateModule|EvaluateScript|FunctionCall|TimerFire|RunMicrotasks|EventDispatch|MinorGC|MajorGC)$/;

/** One load of `url`: its main thread's events and the CPU samples (time, stack leaf) of its renderer. */
async function record(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      path: traceFile,
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'v8.execute',
        'v8',
        'disabled-by-default-v8.compile',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(url);
    // No polling for the mark while recording (Playwright's polling runs on the page's main thread): the scripts
    // start at the latest 3 s after the page began to load (lib/deferred-scripts.tsx); then a second more.
    await page.waitForTimeout(HYDRATED_BY_MS);
    await browser.stopTracing();
    const hydrated = await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));
    if (!hydrated) throw new Error(`${url} had not hydrated ${HYDRATED_BY_MS} ms after its load`);
  } finally {
    await context.close();
  }
  const events = (JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] })
    .traceEvents;
  fs.rmSync(traceFile, { force: true });
  // The page's main thread: where its first contentful paint was recorded.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
  const main = events
    .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts);
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === fcp.pid)?.ts ?? main[0]!.ts;
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  let t = 0;
  for (const e of events
    .filter((e) => e.pid === fcp.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'))
    .sort((a, b) => a.ts - b.ts)) {
    const data = e.args?.data;
    if (e.name === 'Profile') {
      t = data?.startTime ?? t;
      continue;
    }
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data?.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      t += data?.timeDeltas?.[i] ?? 0;
      samples.push([t, id]);
    });
  }
  // JavaScript compiled on the page's main thread (functions compiled when first called) and on the renderer's
  // other threads (scripts streamed in; with V8's compile hint, every function of the file), thread time in ms.
  const compileMs = (onMain: boolean) =>
    events
      .filter(
        (e) =>
          e.ph === 'X' &&
          e.pid === fcp.pid &&
          (e.tid === fcp.tid) === onMain &&
          (onMain
            ? /^(V8\.CompileLazy|V8\.CompileCode|v8\.compile)$/.test(e.name)
            : /^(v8\.parseOnBackground|V8\.CompileCodeBackground)$/.test(e.name)),
      )
      .reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0) / 1000, 0);
  return { main, fcp: fcp.ts, start, nodes, samples, compile: [compileMs(true), compileMs(false)] };
}

/** The JavaScript functions most often on the stack between `from` and `to` (µs), as «name file: %». */
function topFunctions(
  { nodes, samples }: Awaited<ReturnType<typeof record>>,
  from: number,
  to: number,
): string {
  const inclusive = new Map<string, number>();
  let n = 0;
  for (const [ts, id] of samples) {
    if (ts < from || ts > to) continue;
    n++;
    const seen = new Set<string>();
    for (let node = nodes.get(id); node; node = node.parent ? nodes.get(node.parent) : undefined) {
      const { functionName, url } = node.callFrame;
      if (/^\((root|program|idle)\)$/.test(functionName)) continue;
      const key =
        `${functionName || '(anonymous)'} ${(url ?? '').split('/').pop()?.split('?')[0] ?? ''}`.trim();
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
      seen.add(key);
    }
  }
  return [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, c]) => `${k}: ${Math.round((100 * c) / n)} %`)
    .join(' | ');
}

const browser = await launchBrowser();
/** Per load: blocking at 4× of wall time, of thread time, thread time, compile on the main thread, elsewhere. */
type Sums = [number, number, number, number, number];
const sums = new Map<string, Sums[]>(urls.map((u) => [u, []]));
try {
  for (let run = 0; run < RUNS; run++)
    for (const url of urls) {
      const rec = await record(browser, url);
      const tasks = rec.main.filter((e) => e.name === 'RunTask');
      const after = tasks.filter((e) => e.ts >= rec.fcp);
      const blocking = after.reduce((sum, e) => sum + Math.max(0, (4 * e.dur!) / 1000 - 50), 0);
      // The same of thread time: a task's CPU time does not grow when another process takes the core meanwhile.
      const blockingCpu = after.reduce(
        (sum, e) => sum + Math.max(0, (4 * (e.tdur ?? e.dur!)) / 1000 - 50),
        0,
      );
      const cpu = after.reduce((sum, e) => sum + (e.tdur ?? e.dur!) / 1000, 0);
      sums.get(url)!.push([blocking, blockingCpu, cpu, ...rec.compile] as Sums);
      if (run > 0) continue;
      console.log(`\n${url}: first contentful paint at ${Math.round((rec.fcp - rec.start) / 1000)} ms`);
      for (const task of tasks) {
        if (task.dur! < MIN_MS * 1000) continue;
        const end = task.ts + task.dur!;
        const parts = new Map<string, number>();
        for (const e of rec.main)
          if (e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && PARTS.test(e.name))
            parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur! / 1000);
        console.log(
          `  at ${Math.round((task.ts - rec.start) / 1000)} ms, ${(task.dur! / 1000).toFixed(1)} ms` +
            ` [${[...parts].map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}]`,
        );
        const js = topFunctions(rec, task.ts, end);
        if (js) console.log(`      ${js}`);
      }
    }
} finally {
  await browser.close();
}
console.log(
  "\nPer load (ms): after the first contentful paint, blocking at 4× of the tasks' wall time | of their thread time" +
    " | thread time in all; in the whole load, JavaScript compiled on the main thread | on the renderer's others",
);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
for (const [url, s] of sums)
  console.log(
    `  ${url}: ${s.map((v) => v.map(Math.round).join(' | ')).join(', ')}; median ${[0, 1, 2, 3, 4]
      .map((i) => Math.round(median(s.map((v) => v[i]!))))
      .join(' | ')}`,
  );
