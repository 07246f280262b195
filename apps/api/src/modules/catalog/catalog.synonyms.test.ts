import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { applyPendingSynonyms } from './catalog.synonyms.ts';

// Search synonyms staff edit (issue 35 item 3, decision 059) on a real database (SQLite, or PostgreSQL with
// DATABASE_URL): the seeded ones work on the demo catalogue, a created one finds products at once (the catalogue
// version, decision 018), a changed or deleted one stops finding them, refusals change nothing, and synonyms a
// migration wrote into an indexed catalogue reach its products at the next start.

let t: TestContext;
let cookie: string;
const base = '/api/admin/catalogue/search-synonyms';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** Ids of every product the storefront's search finds for `q`, in id order. */
async function found(q: string): Promise<number[]> {
  const res = await t.app.inject({ url: `/api/catalog/products?q=${encodeURIComponent(q)}&pageSize=120` });
  expect(res.statusCode, q).toBe(200);
  return (res.json().data as ProductList).items.map((p) => p.id).sort((a, b) => a - b);
}

describe('search synonyms', () => {
  it('lists the seeded synonyms, which find puffers by «куртка зимняя» on the demo catalogue', async () => {
    const list = await staffCall(t.app, cookie, 'GET', base);
    expect(list.status).toBe(200);
    expect(list.body.data.items).toContainEqual(
      expect.objectContaining({ phrases: ['пуховик', 'куртка зимняя'] }),
    );
    const puffers = await found('пуховик');
    expect(puffers.length).toBeGreaterThan(2);
    expect(await found('куртка зимняя')).toEqual(expect.arrayContaining(puffers));
    expect(await found('лонгслив')).toEqual(
      expect.arrayContaining(await found('футболка с длинным рукавом')),
    );
  });

  it('finds products by a new synonym at once, with typos, then stops when it is changed and deleted', async () => {
    const puffers = await found('пуховик');
    expect(await found('дутик')).toEqual([]);
    const created = await staffCall(t.app, cookie, 'POST', base, { phrases: ' дутик =  пуховик ' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data.phrases).toEqual(['дутик', 'пуховик']);
    expect(await found('дутик')).toEqual(puffers);
    expect(await found('дутики')).toEqual(puffers);
    expect(await auditOf(t.db, 'catalogue.search_synonym_created')).toContainEqual(
      expect.objectContaining({ entity_id: String(id), before: null }),
    );

    const jackets = await found('куртка демисезонная');
    expect(jackets.length).toBeGreaterThan(0);
    const changed = await staffCall(t.app, cookie, 'PUT', `${base}/${id}`, {
      phrases: ['дутик', 'куртка демисезонная'],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await found('дутик')).toEqual(jackets);
    expect(await auditOf(t.db, 'catalogue.search_synonym_updated')).toHaveLength(1);

    expect((await staffCall(t.app, cookie, 'DELETE', `${base}/${id}`)).status).toBe(200);
    expect(await found('дутик')).toEqual([]);
    expect(await found('пуховик')).toEqual(puffers);
    expect(await auditOf(t.db, 'catalogue.search_synonym_deleted')).toHaveLength(1);
  });

  it('refuses bad phrases, unknown ids and members without catalogue.edit, changing nothing', async () => {
    const before = (await staffCall(t.app, cookie, 'GET', base)).body.data.items;
    for (const phrases of ['пуховик', 'пуховик = Пуховик', '!!! = ???', 'а = ' + 'б'.repeat(61), '', 7]) {
      const res = await staffCall(t.app, cookie, 'POST', base, { phrases });
      expect(res.status, String(phrases)).toBe(400);
      expect(JSON.stringify(res.body), String(phrases)).toContain('phrases');
    }
    const extra = await staffCall(t.app, cookie, 'POST', base, { phrases: 'шорты = бермуды', id: 3 });
    expect(extra.status).toBe(400);
    expect(
      (await staffCall(t.app, cookie, 'PUT', `${base}/99999`, { phrases: 'шорты = бермуды' })).status,
    ).toBe(404);
    expect((await staffCall(t.app, cookie, 'DELETE', `${base}/99999`)).status).toBe(404);
    const warehouse = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
    expect((await staffCall(t.app, warehouse, 'POST', base, { phrases: 'дутик = пуховик' })).status).toBe(
      403,
    );
    expect((await staffCall(t.app, cookie, 'GET', base)).body.data.items).toEqual(before);
  });

  it('applies synonyms a migration wrote into an indexed catalogue at the next start, once', async () => {
    expect(await found('мезон')).toEqual([]);
    const now = new Date().toISOString();
    await t.db
      .insertInto('search_synonym')
      .values({ id: 900, phrases: '["мезон", "Maison Clair"]', indexed: 0, created_at: now, updated_at: now })
      .execute();
    const reached = await applyPendingSynonyms(t.db);
    expect(reached).toBeGreaterThan(0);
    const maison = await found('Maison Clair');
    expect(await found('мезон')).toEqual(maison);
    expect(await applyPendingSynonyms(t.db)).toBe(0);
  });
});
