import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#app/app.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// API keys made by a member who is deactivated or loses the right to manage keys (issue 29 item 2, decision 036):
// revoked in the same transaction, each audited, refused at once on another instance of the shop (two app instances
// on one database), the 1C exchange session opened with such a key ended; keys of others and reactivation untouched.

let t: TestContext;
let b: Awaited<ReturnType<TestContext['anotherInstance']>>;
let owner: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  b = await t.anotherInstance();
  owner = await signedInMember(t.app, t.db, 'owner');
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

/** A key made through the back office by `member` (an owner). */
async function keyOf(member: { cookie: string }, name: string) {
  const made = await staffCall(t.app, member.cookie, 'POST', '/api/admin/api-keys', {
    name,
    scopes: ['catalogue.import', 'orders.status'],
  });
  expect(made.status).toBe(200);
  const data = made.body.data as { apiKey: { id: string }; secret: string };
  return { id: data.apiKey.id, secret: data.secret };
}

/** Whether instance B takes the key: the CSV stock export of the integration API. */
async function works(app: App, secret: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/backoffice/catalogue/export/stock',
    headers: { 'x-api-key': secret },
  });
  expect([200, 401]).toContain(res.statusCode);
  return res.statusCode === 200;
}

async function exchangeSession(secret: string) {
  const auth = `Basic ${Buffer.from(`1c:${secret}`).toString('base64')}`;
  const res = await b.app.inject({
    method: 'GET',
    url: '/api/exchange/1c?type=catalog&mode=checkauth',
    headers: { authorization: auth },
  });
  const [answer, , cookie] = res.body.split('\n');
  expect(answer).toBe('success');
  return cookie!;
}
async function sessionOpen(cookie: string) {
  const res = await b.app.inject({
    method: 'GET',
    url: '/api/exchange/1c?type=catalog&mode=init',
    cookies: { kiim_1c: cookie },
  });
  return !res.body.startsWith('failure');
}

describe('API keys of a member whose trust ends', () => {
  it('deactivation revokes every key the member made, audited, at once on another instance', async () => {
    const second = await signedInMember(t.app, t.db, 'owner');
    const [k1, k2] = [await keyOf(second, 'ERP'), await keyOf(second, '1С')];
    const others = await keyOf(owner, 'Склад');
    const session = await exchangeSession(k1.secret);
    expect([
      await works(b.app, k1.secret),
      await works(b.app, k2.secret),
      await sessionOpen(session),
    ]).toEqual([true, true, true]);

    const off = await staffCall(t.app, owner.cookie, 'POST', `/api/admin/staff/${second.id}/deactivate`);
    expect(off.status).toBe(200);

    expect(await works(b.app, k1.secret)).toBe(false);
    expect(await works(b.app, k2.secret)).toBe(false);
    expect(await sessionOpen(session)).toBe(false);
    expect(await works(b.app, others.secret)).toBe(true);
    const revoked = (await auditOf(t.db, 'apikey.revoked')).filter((e) =>
      [k1.id, k2.id].includes(e.entity_id),
    );
    expect(revoked.map((e) => [e.actor_id, e.after])).toEqual([
      [owner.id, { revoked: true, reason: 'creator_deactivated' }],
      [owner.id, { revoked: true, reason: 'creator_deactivated' }],
    ]);
    expect((await auditOf(t.db, 'staff.deactivated')).at(-1)!.after).toMatchObject({ apiKeysRevoked: 2 });
    const listed = await staffCall(b.app, owner.cookie, 'GET', '/api/admin/api-keys');
    const keys = listed.body.data.items as { id: string; revokedAt: string | null }[];
    expect(keys.filter((k) => [k1.id, k2.id].includes(k.id)).every((k) => k.revokedAt !== null)).toBe(true);

    // Reactivation gives the member their access back, not the keys: new ones must be made.
    expect(
      (await staffCall(t.app, owner.cookie, 'POST', `/api/admin/staff/${second.id}/activate`)).status,
    ).toBe(200);
    expect(await works(b.app, k1.secret)).toBe(false);
  });

  it('a role without apikeys.manage revokes the keys the member made; an owner staying owner keeps them', async () => {
    const second = await signedInMember(t.app, t.db, 'owner');
    const key = await keyOf(second, 'ERP');
    const same = await staffCall(t.app, owner.cookie, 'PATCH', `/api/admin/staff/${second.id}`, {
      role: 'owner',
    });
    expect(same.status).toBe(200);
    expect(await works(b.app, key.secret)).toBe(true);

    const lowered = await staffCall(t.app, owner.cookie, 'PATCH', `/api/admin/staff/${second.id}`, {
      role: 'manager',
    });
    expect(lowered.status).toBe(200);
    expect(await works(b.app, key.secret)).toBe(false);
    const entry = (await auditOf(t.db, 'apikey.revoked')).find((e) => e.entity_id === key.id)!;
    expect(entry.after).toEqual({ revoked: true, reason: 'creator_role_changed' });
    expect((await auditOf(t.db, 'staff.role_changed')).at(-1)!.after).toEqual({
      role: 'manager',
      apiKeysRevoked: 1,
    });
  });

  it('a member without keys is deactivated as before (no key entries, the same audit figures)', async () => {
    const m = await signedInMember(t.app, t.db, 'warehouse');
    const before = (await auditOf(t.db, 'apikey.revoked')).length;
    expect((await staffCall(t.app, owner.cookie, 'POST', `/api/admin/staff/${m.id}/deactivate`)).status).toBe(
      200,
    );
    expect((await auditOf(t.db, 'apikey.revoked')).length).toBe(before);
    expect((await auditOf(t.db, 'staff.deactivated')).at(-1)!.after).toEqual({
      active: false,
      sessionsClosed: 1,
    });
  });
});
