// Where a load's slow answers fall in time (issue 35 item 3): the cold suggestions' p99 is made in their first
// seconds, while each text is answered for the first time, and then the answers come from the cached-answer lane.
// The bench reports the answers of the first seconds and those after apart, beside the goal's whole-run figures, so
// a reader sees which part misses the goal. Reported, never asserted (the goal stays the whole run's p99).

/** One answer: when its request went out (ms from the load's start) and how long it took (ms). */
export interface Timed {
  sentMs: number;
  latencyMs: number;
}

/** The answers on either side of the split: how many, their p99 (ms), and how many took over `overMs`. */
export interface SplitPart {
  answers: number;
  p99: number;
  over: number;
}

const p99Of = (xs: number[]) =>
  xs.length ? xs.sort((a, b) => a - b)[Math.floor(0.99 * (xs.length - 1))]! : NaN;

/**
 * `answers` split at `atMs` after the load's start (by when each request went out), each part's count, p99 and
 * answers slower than `overMs`.
 */
export function splitAt(
  answers: Timed[],
  atMs: number,
  overMs: number,
): { first: SplitPart; after: SplitPart } {
  const part = (xs: Timed[]): SplitPart => ({
    answers: xs.length,
    p99: p99Of(xs.map((a) => a.latencyMs)),
    over: xs.filter((a) => a.latencyMs > overMs).length,
  });
  return {
    first: part(answers.filter((a) => a.sentMs < atMs)),
    after: part(answers.filter((a) => a.sentMs >= atMs)),
  };
}

/** «first 2 s: 3,120 answers, p99 31 ms, 610 over 20 ms; after: 27,400, p99 12 ms, 4 over». */
export function splitText(
  split: { first: SplitPart; after: SplitPart },
  atMs: number,
  overMs: number,
): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const ms = (x: number) => (Number.isFinite(x) ? Math.round(x) : '—');
  const { first, after } = split;
  return (
    `first ${atMs / 1000} s: ${n(first.answers)} answers, p99 ${ms(first.p99)} ms, ${n(first.over)} over ${overMs} ms; ` +
    `after: ${n(after.answers)}, p99 ${ms(after.p99)} ms, ${n(after.over)} over`
  );
}
