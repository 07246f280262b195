import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryTreeNode, Product, ProductList } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { buildDemoCatalogue, demoKazakhTexts } from '#app/seed/seed.catalogue.ts';
import { DEMO_SEED_DATE } from '#app/seed/seed.ts';
import { saveCatalogueTexts, translateText } from './catalog.texts.ts';

// The catalogue in Kazakh (issue 13): texts keyed by their Russian text, put in place for `Accept-Language: kk`,
// Russian where a text has none; search by Kazakh words.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(t.app.config.mediaDir, { recursive: true, force: true });
});

async function get<T>(url: string, lang?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
  return { status: res.statusCode, data: (res.json() as { data: T }).data, res };
}

const KAZAKH = /[әғқңөұүһі]/i;

describe('demo seed Kazakh texts', () => {
  it('give every product name, category, colour, description and care sentence of the demo catalogue in Kazakh', () => {
    const rows = buildDemoCatalogue(DEMO_SEED_DATE);
    const kk = new Map(Object.entries(demoKazakhTexts(rows)));
    const missing = new Set<string>();
    const check = (text: string) => {
      for (const sentence of text.split(/(?<=[.!?])\s+/))
        if (!kk.has(sentence) && !kk.has(text)) missing.add(sentence);
    };
    for (const p of rows.product)
      [p.name, p.colour_name, p.description, p.care, p.composition].forEach(check);
    for (const c of rows.category) check(c.name);
    expect([...missing]).toEqual([]);
  });
});

describe('answers in the shopper’s language', () => {
  it('a product page in Kazakh: name, colour, category, description and care in Kazakh; brand and price unchanged', async () => {
    const { slug } = await t.db
      .selectFrom('product')
      .select('slug')
      .where('name', '=', 'Пуховик удлинённый')
      .where('colour_name', '=', 'чёрный')
      .executeTakeFirstOrThrow();
    const ru = await get<Product>(`/api/catalog/product/${slug}?cityId=1`);
    const kk = await get<Product>(`/api/catalog/product/${slug}?cityId=1`, 'kk');
    expect(kk.status).toBe(200);
    expect(kk.res.headers.vary).toMatch(/accept-language/i);
    expect(kk.data.name).toBe('Ұзартылған пуховик');
    expect(kk.data.category.name).toMatch(KAZAKH);
    expect(kk.data.description).toMatch(KAZAKH);
    expect(kk.data.care).toMatch(KAZAKH);
    expect(kk.data.colour.name).toBe('қара');
    expect(kk.data.brand.name).toBe(ru.data.brand.name);
    expect(kk.data.price).toBe(ru.data.price);
    // Russian is untouched without the header and with `ru`.
    expect((await get<Product>(`/api/catalog/product/${slug}?cityId=1`, 'ru')).data).toEqual(ru.data);
  });

  it('the category tree and the segment names in Kazakh', async () => {
    const { data } = await get<CategoryTreeNode[]>('/api/catalog/category-tree', 'kk');
    expect(data.map((n) => n.name)).toEqual(['Әйелдерге', 'Ерлерге']);
    expect(data[0]!.categories.map((c) => c.name)).toContain('Әйелдер джинсысы');
  });

  it('a text without a Kazakh translation falls back to Russian', async () => {
    await t.db.updateTable('product').set({ name: 'Кофта без перевода' }).where('id', '=', 1).execute();
    const slug = (
      await t.db.selectFrom('product').select('slug').where('id', '=', 1).executeTakeFirstOrThrow()
    ).slug;
    const kk = await get<Product>(`/api/catalog/product/${slug}?cityId=1`, 'kk');
    expect(kk.data.name).toBe('Кофта без перевода');
    // A new translation is used at once (the catalogue version moves with it).
    await saveCatalogueTexts(t.db, 'kk', { 'Кофта без перевода': 'Аудармасыз кофта' });
    expect((await get<Product>(`/api/catalog/product/${slug}?cityId=1`, 'kk')).data.name).toBe(
      'Аудармасыз кофта',
    );
  });
});

describe('search by Kazakh words', () => {
  it('finds products by Kazakh words of their name and category', async () => {
    const kk = await get<ProductList>(
      `/api/catalog/products?cityId=1&q=${encodeURIComponent('ұзартылған пуховик')}&pageSize=120`,
    );
    const expected = await t.db
      .selectFrom('product')
      .select('id')
      .where('name', '=', 'Пуховик удлинённый')
      .where('is_active', '=', 1)
      .execute();
    expect(kk.data.total).toBe(expected.length);
    expect(kk.data.items.every((p) => p.name === 'Пуховик удлинённый')).toBe(true);
    const jeans = await get<ProductList>(
      `/api/catalog/products?cityId=1&q=${encodeURIComponent('әйелдер джинсысы')}&pageSize=60`,
    );
    expect(jeans.data.total).toBeGreaterThan(0);
    expect(jeans.data.items.every((p) => /джинс/i.test(p.name))).toBe(true);
  });
});

describe('translateText', () => {
  it('translates whole, else sentence by sentence, keeping untranslated sentences', () => {
    const texts = new Map([
      ['Не стирать.', 'Жууға болмайды.'],
      ['Не гладить.', 'Үтіктеуге болмайды.'],
    ]);
    expect(translateText(texts, 'Не стирать. Не гладить.')).toBe('Жууға болмайды. Үтіктеуге болмайды.');
    expect(translateText(texts, 'Не стирать. Сушить.')).toBe('Жууға болмайды. Сушить.');
    expect(translateText(texts, 'Сушить.')).toBe('Сушить.');
  });
});
