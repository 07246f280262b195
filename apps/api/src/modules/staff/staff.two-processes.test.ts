import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#app/db/database.ts';
import { testDatabaseUrl, underSchemaLock } from '#app/test/helper.ts';
import { processSchema, startShopProcess, type ShopProcess as Shop } from '#app/test/server-process.ts';
import { makeApiKey, makeMember, STAFF_PASSWORD, totpAt } from '#app/test/staff.fixtures.ts';

// Issue 29 acceptance: the two-factor brute force (item 1) and the revocation (item 2) tried as the issue's attacker
// did — against two real shop processes (src/server.ts, each its own OS process and port) on one PostgreSQL schema,
// over real HTTP. The in-process variants are staff.failure-budget.test.ts and onec.revocation.test.ts.

let db: Db;
let dropSchema: (() => Promise<void>) | undefined;
const shops: Shop[] = [];

/** A shop process on the test schema, stopped after the file. */
async function startShop(schema: string): Promise<Shop> {
  const shop = await startShopProcess(schema);
  shops.push(shop);
  return shop;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A 1C exchange GET on `shop` (Basic auth or the `kiim_1c` cookie). @returns status and plain-text answer. */
async function exchange(shop: Shop, query: string, opts: { auth?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.auth) headers.authorization = opts.auth;
  if (opts.cookie) headers.cookie = `kiim_1c=${opts.cookie}`;
  const res = await fetch(`${shop.origin}/api/exchange/1c?${query}`, { headers });
  return { status: res.status, text: await res.text() };
}
const checkauth = (shop: Shop, user: string, password: string) =>
  exchange(shop, 'type=catalog&mode=checkauth', { auth: basic(user, password) });

/** A staff API call on `shop` with the `kiim_staff` cookie and the shop's own Origin. @returns status, JSON, cookie. */
async function staff(shop: Shop, cookie: string | undefined, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { origin: shop.origin };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = `kiim_staff=${cookie}`;
  const res = await fetch(`${shop.origin}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('kiim_staff='));
  const text = await res.text();
  return {
    status: res.status,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (text ? JSON.parse(text) : null) as any,
    cookie: set === undefined ? undefined : set.slice('kiim_staff='.length).split(';')[0],
  };
}

/** Signs in with the password on `shop`. @returns the session cookie and the stage. */
async function signIn(shop: Shop, email: string, password = STAFF_PASSWORD) {
  const r = await staff(shop, undefined, 'POST', '/api/admin/session', { email, password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { cookie: r.cookie!, stage: r.body.data.stage as string };
}

describe.runIf(testDatabaseUrl)('issue 29 across two shop processes on one PostgreSQL', () => {
  let a: Shop;
  let b: Shop;
  beforeAll(async () => {
    let schema: string;
    ({ schema, db, drop: dropSchema } = await processSchema('two'));
    // Migrations at a shop's start read every schema: no test file drops its schema meanwhile.
    [a, b] = await underSchemaLock('shared', () => Promise.all([startShop(schema), startShop(schema)]));
  }, 120_000);
  afterAll(async () => {
    for (const s of shops) s.stop();
    await dropSchema?.();
  });

  it('locks a two-factor member whose password is known, checkauth on A alternating with codes on B', async () => {
    const m = await makeMember(db, 'catalogue');
    // Enrol two-factor through the API on A (a complete sign-in: the budget starts empty).
    const first = await signIn(a, m.email);
    const setup = await staff(a, first.cookie, 'POST', '/api/admin/two-factor/setup');
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const secret = setup.body.data.secret as string;
    const enabled = await staff(a, first.cookie, 'POST', '/api/admin/two-factor/enable', {
      code: await totpAt(secret, new Date()),
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

    // checkauth never tells the password is right: the same answer as for a wrong one.
    const wrongPassword = await checkauth(a, m.email, 'not the password');
    const step = await signIn(b, m.email);
    expect(step.stage).toBe('second_factor');
    const refused: number[] = [];
    let lockedAt = -1;
    // The attack: one right-password checkauth on A, then a wrong code on B, again and again.
    for (let round = 0; round < 10 && lockedAt < 0; round++) {
      const right = await checkauth(a, m.email, STAFF_PASSWORD);
      if (!right.text.startsWith('failure\nСлишком много')) expect(right).toEqual(wrongPassword);
      expect(right.text.split('\n')[0]).toBe('failure');
      const guess = await staff(b, step.cookie, 'POST', '/api/admin/session/second-factor', {
        code: String(100000 + round),
      });
      refused.push(guess.status);
      if (guess.status === 429) lockedAt = round;
      else expect(guess.status, JSON.stringify(guess.body)).toBe(400);
    }
    // The budget is 5 failures per member (docs/security.md «Failed sign-ins»): the first checkauth and each round's
    // checkauth + guess count, so the lock comes in the third round — not the 1,204 guesses of the issue.
    // Failures: 1 wrong checkauth, then 2 per round — the 5th is round 1's guess; round 2's guess is over the budget.
    expect(refused).toEqual([400, 400, 429]);
    expect(lockedAt).toBe(2);

    // Locked on both processes: checkauth says so on either, and even the right code is refused on A and B.
    for (const shop of [a, b]) {
      expect((await checkauth(shop, m.email, STAFF_PASSWORD)).text).toMatch(/^failure\nСлишком много/);
      const code = await totpAt(secret, new Date());
      const right = await staff(shop, step.cookie, 'POST', '/api/admin/session/second-factor', { code });
      expect(right.status, JSON.stringify(right.body)).toBe(429);
      const again = await staff(shop, undefined, 'POST', '/api/admin/session', {
        email: m.email,
        password: STAFF_PASSWORD,
      });
      expect(again.status).toBe(429);
    }
  });

  it('ends an exchange session on A when its API key is revoked on B, and the key fails on both', async () => {
    const key = await makeApiKey(db, ['catalogue.import']);
    const [answer, , cookie] = (await checkauth(a, '1c', key.secret)).text.split('\n');
    expect(answer).toBe('success');
    const init = await exchange(a, 'type=catalog&mode=init', { cookie });
    expect(init.text.split('\n')[0]).not.toBe('failure');

    const owner = await makeMember(db, 'owner');
    const session = await signIn(b, owner.email);
    const revoked = await staff(b, session.cookie, 'POST', `/api/admin/api-keys/${key.id}/revoke`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);

    const after = await exchange(a, 'type=catalog&mode=init', { cookie });
    expect(after.text).toMatch(/^failure\nСессия обмена не найдена/);
    for (const shop of [a, b]) expect((await checkauth(shop, '1c', key.secret)).text).toMatch(/^failure\n/);
  });

  it('ends an exchange session on A when its member is deactivated on B', async () => {
    const m = await makeMember(db, 'catalogue');
    const [answer, , cookie] = (await checkauth(a, m.email, STAFF_PASSWORD)).text.split('\n');
    expect(answer).toBe('success');
    expect((await exchange(a, 'type=catalog&mode=init', { cookie })).text.split('\n')[0]).not.toBe('failure');

    const owner = await makeMember(db, 'owner');
    const session = await signIn(b, owner.email);
    const done = await staff(b, session.cookie, 'POST', `/api/admin/staff/${m.id}/deactivate`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    expect((await exchange(a, 'type=catalog&mode=init', { cookie })).text).toMatch(
      /^failure\nСессия обмена не найдена/,
    );
    for (const shop of [a, b])
      expect((await checkauth(shop, m.email, STAFF_PASSWORD)).text).toMatch(/^failure\n/);
  });
});
