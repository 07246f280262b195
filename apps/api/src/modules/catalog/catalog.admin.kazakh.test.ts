import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// The product's Kazakh texts in the back office (issue 13) on a real database (SQLite, or PostgreSQL with
// DATABASE_URL): read from `catalogue_text` by the product's Russian texts, written in the product's transaction,
// shown by the storefront in Kazakh at once (the catalogue version moves), kept under a changed Russian text,
// audited; bad input → 400 changing nothing; other roles → 403.

let t: TestContext;
let cookie: string;
let almaty: number;
let product: AdminProduct;
const base = '/api/admin/catalogue/products';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  almaty = (await t.db.selectFrom('city').select('id').where('name', '=', 'Алматы').executeTakeFirstOrThrow())
    .id;
  const { id } = await t.db
    .selectFrom('product')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  product = (await staffCall(t.app, cookie, 'GET', `${base}/${id}`)).body.data;
});
afterAll(async () => {
  await t?.close();
});

/** The product's form as it is, with `over` changed. */
const form = (over: Record<string, unknown> = {}) => ({
  name: product.name,
  slug: product.slug,
  description: product.description,
  categoryId: product.categoryId,
  brandId: product.brandId,
  colourName: product.colourName,
  colourHex: product.colourHex,
  composition: product.composition,
  care: product.care,
  price: product.price,
  originalPrice: product.originalPrice,
  skus: product.skus.map((s) => ({ id: s.id, size: s.size, externalId: s.externalId })),
  ...over,
});

const kk = {
  name: 'Сынақ көйлегі',
  description: 'Жеңіл әрі жұмсақ көйлек. Күнделікті киюге ыңғайлы.',
  colourName: 'Көкшіл сұр',
  composition: 'Мақта 100%',
  care: '30 °C-та жуу',
};

/** The storefront's product page in a language (`kk` sends Accept-Language: kk, as the storefront does). */
const shopPage = async (slug: string, lang: 'ru' | 'kk') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/catalog/product/${slug}?cityId=${almaty}`,
      headers: lang === 'kk' ? { 'accept-language': 'kk' } : {},
    })
  ).json().data;

const textRow = (source: string) =>
  t.db
    .selectFrom('catalogue_text')
    .select('text')
    .where('lang', '=', 'kk')
    .where('source', '=', source)
    .executeTakeFirst();

describe('a product’s Kazakh texts from the back office to the shop', () => {
  it('reads the Kazakh texts the demo catalogue has for the product’s Russian ones', () => {
    expect(product.kk.name).not.toBe('');
    expect(product.kk.name).not.toBe(product.name);
  });

  it('saves the Kazakh texts in the product’s save; the Kazakh storefront shows them at once, the Russian is untouched', async () => {
    const ruBefore = await shopPage(product.slug, 'ru');
    const kkBefore = await shopPage(product.slug, 'kk'); // cached before the change
    expect(kkBefore.name).toBe(product.kk.name);
    const r = await staffCall(t.app, cookie, 'PUT', `${base}/${product.id}`, form({ kk }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.kk).toEqual(kk);
    const shown = await shopPage(product.slug, 'kk');
    expect(shown).toMatchObject({
      name: kk.name,
      colour: { name: kk.colourName },
      description: kk.description,
      composition: kk.composition,
      care: kk.care,
    });
    expect(await shopPage(product.slug, 'ru')).toEqual(ruBefore);
    expect(await textRow(product.name)).toEqual({ text: kk.name });
    const entry = (await auditOf(t.db, 'catalogue.product_updated')).at(-1)!;
    expect(entry.entity_id).toBe(String(product.id));
    expect(entry.before.kk.name).toBe(product.kk.name);
    expect(entry.after.kk).toEqual(kk);
  });

  it('keeps the Kazakh name under the new Russian name when the Russian one changes', async () => {
    const name = `${product.name} (новая коллекция)`;
    const r = await staffCall(t.app, cookie, 'PUT', `${base}/${product.id}`, form({ name, kk }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ name, kk: { name: kk.name } });
    expect(await textRow(name)).toEqual({ text: kk.name });
    expect((await shopPage(product.slug, 'kk')).name).toBe(kk.name);
    expect((await shopPage(product.slug, 'ru')).name).toBe(name);
    product = r.body.data;
  });

  it('shows the Russian text in Kazakh for a field the member cleared, and a form without Kazakh texts changes none', async () => {
    const r = await staffCall(
      t.app,
      cookie,
      'PUT',
      `${base}/${product.id}`,
      form({ kk: { ...kk, name: '', description: '' } }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.kk).toEqual({ ...kk, name: '', description: '' });
    const page = await shopPage(product.slug, 'kk');
    expect(page).toMatchObject({ name: product.name, description: product.description, care: kk.care });
    const without = await staffCall(t.app, cookie, 'PUT', `${base}/${product.id}`, form());
    expect(without.status).toBe(200);
    expect(without.body.data.kk).toEqual({ ...kk, name: '', description: '' });
    const again = await staffCall(t.app, cookie, 'PUT', `${base}/${product.id}`, form({ kk }));
    expect(again.body.data.kk).toEqual(kk);
    expect((await shopPage(product.slug, 'kk')).name).toBe(kk.name);
  });

  it('refuses too long or unknown Kazakh fields with field errors, changing nothing', async () => {
    const before = await textRow(product.name);
    const long = await staffCall(
      t.app,
      cookie,
      'PUT',
      `${base}/${product.id}`,
      form({ kk: { ...kk, name: 'ә'.repeat(201) } }),
    );
    expect(long.status).toBe(400);
    expect(long.body.errors['kk.name']).toEqual(['Не длиннее 200 символов']);
    const unknown = await staffCall(
      t.app,
      cookie,
      'PUT',
      `${base}/${product.id}`,
      form({ kk: { ...kk, title: 'Артық' } }),
    );
    expect(unknown.status).toBe(400);
    expect(await textRow(product.name)).toEqual(before);
  });

  it('writes the Kazakh texts of a new product with it', async () => {
    const r = await staffCall(
      t.app,
      cookie,
      'POST',
      base,
      form({
        name: 'Льняной жакет песочный',
        slug: 'lnyanoy-zhaket-pesochnyy',
        skus: [{ size: 'M', externalId: 'KK-LINEN-JACKET-M' }],
        kk: { ...kk, name: 'Зығыр жакет, құм түсті' },
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.kk.name).toBe('Зығыр жакет, құм түсті');
    expect(await textRow('Льняной жакет песочный')).toEqual({ text: 'Зығыр жакет, құм түсті' });
  });

  it('is closed to the manager and the warehouse', async () => {
    for (const role of ['manager', 'warehouse'] as const) {
      const member = (await signedInMember(t.app, t.db, role)).cookie;
      const r = await staffCall(t.app, member, 'PUT', `${base}/${product.id}`, form({ kk }));
      expect(r.status, role).toBe(403);
    }
  });
});
