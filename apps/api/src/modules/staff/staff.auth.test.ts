import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { PRODUCTION_ENV } from '#app/test/production-env.ts';
import {
  auditOf,
  enrolTwoFactor,
  makeMember,
  ORIGIN,
  signIn,
  signedInMember,
  STAFF_PASSWORD,
  staffCall,
  totpAt,
} from '#app/test/staff.fixtures.ts';

// Staff sign-in, two-factor, sessions and the CSRF defence (issue 15), on SQLite and PostgreSQL, with the app's
// clock moved by hand.

const clock = manualClock(new Date('2026-03-02T06:00:00Z'));
const MINUTE = 60_000;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
});
afterAll(async () => {
  await t?.close();
});

const me = (cookie: string | undefined) => staffCall(t.app, cookie, 'GET', '/api/admin/session');

describe('signing in with e-mail and password', () => {
  it('opens a session in an HttpOnly, SameSite=Strict cookie scoped to /api/admin and audits it', async () => {
    const m = await makeMember(t.db, 'manager');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { origin: ORIGIN },
      payload: { email: m.email.toUpperCase(), password: STAFF_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.stage).toBe('signed_in');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^kiim_staff=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/admin/);
    expect(cookie).not.toMatch(/Secure/);
    const token = /^kiim_staff=([^;]+)/.exec(cookie)![1]!;
    const session = await me(token);
    expect(session.body.data.staff).toMatchObject({
      email: m.email,
      role: 'manager',
      twoFactorEnabled: false,
    });
    expect(session.body.data.staff.permissions).toContain('reviews.moderate');
    expect(session.body.data.staff.permissions).not.toContain('staff.manage');
    const stored = await t.db
      .selectFrom('staff_session')
      .select('token_hash')
      .where('staff_id', '=', m.id)
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    const [entry] = (await auditOf(t.db, 'staff.signed_in')).filter((e) => e.actor_id === m.id);
    expect(entry).toMatchObject({ actor_type: 'staff', entity_type: 'staff_member', entity_id: m.id });
    expect(entry!.after).toEqual({ method: 'password', stage: 'signed_in' });
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and a deactivated account', async () => {
    const m = await makeMember(t.db, 'warehouse');
    const gone = await makeMember(t.db, 'warehouse');
    await t.db
      .updateTable('staff_member')
      .set({ deactivated_at: clock.now().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    for (const body of [
      { email: m.email, password: 'wrong password 1' },
      { email: 'nobody@kiim.kz', password: STAFF_PASSWORD },
      { email: gone.email, password: STAFF_PASSWORD },
    ]) {
      const r = await staffCall(t.app, undefined, 'POST', '/api/admin/session', body);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({
        code: StaffErrorCode.invalidCredentials,
        errors: { password: ['Неверная почта или пароль'] },
      });
      expect(r.cookie).toBeUndefined();
    }
  });

  it('refuses bad input with field errors and opens nothing', async () => {
    const r = await staffCall(t.app, undefined, 'POST', '/api/admin/session', {
      email: 'not-an-email',
      extra: 1,
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
    const second = await staffCall(t.app, undefined, 'POST', '/api/admin/session/second-factor', {
      code: '12',
    });
    expect(second.status).toBe(401);
  });

  it('stops an account after 5 failures in 15 minutes, even with the right password, then lets it in again', async () => {
    const m = await makeMember(t.db, 'catalogue');
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 5; i++) {
      const r = await staffCall(
        t.app,
        undefined,
        'POST',
        '/api/admin/session',
        { email: m.email, password: `wrong ${i} pass` },
        ip,
      );
      expect(r.status).toBe(401);
    }
    const locked = await staffCall(t.app, undefined, 'POST', '/api/admin/session', {
      email: m.email,
      password: STAFF_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.details.retryAfterSeconds).toBeGreaterThan(0);
    clock.advance(15 * MINUTE + 1000);
    expect((await signIn(t.app, m.email)).stage).toBe('signed_in');
  });

  it('stops a client address after 30 failures across accounts', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.30' };
    for (let i = 0; i < 30; i++) {
      const r = await staffCall(
        t.app,
        undefined,
        'POST',
        '/api/admin/session',
        { email: `guess${i}@kiim.kz`, password: 'wrong pass 1' },
        ip,
      );
      expect(r.status).toBe(401);
    }
    const m = await makeMember(t.db, 'manager');
    const fromThere = await staffCall(
      t.app,
      undefined,
      'POST',
      '/api/admin/session',
      { email: m.email, password: STAFF_PASSWORD },
      ip,
    );
    expect(fromThere.status).toBe(429);
    expect((await signIn(t.app, m.email)).stage).toBe('signed_in');
    clock.advance(15 * MINUTE + 1000);
  });
});

describe('two-factor with an authenticator app', () => {
  it('enrols with a QR code and a code of the app, then asks for a code at every sign-in', async () => {
    const m = await signedInMember(t.app, t.db, 'owner');
    const setup = await staffCall(t.app, m.cookie, 'POST', '/api/admin/two-factor/setup');
    expect(setup.body.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.body.data.otpauthUrl).toContain('otpauth://totp/Kiim');
    const wrong = await staffCall(t.app, m.cookie, 'POST', '/api/admin/two-factor/enable', {
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toBeDefined();
    const { secret, codes } = await enrolTwoFactor(t.app, m.cookie);
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await me(m.cookie)).body.data.staff).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    const stored = await t.db
      .selectFrom('staff_member')
      .select('totp_secret')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(secret);
    expect(await auditOf(t.db, 'staff.two_factor_enabled')).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor_id: m.id, after: { twoFactor: true } })]),
    );

    clock.advance(MINUTE);
    const step = await signIn(t.app, m.email);
    expect(step.stage).toBe('second_factor');
    expect((await me(step.cookie)).body.data).toEqual({ stage: 'second_factor', staff: null });
    expect((await staffCall(t.app, step.cookie, 'GET', '/api/admin/staff')).status).toBe(401);
    const bad = await staffCall(t.app, step.cookie, 'POST', '/api/admin/session/second-factor', {
      code: '123456',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: StaffErrorCode.invalidSecondFactor,
      details: { attemptsLeft: 4 },
    });
    const code = await totpAt(secret, clock.now());
    const done = await staffCall(t.app, step.cookie, 'POST', '/api/admin/session/second-factor', {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(done.status).toBe(200);
    expect(done.body.data.stage).toBe('signed_in');
    expect(done.cookie).not.toBe(step.cookie);
    expect((await me(step.cookie)).status).toBe(401);
    expect((await staffCall(t.app, done.cookie, 'GET', '/api/admin/staff')).status).toBe(200);

    // The same code never works twice (a code seen over a shoulder); the next step's code does.
    const again = await signIn(t.app, m.email);
    expect(
      (await staffCall(t.app, again.cookie, 'POST', '/api/admin/session/second-factor', { code })).status,
    ).toBe(400);
    clock.advance(30_000);
    const next = await staffCall(t.app, again.cookie, 'POST', '/api/admin/session/second-factor', {
      code: await totpAt(secret, clock.now()),
    });
    expect(next.status).toBe(200);

    // A code of two steps ago (a slow phone clock beyond ±30 s) is refused.
    const old = await totpAt(secret, new Date(clock.now().getTime() - 60_000));
    clock.advance(MINUTE);
    const late = await signIn(t.app, m.email);
    expect(
      (await staffCall(t.app, late.cookie, 'POST', '/api/admin/session/second-factor', { code: old })).status,
    ).toBe(400);

    // A recovery code works once, in any case and with or without its dash.
    const rec = await signIn(t.app, m.email);
    const used = await staffCall(t.app, rec.cookie, 'POST', '/api/admin/session/second-factor', {
      recoveryCode: codes[0]!.toUpperCase().replace('-', ''),
    });
    expect(used.status).toBe(200);
    expect(used.body.data.staff.recoveryCodesLeft).toBe(9);
    const twice = await signIn(t.app, m.email);
    const reused = await staffCall(t.app, twice.cookie, 'POST', '/api/admin/session/second-factor', {
      recoveryCode: codes[0],
    });
    expect(reused.status).toBe(400);
    expect(reused.body.errors.recoveryCode).toBeDefined();
    const both = await staffCall(t.app, twice.cookie, 'POST', '/api/admin/session/second-factor', {
      code: '123456',
      recoveryCode: codes[1],
    });
    expect(both.status).toBe(400);
    expect(both.body.errors.code).toEqual(['Введите код из приложения или резервный код']);
    clock.advance(16 * MINUTE);
  });

  it('ends the second-factor step after 5 wrong codes, and counts them toward the account’s limit', async () => {
    const m = await signedInMember(t.app, t.db, 'manager');
    await enrolTwoFactor(t.app, m.cookie);
    const step = await signIn(t.app, m.email);
    for (let i = 0; i < 5; i++) {
      const r = await staffCall(t.app, step.cookie, 'POST', '/api/admin/session/second-factor', {
        code: '00000' + i,
      });
      expect(r.status, `try ${i}`).toBe(400);
    }
    expect(
      (await staffCall(t.app, step.cookie, 'POST', '/api/admin/session/second-factor', { code: '111111' }))
        .status,
    ).toBe(401);
    const locked = await staffCall(t.app, undefined, 'POST', '/api/admin/session', {
      email: m.email,
      password: STAFF_PASSWORD,
    });
    expect(locked.status).toBe(429);
    clock.advance(16 * MINUTE);
  });

  it('new recovery codes and turning it off need a code of the app; both are audited', async () => {
    const m = await signedInMember(t.app, t.db, 'catalogue');
    const { secret, codes, cookie } = await enrolTwoFactor(t.app, m.cookie);
    clock.advance(30_000);
    const renewed = await staffCall(t.app, cookie, 'POST', '/api/admin/two-factor/recovery-codes', {
      code: await totpAt(secret, clock.now()),
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.codes).not.toContain(codes[0]);
    clock.advance(30_000);
    expect(
      (await staffCall(t.app, cookie, 'POST', '/api/admin/two-factor/disable', { code: '000000' })).status,
    ).toBe(400);
    const off = await staffCall(t.app, cookie, 'POST', '/api/admin/two-factor/disable', {
      code: await totpAt(secret, clock.now()),
    });
    expect(off.status).toBe(200);
    expect((await me(cookie)).body.data.staff).toMatchObject({
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await auditOf(t.db, 'staff.recovery_codes_renewed')).map((e) => e.actor_id)).toContain(m.id);
    expect((await auditOf(t.db, 'staff.two_factor_disabled')).map((e) => e.actor_id)).toContain(m.id);
  });
});

