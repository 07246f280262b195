import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newId } from '#app/lib/ids.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { nextMobile } from '#app/test/customer.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const now = new Date().toISOString();
const insert = (language?: string) =>
  sql`insert into customer (id, mobile, created_at, updated_at${language ? sql`, language` : sql``})
      values (${newId()}, ${nextMobile()}, ${now}, ${now}${language ? sql`, ${language}` : sql``})
      returning language`.execute(t.db);

describe('customer.language (migration 20261212T090000)', () => {
  it('is Russian for a customer written without it', async () => {
    const { rows } = await insert();
    expect(rows).toEqual([{ language: 'ru' }]);
  });

  it('keeps Kazakh and refuses any other language', async () => {
    expect((await insert('kk')).rows).toEqual([{ language: 'kk' }]);
    await expect(insert('en')).rejects.toThrow();
  });
});

describe('POST /api/customer/update: email and language (issue 13)', () => {
  const update = async (token: string, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer/update',
      headers: { 'x-authorization': token },
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('changes the language and the email, and answers them', async () => {
    const c = await orderFixtures(t).newCustomer({ name: 'Алия' });
    const r = await update(c.token, { language: 'kk', email: 'Aliya@Example.KZ' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ language: 'kk', email: 'aliya@example.kz', name: 'Алия' });
    const back = await update(c.token, { language: 'ru' });
    expect(back.body.data).toMatchObject({ language: 'ru', email: 'aliya@example.kz' });
  });

  it('refuses a language the shop does not speak, changing nothing', async () => {
    const c = await orderFixtures(t).newCustomer({ language: 'kk' });
    const r = await update(c.token, { language: 'en' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('language');
    const row = await t.db
      .selectFrom('customer')
      .select('language')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('kk');
  });
});
