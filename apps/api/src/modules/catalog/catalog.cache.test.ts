import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { cachedAnswer, cachedReply } from './catalog.cache.ts';

// The catalogue's answer cache (docs/decisions/008): answers kept per key and catalogue version; shoppers' answers
// (countless keys) only once asked twice (issue 14).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A computation that counts its calls and answers its call number. */
const counter = () => {
  let calls = 0;
  return { compute: async () => ++calls, calls: () => calls };
};

describe('answer cache', () => {
  it('keeps an answer at its first computation, until the catalogue version changes', async () => {
    const c = counter();
    expect(await cachedAnswer(t.db, 'test:answer', c.compute, 1)).toBe(1);
    expect(await cachedAnswer(t.db, 'test:answer', c.compute, 1)).toBe(1);
    expect(await cachedAnswer(t.db, 'test:answer', c.compute, 2)).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it("keeps a shopper's answer only when its key is asked a second time at the same version", async () => {
    const c = counter();
    expect(await cachedReply(t.db, 'test:reply', c.compute, 1)).toBe(1);
    expect(await cachedReply(t.db, 'test:reply', c.compute, 1)).toBe(2);
    expect(await cachedReply(t.db, 'test:reply', c.compute, 1)).toBe(2);
    expect(await cachedReply(t.db, 'test:reply', c.compute, 1)).toBe(2);
    // A new version starts again: asked once is not kept.
    expect(await cachedReply(t.db, 'test:reply', c.compute, 2)).toBe(3);
    expect(await cachedReply(t.db, 'test:reply', c.compute, 2)).toBe(4);
    expect(await cachedReply(t.db, 'test:reply', c.compute, 2)).toBe(4);
  });

  it('computes an answer once for concurrent callers', async () => {
    const c = counter();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cachedReply(t.db, 'test:concurrent', c.compute, 1)),
    );
    expect(answers).toEqual([1, 1, 1, 1, 1]);
  });
});