describe('sessions', () => {
  it('expire 60 minutes after the last use, and 12 hours after sign-in however often used', async () => {
    const m = await makeMember(t.db, 'warehouse');
    const idle = (await signIn(t.app, m.email)).cookie;
    clock.advance(61 * MINUTE);
    expect((await me(idle)).status).toBe(401);

    const busy = (await signIn(t.app, m.email)).cookie;
    for (let h = 0; h < 14; h++) {
      clock.advance(50 * MINUTE);
      expect((await me(busy)).status, `after ${(h + 1) * 50} minutes`).toBe(200);
    }
    clock.advance(50 * MINUTE);
    const gone = await me(busy);
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe(StaffErrorCode.signedOut);
  });

  it('signs out here, or everywhere (audited); the cookie is cleared', async () => {
    const m = await makeMember(t.db, 'manager');
    const a = (await signIn(t.app, m.email)).cookie;
    const b = (await signIn(t.app, m.email)).cookie;
    const c = (await signIn(t.app, m.email)).cookie;
    const out = await staffCall(t.app, a, 'POST', '/api/admin/session/sign-out');
    expect(out.status).toBe(200);
    expect(out.cookie).toBe('');
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(200);
    // Issue 29 item 9: the sign-out is audited too.
    expect((await auditOf(t.db, 'staff.signed_out')).filter((e) => e.actor_id === m.id)).toHaveLength(1);
    expect((await staffCall(t.app, b, 'POST', '/api/admin/session/sign-out-everywhere')).status).toBe(200);
    expect((await me(b)).status).toBe(401);
    expect((await me(c)).status).toBe(401);
    const [entry] = (await auditOf(t.db, 'staff.signed_out_everywhere')).filter((e) => e.actor_id === m.id);
    expect(entry!.after).toEqual({ sessionsClosed: 2 });
    expect((await staffCall(t.app, undefined, 'POST', '/api/admin/session/sign-out')).status).toBe(200);
  });

  it('a password change needs the current one and closes the other sessions', async () => {
    const m = await makeMember(t.db, 'catalogue');
    const here = (await signIn(t.app, m.email)).cookie;
    const there = (await signIn(t.app, m.email)).cookie;
    const wrong = await staffCall(t.app, here, 'POST', '/api/admin/password', {
      currentPassword: 'nope nope 1',
      newPassword: 'a brand new pass 7',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toEqual(['Неверный текущий пароль']);
    const weak = await staffCall(t.app, here, 'POST', '/api/admin/password', {
      currentPassword: STAFF_PASSWORD,
      newPassword: 'short1',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toBeDefined();
    const ok = await staffCall(t.app, here, 'POST', '/api/admin/password', {
      currentPassword: STAFF_PASSWORD,
      newPassword: 'a brand new pass 7',
    });
    expect(ok.status).toBe(200);
    expect((await me(here)).status).toBe(200);
    expect((await me(there)).status).toBe(401);
    expect((await signIn(t.app, m.email, 'a brand new pass 7')).stage).toBe('signed_in');
    expect((await auditOf(t.db, 'staff.password_changed')).find((e) => e.actor_id === m.id)!.after).toEqual({
      otherSessionsClosed: 1,
    });
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing call without the shop’s Origin, and accepts the host it was sent to', async () => {
    const m = await makeMember(t.db, 'owner');
    const body = { email: m.email, password: STAFF_PASSWORD };
    for (const headers of [{}, { origin: 'https://evil.example' }, { origin: 'null' }]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: body, headers });
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.json().code).toBe(StaffErrorCode.crossSiteRequest);
    }
    const sameHost = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: body,
      headers: { origin: 'http://127.0.0.1:4100', host: '127.0.0.1:4100' },
    });
    expect(sameHost.statusCode).toBe(200);
    const { cookie } = await signIn(t.app, m.email);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff',
      cookies: { kiim_staff: cookie },
    });
    expect(read.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/sign-out-everywhere',
      cookies: { kiim_staff: cookie },
      headers: { origin: 'https://evil.example' },
    });
    expect(write.statusCode).toBe(403);
    expect((await me(cookie)).status).toBe(200);
  });
});

describe('production: two-factor is required', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({
      clock,
      seed: false,
      env: PRODUCTION_ENV,
    });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('lets a member without it only enrol, then exchanges the session for a full one', async () => {
    const m = await makeMember(prod.db, 'owner');
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { origin: ORIGIN },
      payload: { email: m.email, password: STAFF_PASSWORD },
    });
    expect(res.json().data.stage).toBe('enrolment');
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    const cookie = /^kiim_staff=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
    const blocked = await staffCall(prod.app, cookie, 'GET', '/api/admin/staff');
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe(StaffErrorCode.twoFactorRequired);
    const enrolled = await enrolTwoFactor(prod.app, cookie);
    expect(enrolled.cookie).not.toBe(cookie);
    expect((await staffCall(prod.app, cookie, 'GET', '/api/admin/session')).status).toBe(401);
    expect((await staffCall(prod.app, enrolled.cookie, 'GET', '/api/admin/staff')).status).toBe(200);
    clock.advance(30_000);
    const off = await staffCall(prod.app, enrolled.cookie, 'POST', '/api/admin/two-factor/disable', {
      code: await totpAt(enrolled.secret, clock.now()),
    });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe(StaffErrorCode.twoFactorState);
  });
});
