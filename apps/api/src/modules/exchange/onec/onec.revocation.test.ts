import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#app/app.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import {
  makeApiKey,
  makeMember,
  signIn,
  signedInMember,
  STAFF_PASSWORD,
  staffCall,
} from '#app/test/staff.fixtures.ts';

// Revocation revokes (issue 29 item 2): a 1C exchange session ends at its next request once the API key behind it is
// revoked, or the member behind it is deactivated, gets another role or password — with the change made on another
// instance of the shop than the one the exchange talks to (two app instances on one database).

let t: TestContext;
let b: Awaited<ReturnType<TestContext['anotherInstance']>>;
let owner: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  b = await t.anotherInstance();
  owner = await signedInMember(t.app, t.db, 'owner');
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
async function exchange(app: App, query: string, opts: { auth?: string; cookie?: string } = {}) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/exchange/1c?${query}`,
    headers: opts.auth ? { authorization: opts.auth } : {},
    cookies: opts.cookie ? { kiim_1c: opts.cookie } : {},
  });
  return res.body;
}
/** checkauth on instance B → the session cookie. */
async function open(type: 'catalog' | 'sale', auth: string) {
  const [answer, , cookie] = (await exchange(b.app, `type=${type}&mode=checkauth`, { auth })).split('\n');
  expect(answer).toBe('success');
  return cookie!;
}
const stillOpen = async (type: 'catalog' | 'sale', cookie: string) => {
  const answer = await exchange(b.app, `type=${type}&mode=${type === 'catalog' ? 'init' : 'query'}`, {
    cookie,
  });
  return !answer.startsWith('failure\nСессия обмена не найдена');
};

describe('an exchange session ends at once', () => {
  it('when its API key is revoked', async () => {
    const key = await makeApiKey(t.db, ['catalogue.import', 'orders.status']);
    const catalog = await open('catalog', basic('1c', key.secret));
    const sale = await open('sale', basic('1c', key.secret));
    expect(await stillOpen('catalog', catalog)).toBe(true);
    const revoked = await staffCall(t.app, owner.cookie, 'POST', `/api/admin/api-keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(await stillOpen('catalog', catalog)).toBe(false);
    expect(await stillOpen('sale', sale)).toBe(false);
  });

  it('when its member is deactivated', async () => {
    const m = await makeMember(t.db, 'catalogue');
    const cookie = await open('catalog', basic(m.email, STAFF_PASSWORD));
    expect(await stillOpen('catalog', cookie)).toBe(true);
    expect((await staffCall(t.app, owner.cookie, 'POST', `/api/admin/staff/${m.id}/deactivate`)).status).toBe(
      200,
    );
    expect(await stillOpen('catalog', cookie)).toBe(false);
  });

  it('when its member gets another role, even one that may still exchange', async () => {
    const m = await makeMember(t.db, 'catalogue');
    const cookie = await open('catalog', basic(m.email, STAFF_PASSWORD));
    const changed = await staffCall(t.app, owner.cookie, 'PATCH', `/api/admin/staff/${m.id}`, {
      role: 'owner',
    });
    expect(changed.status).toBe(200);
    expect(await stillOpen('catalog', cookie)).toBe(false);
  });

  it('when its member changes the password', async () => {
    const m = await makeMember(t.db, 'manager');
    const cookie = await open('sale', basic(m.email, STAFF_PASSWORD));
    expect(await stillOpen('sale', cookie)).toBe(true);
    const session = await signIn(t.app, m.email);
    const changed = await staffCall(t.app, session.cookie, 'POST', '/api/admin/password', {
      currentPassword: STAFF_PASSWORD,
      newPassword: 'a new password 2026',
    });
    expect(changed.status).toBe(200);
    expect(await stillOpen('sale', cookie)).toBe(false);
    expect(await open('sale', basic(m.email, 'a new password 2026'))).toBeTruthy();
  });
});
