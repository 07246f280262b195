import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { anySent, recordSent } from './kaspi.feed.repository.ts';

// The record of SKUs ever sent in the Kaspi feed (decisions 054, 077) on a real database (SQLite, or PostgreSQL
// with DATABASE_URL): many ids in one statement, any characters, idempotent.

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('recordSent', () => {
  it('remembers every id once, whatever its characters, and keeps the first time', async () => {
    const odd = ['a,b', 'q"uote', 'back\\slash', '{brace}', 'Я-1', 'NULL', ' sp ', '😀'];
    const many = Array.from({ length: 6000 }, (_, i) => `S-${i}`);
    expect(await anySent(t.db)).toBe(false);
    await recordSent(t.db, [], '2026-11-29T00:00:00.000Z');
    expect(await anySent(t.db)).toBe(false);
    await recordSent(t.db, [...odd, ...many], '2026-11-29T00:00:00.000Z');
    await recordSent(t.db, [odd[0]!, odd[0]!, 'new'], '2026-11-29T01:00:00.000Z');
    const rows = await t.db.selectFrom('kaspi_feed_sent').select(['external_id', 'created_at']).execute();
    const by = new Map(rows.map((r) => [r.external_id, String(r.created_at)]));
    expect(by.size).toBe(odd.length + many.length + 1);
    for (const id of [...odd, ...many]) expect(by.has(id)).toBe(true);
    expect(by.get('a,b')).toContain('2026-11-29T00:00:00');
    expect(by.has('new')).toBe(true);
  });
});
