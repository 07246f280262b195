import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Suggestions, type ProductList } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { sellOutInCity } from '#app/test/catalog.fixtures.ts';
import { countQueries } from '#app/test/inject.ts';
import { catalogModel, suggestJson } from './read/index.ts';
import { resolveQuery } from './search.rules.ts';

// Search suggestions while typing (issue 35 item 3, docs/decisions/056): `GET /api/catalog/suggest` reads the text
// as the catalogue search does and answers from the read model.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(t.app.config.mediaDir, { recursive: true, force: true });
});

const KAZAKH = /[әғқңөұүһі]/i;

async function suggest(q: string, extra = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/catalog/suggest?q=${encodeURIComponent(q)}${extra}`,
    headers,
  });
  const body = res.json() as { data: Suggestions; code?: number };
  // Every answer is what the contract says (the route builds it typed, without parsing it: decision 072).
  if (res.statusCode === 200) expect(Suggestions.strict().parse(body.data)).toEqual(body.data);
  return { status: res.statusCode, body };
}

/** Ids of the search page's results for `q` (cityId 1), all of them. */
async function searched(q: string): Promise<number[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/catalog/products?cityId=1&pageSize=120&q=${encodeURIComponent(q)}`,
  });
  return (res.json() as { data: ProductList }).data.items.map((p) => p.id);
}

