import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newId } from '#app/lib/ids.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { nextMobile } from '#app/test/customer.fixtures.ts';

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
