import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { call, lastCode, nextAddress, nextMobile } from '#app/test/customer.fixtures.ts';
import { hashPassword } from '#app/lib/password.ts';
import { newId } from '#app/lib/ids.ts';

// Issue 11 §6: whether a number has an account is told only within the SMS send limits, and once an address's
// budget is spent every number gets the same answer; a locked-out password never keeps the owner out.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { SMS_ADDRESS_HOURLY_LIMIT: '2' } });
});
afterAll(async () => t?.close());

async function registered(password?: string) {
  const mobile = nextMobile();
  const now = new Date().toISOString();
  await t.db
    .insertInto('customer')
    .values({
      ...{ id: newId(), mobile, name: 'Айгерим', surname: null, email: null, gender: null, birth_date: null },
      ...{ password_hash: password ? await hashPassword(password) : null, created_at: now, updated_at: now },
    })
    .execute();
  return mobile;
}

const register = (mobile: string, ip: string) =>
  call(t, 'POST', '/api/customer/register-by-mobile', { body: { mobile, name: 'Айгерим' }, ip });
const recover = (mobile: string, ip: string) =>
  call(t, 'GET', `/api/customer/get-code-for-recover-password?mobile=${mobile}`, { ip });
/** What a client can compare: status, error code and message, Retry-After. */
const seen = (r: Awaited<ReturnType<typeof call>>) => ({
  status: r.status,
  code: r.body.code,
  message: r.body.message,
  retryAfter: r.headers['retry-after'],
});

describe('account enumeration (issue 11 §6)', () => {
  it('once the address budget is spent, known and unknown numbers get the same answer', async () => {
    const ip = nextAddress();
    const known = await registered();
    expect((await register(known, ip)).status).toBe(409); // counts against the address
    expect((await register(nextMobile(), ip)).status).toBe(200); // a send: the budget of 2 is spent
    const answers = [
      await register(known, ip),
      await register(nextMobile(), ip),
      await recover(known, ip),
      await recover(nextMobile(), ip),
    ].map(seen);
    expect(answers[0]!.status).toBe(429);
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('answers that reveal an account without sending are limited per address', async () => {
    const ip = nextAddress();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await register(await registered(), ip)).status);
    statuses.push((await recover(nextMobile(), ip)).status);
    expect(statuses).toEqual([409, 409, 429, 429]);
    // Another address is not affected, and no SMS was sent for the probes.
    expect((await register(await registered(), nextAddress())).status).toBe(409);
  });

  it('a number locked by wrong passwords still signs in by SMS code', async () => {
    const mobile = await registered('pass-word-42');
    for (let i = 0; i < 5; i++) {
      const r = await call(t, 'POST', '/api/customer/auth-by-mobile-password', {
        body: { mobile, password: 'wrong-guess-1' },
        ip: nextAddress(),
      });
      expect(r.status).toBe(401);
    }
    const locked = await call(t, 'POST', '/api/customer/auth-by-mobile-password', {
      body: { mobile, password: 'pass-word-42' },
      ip: nextAddress(),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toContain('войдите по коду из SMS');
    const ip = nextAddress();
    expect((await call(t, 'POST', '/api/customer/auth-by-mobile', { body: { mobile }, ip })).status).toBe(
      200,
    );
    const signedIn = await call<{ token: string }>(t, 'POST', '/api/customer/auth-by-mobile/confirm', {
      body: { mobile, code: await lastCode(t, mobile) },
      ip,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token).toBeTruthy();
  });
});