describe('GET /api/catalog/suggest (issue 35 item 3)', () => {
  it('suggests jeans for «dzhinsy» and «dzhin» with price, picture and stock, and the jeans categories', async () => {
    for (const q of ['dzhinsy', 'dzhin', 'джинсы']) {
      const { status, body } = await suggest(q);
      expect(status, q).toBe(200);
      const { products, categories } = body.data;
      expect(products.length, q).toBe(6);
      const found = new Set(await searched('джинсы'));
      for (const p of products) {
        expect(found.has(p.id), `${q}: ${p.name}`).toBe(true);
        expect(p.price).toBeGreaterThan(0);
        expect(Number.isInteger(p.price)).toBe(true);
        expect(p.image?.src).toMatch(/^\/media\/products\//);
        expect(p.slug).toBeTruthy();
      }
      expect(categories.map((c) => c.slug).sort(), q).toEqual(['muzhskie-dzhinsy', 'zhenskie-dzhinsy']);
    }
  });

  it('reads «пух» as the beginning of «пуховик» and offers the down jackets', async () => {
    const { body } = await suggest('пух');
    expect(body.data.products.length).toBeGreaterThan(0);
    for (const p of body.data.products) expect(p.name.toLowerCase()).toContain('пух');
  });

  it('finds a brand typed in Latin or in Cyrillic, a typo included', async () => {
    for (const q of ['dala', 'дала', 'Dala Denin', 'номад']) {
      const { body } = await suggest(q);
      const brand = q === 'номад' ? 'Nomad Wear' : 'Dala Denim';
      expect(
        body.data.brands.map((b) => b.name),
        q,
      ).toEqual([brand]);
      expect(body.data.products.length, q).toBeGreaterThan(0);
      for (const p of body.data.products) expect(p.brandName, q).toBe(brand);
    }
  });

  it('suggests a category by its name and ranks products in stock in the city first', async () => {
    const { body } = await suggest('брюки');
    expect(body.data.categories.map((c) => c.slug).sort()).toEqual(['muzhskie-bryuki', 'zhenskie-bryuki']);
    const first = body.data.products[0]!;
    expect(first.inStock).toBe(true);
    // Sold out in the city, the same product falls behind those of the same relevance still in stock.
    await sellOutInCity(t.db, first.id, 1);
    const after = (await suggest('брюки')).body.data.products;
    const moved = after.findIndex((p) => p.id === first.id);
    expect(moved === -1 || after.slice(0, moved).every((p) => p.inStock)).toBe(true);
    expect(after[0]!.id).not.toBe(first.id);
  });

  it('puts a product sold out in every city after every product still on sale (decision 062)', async () => {
    const before = (await suggest('пуховик')).body.data.products;
    expect(before.length).toBeGreaterThan(1);
    const top = before[0]!.id;
    for (const c of await t.db.selectFrom('city').select('id').execute())
      await sellOutInCity(t.db, top, c.id);
    const after = (await suggest('пуховик')).body.data.products.map((p) => p.id);
    expect(after[0]).not.toBe(top);
    // Gone from the six, or the last of them.
    expect(after.indexOf(top) === -1 || after.indexOf(top) === after.length - 1).toBe(true);
  });

  it('answers Kazakh queries with Kazakh names (lang=kk or Accept-Language: kk)', async () => {
    for (const [extra, headers] of [
      ['&lang=kk', {}],
      ['', { 'accept-language': 'kk' }],
    ] as const) {
      const { status, body } = await suggest('әйелдер джинсысы', extra, headers);
      expect(status).toBe(200);
      expect(body.data.categories.map((c) => c.name)).toEqual(['Әйелдер джинсысы']);
      expect(body.data.products.length).toBeGreaterThan(0);
      expect(body.data.products.some((p) => KAZAKH.test(p.name))).toBe(true);
    }
    // lang=ru keeps Russian names whatever the header says.
    const ru = await suggest('джинсы', '&lang=ru', { 'accept-language': 'kk' });
    expect(ru.body.data.categories.map((c) => c.name).sort()).toEqual(['Женские джинсы', 'Мужские джинсы']);
  });

  it('answers nothing for a text the catalogue has no word for', async () => {
    const { status, body } = await suggest('qqqzzzxxx');
    expect(status).toBe(200);
    expect(body.data).toEqual({ products: [], categories: [], brands: [] });
  });

  it('refuses an empty, blank or oversized text, a bad language and an unknown city', async () => {
    for (const url of [
      '/api/catalog/suggest',
      '/api/catalog/suggest?q=',
      '/api/catalog/suggest?q=%20%20',
      `/api/catalog/suggest?q=${'я'.repeat(101)}`,
      '/api/catalog/suggest?q=abc&lang=en',
      '/api/catalog/suggest?q=abc&cityId=x',
      '/api/catalog/suggest?q=abc&other=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe(ErrorCode.validation);
    }
    const unknown = await suggest('джинсы', '&cityId=999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(ErrorCode.cityNotFound);
    expect((await suggest('я'.repeat(100))).status).toBe(200);
  });

  it('ranks as a full sort of every hit would, for every beginning of many texts in every city (decision 072)', async () => {
    const m = await catalogModel(t.db);
    const cities = await t.db.selectFrom('city').select(['id', 'visible_for_customers']).execute();
    const texts = [
      'джинсы',
      'пуховик',
      'куртка женская',
      'платье белое',
      'dzhinsy',
      'dala',
      'брюки чёрные',
      'әйелдер',
    ];
    let compared = 0;
    for (const text of texts)
      for (let k = 2; k <= text.length; k++) {
        const q = text.slice(0, k);
        const groups = resolveQuery(q, m.vocabulary);
        const terms = [...new Set(groups.flat())];
        for (const city of cities) {
          const units = city.visible_for_customers === 1 ? m.regional.get(city.id) : undefined;
          // Every product with a term of every group, sorted whole: sold out last, score, stock in the city, id.
          const hits = m.rows
            .map((row, i) => ({ id: row.id, i }))
            .filter(({ i }) => groups.length > 0 && groups.every((g) => g.some((term) => has(term, i))))
            .map(({ id, i }) => {
              const score = terms.reduce((sum, term) => sum + weight(term, i), 0);
              const inCity = (units?.[i] ?? 0) > 0;
              return { id, score, rank: inCity ? 0 : m.global[i]! > 0 ? 1 : 2 };
            })
            .sort(
              (a, b) =>
                +(a.rank === 2) - +(b.rank === 2) || b.score - a.score || a.rank - b.rank || a.id - b.id,
            );
          const { body } = await suggest(q, `&cityId=${city.id}`);
          expect(
            body.data.products.map((p) => p.id),
            `${q} in ${city.id}`,
          ).toEqual(hits.slice(0, 6).map((h) => h.id));
          compared += hits.length > 0 ? 1 : 0;
        }
      }
    expect(compared).toBeGreaterThan(100);

    function weight(term: string, i: number) {
      const list = m.terms.get(term);
      const k = list ? list.positions.indexOf(i) : -1;
      return k === -1 ? 0 : list!.weights[k]!;
    }
    function has(term: string, i: number) {
      return weight(term, i) > 0;
    }
  });

  it('is cached: a repeated text costs at most the catalogue version read, case and spaces aside', async () => {
    const counted = countQueries(t.db);
    await suggestJson(counted.db, 'Куртка  зимняя', 1);
    const second = await suggestJson(counted.db, 'куртка зимняя', 1);
    counted.take();
    const third = await suggestJson(counted.db, ' КУРТКА ЗИМНЯЯ ', 1);
    expect(counted.take()).toBeLessThanOrEqual(1);
    expect(third).toBe(second);
  });
});
