import { describe, expect, it } from 'vitest';
import { splitAt, splitText } from './latency-split.ts';

// The cold suggestions' report: answers of the load's first seconds and those after, apart (issue 35 item 3).

describe('splitAt', () => {
  it('splits by when each request went out and counts each side on its own', () => {
    const answers = [
      ...Array.from({ length: 100 }, (_, i) => ({ sentMs: i * 10, latencyMs: i < 50 ? 30 : 5 })),
      ...Array.from({ length: 300 }, (_, i) => ({ sentMs: 2_000 + i, latencyMs: i === 0 ? 25 : 4 })),
    ];
    const split = splitAt(answers, 2_000, 20);
    expect(split.first).toEqual({ answers: 100, p99: 30, over: 50 });
    expect(split.after).toEqual({ answers: 300, p99: 4, over: 1 });
    expect(splitText(split, 2_000, 20)).toBe(
      'first 2 s: 100 answers, p99 30 ms, 50 over 20 ms; after: 300, p99 4 ms, 1 over',
    );
  });

  it('says «—» for a side without answers', () => {
    const split = splitAt([{ sentMs: 10, latencyMs: 3 }], 2_000, 20);
    expect(split.after).toEqual({ answers: 0, p99: NaN, over: 0 });
    expect(splitText(split, 2_000, 20)).toContain('after: 0, p99 — ms, 0 over');
  });
});
