import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import type { App } from '#app/app.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { enrolTwoFactor, makeMember, signIn, STAFF_PASSWORD, staffCall } from '#app/test/staff.fixtures.ts';
import { REFUSED_STAFF_PASSWORD } from './staff.basic.ts';

// One failure budget per staff member across every way in (issue 29 item 1): the 1C exchange's Basic sign-in never
// clears the back office's failures, never tells whether a two-factor member's password is right, and the budget is
// shared by two instances of the shop on one database (on SQLite: two app instances on one file).

const clock = manualClock(new Date('2026-05-04T06:00:00Z'));
let t: TestContext;
let b: Awaited<ReturnType<TestContext['anotherInstance']>>;
beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
  b = await t.anotherInstance();
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
/** The 1C exchange's `checkauth` with HTTP Basic on `app`: its plain-text answer. */
async function checkauth(app: App, email: string, password: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/exchange/1c?type=catalog&mode=checkauth',
    headers: { authorization: basic(email, password) },
  });
  return { status: res.statusCode, text: res.body };
}
const secondFactor = (app: App, cookie: string, code: string) =>
  staffCall(app, cookie, 'POST', '/api/admin/session/second-factor', { code });

describe('the failure budget of a member with two-factor', () => {
  it('checkauth with the right password clears nothing and answers as for a wrong one', async () => {
    const m = await makeMember(t.db, 'catalogue');
    const { secret } = await enrolTwoFactor(t.app, (await signIn(t.app, m.email)).cookie);
    expect(secret).toBeTruthy();
    clock.advance(60_000);

    const right = await checkauth(b.app, m.email, STAFF_PASSWORD);
    const wrong = await checkauth(t.app, m.email, 'wrong password 1');
    expect(right.text).toBe(`failure\n${REFUSED_STAFF_PASSWORD}`);
    expect(wrong.text).toBe(right.text);

    // The attack of the issue: a right checkauth between second-factor guesses, on either instance. Failures so far:
    // the 2 checkauths (the right password step is not one); 2 guesses and 1 more checkauth make the budget's 5.
    const step = await signIn(t.app, m.email);
    expect(step.stage).toBe('second_factor');
    expect((await secondFactor(b.app, step.cookie, '000000')).status).toBe(400);
    expect((await checkauth(b.app, m.email, STAFF_PASSWORD)).text).toBe(right.text);
    expect((await secondFactor(t.app, step.cookie, '111111')).status).toBe(400);
    const locked = await secondFactor(b.app, step.cookie, '222222');
    expect([locked.status, locked.body.code]).toEqual([429, ErrorCode.rateLimited]);
    expect((await checkauth(t.app, m.email, STAFF_PASSWORD)).text).toMatch(
      /^failure\nСлишком много неудачных/,
    );
    // The locked member waits out the window; then the right code signs in.
    clock.advance(16 * 60_000);
    const again = await signIn(b.app, m.email);
    expect(again.stage).toBe('second_factor');
  });
});

describe('the failure budget of a member without two-factor', () => {
  it('a right checkauth takes back only its own attempt: earlier wrong passwords still count', async () => {
    const m = await makeMember(t.db, 'catalogue');
    for (let i = 0; i < 4; i++) {
      const r = await staffCall(t.app, undefined, 'POST', '/api/admin/session', {
        email: m.email,
        password: `wrong password ${i}`,
      });
      expect(r.status).toBe(401);
    }
    const ok = await checkauth(b.app, m.email, STAFF_PASSWORD);
    expect(ok.text.split('\n')[0]).toBe('success');
    const fifth = await staffCall(b.app, undefined, 'POST', '/api/admin/session', {
      email: m.email,
      password: 'wrong password 5',
    });
    expect(fifth.status).toBe(401);
    const sixth = await staffCall(t.app, undefined, 'POST', '/api/admin/session', {
      email: m.email,
      password: STAFF_PASSWORD,
    });
    expect([sixth.status, sixth.body.code]).toEqual([429, ErrorCode.rateLimited]);
  });
});
