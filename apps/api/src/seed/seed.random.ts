/**
 * Small seeded pseudo-random generator for the demo seed: the same seed gives the same catalogue on
 * every machine and database (no Math.random, no clock).
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `p` (0..1). */
  chance(p: number): boolean;
  /** One element of a non-empty list. @throws Error on an empty list. */
  pick<T>(items: readonly T[]): T;
  /** `n` distinct elements of a list in random order (all of them when `n` ≥ length). */
  sample<T>(items: readonly T[], n: number): T[];
  /** A shuffled copy of a list (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * mulberry32: a 32-bit state generator, fast and good enough for demo data (not for secrets).
 * @param seed any 32-bit integer.
 */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample: (items, n) => shuffle(items).slice(0, Math.max(0, n)),
    shuffle,
  };
}

// The slug rule lives with the catalogue (colour and product slugs are made the same way); re-exported here.
export { slugify } from '#app/lib/slug.ts';
