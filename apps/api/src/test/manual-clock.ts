import type { Clock } from '#app/lib/clock.ts';

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(start = new Date('2026-01-15T09:00:00Z')): Clock & { advance(ms: number): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
