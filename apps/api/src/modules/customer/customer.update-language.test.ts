import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { call, nextMobile } from '#app/test/customer.fixtures.ts';
import { newCustomer } from '#app/test/cart.fixtures.ts';

// The storefront stores the shopper's language with the customer (issue 13): POST /api/customer/update {language}.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const languageOf = async (id: string) =>
  (await t.db.selectFrom('customer').select('language').where('id', '=', id).executeTakeFirstOrThrow())
    .language;

describe('POST /api/customer/update with language', () => {
  it('stores Kazakh and back Russian, other fields untouched', async () => {
    const c = await newCustomer(t.db, nextMobile());
    expect(await languageOf(c.id)).toBe('ru');
    const kk = await call(t, 'POST', '/api/customer/update', { token: c.token, body: { language: 'kk' } });
    expect(kk.status).toBe(200);
    expect(await languageOf(c.id)).toBe('kk');
    await call(t, 'POST', '/api/customer/update', { token: c.token, body: { name: 'Айгерим' } });
    expect(await languageOf(c.id)).toBe('kk');
    await call(t, 'POST', '/api/customer/update', { token: c.token, body: { language: 'ru' } });
    expect(await languageOf(c.id)).toBe('ru');
  });

  it('refuses another language with a field error and changes nothing', async () => {
    const c = await newCustomer(t.db, nextMobile());
    const res = await call(t, 'POST', '/api/customer/update', { token: c.token, body: { language: 'en' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toContain('language');
    expect(await languageOf(c.id)).toBe('ru');
  });
});
