import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COOKIE,
  ErrorCode,
  PASSWORD_RULE_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
  type Customer,
  type SignedIn,
} from '@kiim/contract';
import { manualClock } from '#app/test/manual-clock.ts';
import { sha256 } from '#app/lib/ids.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import {
  call,
  lastCode,
  lastSmsText,
  nextAddress,
  nextMobile,
  otherCode,
} from '#app/test/customer.fixtures.ts';

const clock = manualClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = 'Qazaqstan2026';

const tokenRow = (token: string) =>
  t.db
    .selectFrom('customer_token')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirstOrThrow();
const me = (token: string) => call<Customer>(t, 'GET', '/api/customer/get-customer-by-token', { token });

/** Registers a new customer through both registration calls. */
async function register(opts: { mobile?: string; password?: string; name?: string; surname?: string } = {}) {
  const mobile = opts.mobile ?? nextMobile();
  const ip = nextAddress();
  const name = opts.name ?? 'Айгерим';
  const sent = await call(t, 'POST', '/api/customer/register-by-mobile', { body: { mobile, name }, ip });
  expect(sent.status).toBe(200);
  const body: Record<string, string> = { mobile, code: await lastCode(t, mobile), name };
  if (opts.surname) body.surname = opts.surname;
  if (opts.password) body.password = opts.password;
  const done = await call<SignedIn>(t, 'POST', '/api/customer/register-by-mobile/confirm', { body, ip });
  expect(done.status).toBe(200);
  // The number's SMS budget is shared by all purposes: let the 60-second resend pause pass.
  clock.advance(61_000);
  return { mobile, ip, ...done.body.data, cookies: done.cookies };
}

const signInByPassword = (mobile: string, password: string, ip = '10.3.0.1') =>
  call<SignedIn>(t, 'POST', '/api/customer/auth-by-mobile-password', { body: { mobile, password }, ip });

describe('registration: POST /api/customer/register-by-mobile and /confirm', () => {
  it('sends a registration code, then creates the customer with name, surname and an argon2id password', async () => {
    const mobile = nextMobile();
    const sent = await call(t, 'POST', '/api/customer/register-by-mobile', {
      body: {
        mobile: `+7 ${mobile.slice(1, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7, 9)} ${mobile.slice(9)}`,
        name: 'Айгерим',
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ mobile, resendAfterSeconds: 60, expiresInSeconds: 300 });
    expect(await lastSmsText(t, mobile)).toMatch(
      /^Kiim: код для регистрации \d{6}\. Никому его не сообщайте\.$/,
    );

    const done = await call<SignedIn>(t, 'POST', '/api/customer/register-by-mobile/confirm', {
      body: {
        mobile,
        code: await lastCode(t, mobile),
        name: 'Айгерим',
        surname: 'Сапарова',
        password: PASSWORD,
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.customer).toMatchObject({
      mobile,
      name: 'Айгерим',
      surname: 'Сапарова',
      hasPassword: true,
    });
    expect(done.cookies.find((c) => c.name === COOKIE.customerToken)).toMatchObject({
      value: done.body.data.token,
      httpOnly: true,
    });
    const row = await t.db
      .selectFrom('customer')
      .select('password_hash')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect((await me(done.body.data.token)).body.data.name).toBe('Айгерим');
  });

  it('registers without a password; the customer can set one later', async () => {
    const { customer, token } = await register();
    expect(customer.hasPassword).toBe(false);
    const set = await call(t, 'POST', '/api/customer/update-password', {
      token,
      body: { password: PASSWORD },
    });
    expect(set.status).toBe(200);
    expect((await signInByPassword(customer.mobile, PASSWORD)).status).toBe(200);
  });

  it('refuses a number that already has an account with 409 and sends nothing', async () => {
    const { mobile } = await register();
    clock.advance(2 * MINUTE);
    const before = await lastSmsText(t, mobile);
    const r = await call(t, 'POST', '/api/customer/register-by-mobile', { body: { mobile, name: 'Ерлан' } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(ErrorCode.alreadyRegistered);
    expect(r.body.errors?.mobile?.[0]).toMatch(/уже зарегистрирован/);
    expect(await lastSmsText(t, mobile)).toBe(before);
  });

  it('does not accept a sign-in code for registration, nor a registration code for sign-in', async () => {
    const mobile = nextMobile();
    expect((await call(t, 'POST', '/api/customer/auth-by-mobile', { body: { mobile } })).status).toBe(200);
    const signInCode = await lastCode(t, mobile);
    const r = await call(t, 'POST', '/api/customer/register-by-mobile/confirm', {
      body: { mobile, code: signInCode, name: 'Ерлан' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.codeExpired);

    const other = nextMobile();
    expect(
      (await call(t, 'POST', '/api/customer/register-by-mobile', { body: { mobile: other, name: 'Ерлан' } }))
        .status,
    ).toBe(200);
    const regCode = await lastCode(t, other);
    const s = await call(t, 'POST', '/api/customer/auth-by-mobile/confirm', {
      body: { mobile: other, code: regCode },
    });
    expect(s.status).toBe(400);
    expect(s.body.code).toBe(ErrorCode.codeExpired);
  });

  it('checks the password before the code, so a weak password costs no attempt', async () => {
    const mobile = nextMobile();
    await call(t, 'POST', '/api/customer/register-by-mobile', { body: { mobile, name: 'Ерлан' } });
    const code = await lastCode(t, mobile);
    for (const [password, message] of [
      ['short1', PASSWORD_RULE_MESSAGE],
      ['onlyletters', PASSWORD_RULE_MESSAGE],
      ['1234567890', PASSWORD_RULE_MESSAGE],
      [`a${mobile.slice(1)}`, 'Пароль не должен содержать номер телефона'],
      ['x1'.repeat(65), 'Пароль должен быть не длиннее 128 символов'],
    ] as const) {
      const r = await call(t, 'POST', '/api/customer/register-by-mobile/confirm', {
        body: { mobile, code, name: 'Ерлан', password },
      });
      expect(r.status).toBe(400);
      expect(r.body.errors?.password?.[0]).toBe(message);
    }
    const row = await t.db
      .selectFrom('one_time_code')
      .select('attempts')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    const ok = await call(t, 'POST', '/api/customer/register-by-mobile/confirm', {
      body: { mobile, code, name: 'Ерлан', password: PASSWORD },
    });
    expect(ok.status).toBe(200);
  });

  it('stops a brute force of the registration code after 5 wrong tries', async () => {
    const mobile = nextMobile();
    await call(t, 'POST', '/api/customer/register-by-mobile', { body: { mobile, name: 'Ерлан' } });
    const code = await lastCode(t, mobile);
    for (let i = 0; i < 5; i++) {
      const r = await call(t, 'POST', '/api/customer/register-by-mobile/confirm', {
        body: { mobile, code: otherCode(code), name: 'Ерлан' },
      });
      expect(r.body.code).toBe(ErrorCode.invalidCode);
    }
    const r = await call(t, 'POST', '/api/customer/register-by-mobile/confirm', {
      body: { mobile, code, name: 'Ерлан' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.codeAttemptsExceeded);
    expect(
      await t.db.selectFrom('customer').select('id').where('mobile', '=', mobile).executeTakeFirst(),
    ).toBeUndefined();
  });

  it.each([
    ['an empty body', {}, ['mobile', 'name']],
    ['a malformed number', { mobile: '+7 123', name: 'Ерлан' }, ['mobile']],
    ['a Russian number', { mobile: '+7 916 123 45 67', name: 'Ерлан' }, ['mobile']],
    ['an empty name', { mobile: '77051234567', name: '  ' }, ['name']],
    ['an overlong name', { mobile: '77051234567', name: 'А'.repeat(51) }, ['name']],
    ['a name with digits', { mobile: '77051234567', name: 'Ерлан1' }, ['name']],
    ['an overlong surname', { mobile: '77051234567', name: 'Ерлан', surname: 'Б'.repeat(51) }, ['surname']],
    ['an unknown field', { mobile: '77051234567', name: 'Ерлан', role: 'admin' }, []],
  ])('refuses %s with 400 and field errors, sending nothing', async (_n, body, fields) => {
    const sends = await t.db.selectFrom('sms_send').select('id').execute();
    const r = await call(t, 'POST', '/api/customer/register-by-mobile', { body });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.validation);
    for (const f of fields) expect(r.body.errors?.[f]?.[0]).toBeTruthy();
    expect(await t.db.selectFrom('sms_send').select('id').execute()).toHaveLength(sends.length);
  });
});

describe('password sign-in: POST /api/customer/auth-by-mobile-password', () => {
  it('signs in with the right password: a new token from a password, set as the cookie', async () => {
    const { mobile, token: first } = await register({ password: PASSWORD });
    const r = await signInByPassword(`8${mobile.slice(1)}`, PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.data.token).not.toBe(first);
    expect(r.body.data.customer.mobile).toBe(mobile);
    expect(r.cookies.find((c) => c.name === COOKIE.customerToken)?.value).toBe(r.body.data.token);
    expect((await tokenRow(r.body.data.token)).auth_method).toBe('password');
    expect((await me(r.body.data.token)).status).toBe(200);
  });

  it('answers a wrong password, an unknown number and an account without password alike', async () => {
    const { mobile } = await register({ password: PASSWORD });
    const { mobile: noPassword } = await register();
    for (const [m, p] of [
      [mobile, 'Wrong2026'],
      [nextMobile(), PASSWORD],
      [noPassword, PASSWORD],
    ] as const) {
      const r = await signInByPassword(m, p, nextAddress());
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({
        code: ErrorCode.invalidCredentials,
        message: 'Неверный номер телефона или пароль',
        errors: { password: ['Неверный номер телефона или пароль'] },
      });
    }
  });

  it('stops guessing after 5 failures per number for 15 minutes, even with the right password', async () => {
    const { mobile } = await register({ password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      expect((await signInByPassword(mobile, `Wrong${i}pass`, nextAddress())).status).toBe(401);
      clock.advance(10_000);
    }
    const r = await signInByPassword(mobile, PASSWORD, nextAddress());
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(ErrorCode.rateLimited);
    expect(r.body.details).toEqual({ retryAfterSeconds: 15 * 60 - 50 });
    expect(r.body.message).toBe(
      'Слишком много неудачных попыток входа. Попробуйте через 15 минут или войдите по коду из SMS',
    );
    expect(r.headers['retry-after']).toBe(String(15 * 60 - 50));
    clock.advance((15 * 60 - 50) * 1000);
    expect((await signInByPassword(mobile, PASSWORD, nextAddress())).status).toBe(200);
    // A success forgets the failures.
    expect((await signInByPassword(mobile, 'Wrong9pass', nextAddress())).status).toBe(401);
    expect((await signInByPassword(mobile, PASSWORD, nextAddress())).status).toBe(200);
  });

  it('never checks more than 5 guesses for a number even when they arrive in parallel', async () => {
    const { mobile } = await register({ password: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) => signInByPassword(mobile, `Guess${i}word`, nextAddress())),
    );
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(4);
    clock.advance(16 * MINUTE);
  });

  it('limits failures from one client address to 20 per 15 minutes', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 20; i++)
      expect((await signInByPassword(nextMobile(), PASSWORD, ip)).status).toBe(401);
    const r = await signInByPassword(nextMobile(), PASSWORD, ip);
    expect(r.status).toBe(429);
    expect(r.body.details).toMatchObject({ retryAfterSeconds: 15 * 60 });
    expect((await signInByPassword(nextMobile(), PASSWORD, nextAddress())).status).toBe(401);
    clock.advance(16 * MINUTE);
  });

  it.each([
    ['an empty body', {}, ['mobile', 'password']],
    ['a malformed number', { mobile: 'abc', password: PASSWORD }, ['mobile']],
    ['an empty password', { mobile: '77051234567', password: '' }, ['password']],
    ['an overlong password', { mobile: '77051234567', password: 'x'.repeat(129) }, ['password']],
  ])('refuses %s with 400 JSON', async (_n, body, fields) => {
    const r = await call(t, 'POST', '/api/customer/auth-by-mobile-password', { body });
    expect(r.status).toBe(400);
    for (const f of fields) expect(r.body.errors?.[f]?.[0]).toBeTruthy();
  });
});

describe('password recovery: get-code-for-recover-password, confirm-recover-password-code, update-password', () => {
  it('sends a code to a registered number, signs in with it and sets a new password without the old one', async () => {
    const { mobile, token: oldSession } = await register({ password: PASSWORD });
    const sent = await call(t, 'GET', `/api/customer/get-code-for-recover-password?mobile=${mobile}`);
    expect(sent.status).toBe(200);
    expect(await lastSmsText(t, mobile)).toMatch(/^Kiim: код для восстановления пароля \d{6}\./);
    const confirmed = await call<SignedIn>(t, 'POST', '/api/customer/confirm-recover-password-code', {
      body: { mobile, code: await lastCode(t, mobile) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.cookies.find((c) => c.name === COOKIE.customerToken)?.value).toBe(
      confirmed.body.data.token,
    );
    const token = confirmed.body.data.token;
    expect((await tokenRow(token)).auth_method).toBe('recovery');

    const changed = await call(t, 'POST', '/api/customer/update-password', {
      token,
      body: { password: 'NewSecret42' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ ok: true });
    expect((await signInByPassword(mobile, PASSWORD, nextAddress())).status).toBe(401);
    expect((await signInByPassword(mobile, 'NewSecret42', nextAddress())).status).toBe(200);
    // Other sessions end with the old password; the one that changed it stays.
    expect((await me(oldSession)).status).toBe(403);
    expect((await tokenRow(oldSession)).revoked_reason).toBe('password');
    expect((await me(token)).status).toBe(200);
  });

  it('asks for the current password once the recovery sign-in is older than 15 minutes', async () => {
    const { mobile } = await register({ password: PASSWORD });
    await call(t, 'GET', `/api/customer/get-code-for-recover-password?mobile=${mobile}`);
    const { body } = await call<SignedIn>(t, 'POST', '/api/customer/confirm-recover-password-code', {
      body: { mobile, code: await lastCode(t, mobile) },
    });
    clock.advance(16 * MINUTE);
    const r = await call(t, 'POST', '/api/customer/update-password', {
      token: body.data.token,
      body: { password: 'NewSecret42' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.currentPasswordRequired);
    expect(r.body.errors?.currentPassword?.[0]).toBe('Введите текущий пароль');
  });

  it('answers 404 for a number without an account, and refuses a wrong recovery code', async () => {
    const unknown = nextMobile();
    const r = await call(t, 'GET', `/api/customer/get-code-for-recover-password?mobile=${unknown}`);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(ErrorCode.notRegistered);
    expect(r.body.errors?.mobile?.[0]).toMatch(/не найден/);
    expect(await lastSmsText(t, unknown)).toBeUndefined();

    const { mobile } = await register({ password: PASSWORD });
    clock.advance(2 * MINUTE);
    await call(t, 'GET', `/api/customer/get-code-for-recover-password?mobile=${mobile}`);
    const code = await lastCode(t, mobile);
    const wrong = await call(t, 'POST', '/api/customer/confirm-recover-password-code', {
      body: { mobile, code: otherCode(code) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(ErrorCode.invalidCode);
  });

  it.each([
    ['without a number', '', 'mobile'],
    ['with a malformed number', '?mobile=12', 'mobile'],
    ['with an overlong number', `?mobile=${'7'.repeat(40)}`, 'mobile'],
  ])('refuses a recovery request %s with 400 JSON', async (_n, query, field) => {
    const r = await call(t, 'GET', `/api/customer/get-code-for-recover-password${query}`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[field]?.[0]).toBeTruthy();
  });
});

describe('POST /api/customer/update-password (signed in)', () => {
  it('needs the right current password after a password sign-in, and counts wrong ones', async () => {
    const { mobile } = await register({ password: PASSWORD });
    const { body } = await signInByPassword(mobile, PASSWORD, nextAddress());
    const token = body.data.token;
    const none = await call(t, 'POST', '/api/customer/update-password', {
      token,
      body: { password: 'NewSecret42' },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors?.currentPassword?.[0]).toBe('Введите текущий пароль');
    const wrong = await call(t, 'POST', '/api/customer/update-password', {
      token,
      body: { password: 'NewSecret42', currentPassword: 'Wrong2026' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.currentPassword?.[0]).toBe('Неверный текущий пароль');
    const ok = await call(t, 'POST', '/api/customer/update-password', {
      token,
      body: { password: 'NewSecret42', currentPassword: PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect((await signInByPassword(mobile, 'NewSecret42', nextAddress())).status).toBe(200);
  });

  it('answers 401 without a token and 400 for a weak password', async () => {
    expect(
      (await call(t, 'POST', '/api/customer/update-password', { body: { password: 'NewSecret42' } })).status,
    ).toBe(401);
    const { token } = await register();
    const weak = await call(t, 'POST', '/api/customer/update-password', {
      token,
      body: { password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.password?.[0]).toBe(PASSWORD_RULE_MESSAGE);
    const empty = await call(t, 'POST', '/api/customer/update-password', { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.password?.[0]).toBeTruthy();
  });
});

describe('POST /api/customer/update (profile)', () => {
  it('changes name, surname, e-mail, gender and birth date; null clears an optional field', async () => {
    const { token, customer } = await register({ surname: 'Сапарова' });
    const r = await call<Customer>(t, 'POST', '/api/customer/update', {
      token,
      body: {
        name: 'Айжан',
        surname: 'Омарова-Ким',
        email: ' Aizhan@Mail.KZ ',
        gender: 0,
        birthDate: '1994-03-08',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      ...customer,
      name: 'Айжан',
      surname: 'Омарова-Ким',
      email: 'aizhan@mail.kz',
      gender: 0,
      birthDate: '1994-03-08',
    });
    expect((await me(token)).body.data).toEqual(r.body.data);
    const cleared = await call<Customer>(t, 'POST', '/api/customer/update', {
      token,
      body: { email: null, gender: null },
    });
    expect(cleared.body.data).toMatchObject({
      name: 'Айжан',
      email: null,
      gender: null,
      birthDate: '1994-03-08',
    });
  });

  it('accepts the token from the customer_token cookie too', async () => {
    const { token } = await register();
    const r = await call<Customer>(t, 'POST', '/api/customer/update', { cookie: token, body: { gender: 1 } });
    expect(r.status).toBe(200);
    expect(r.body.data.gender).toBe(1);
  });

  it.each([
    ['an empty body', {}, null],
    ['an empty name', { name: '' }, 'name'],
    ['a null name', { name: null }, 'name'],
    ['an overlong name', { name: 'Я'.repeat(51) }, 'name'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['an overlong e-mail', { email: `${'a'.repeat(250)}@x.kz` }, 'email'],
    ['gender 2', { gender: 2 }, 'gender'],
    ['a birth date that is not a date', { birthDate: '1994-02-30' }, 'birthDate'],
    ['a birth date in another format', { birthDate: '08.03.1994' }, 'birthDate'],
    ['a birth date in the future', { birthDate: '2030-01-01' }, 'birthDate'],
    ['an unknown field', { mobile: '77010000000' }, null],
  ])('refuses %s with 400 and changes nothing', async (_n, body, field) => {
    const { token, customer } = await register();
    const r = await call(t, 'POST', '/api/customer/update', { token, body });
    expect(r.status).toBe(400);
    if (field) expect(r.body.errors?.[field]?.[0]).toBeTruthy();
    expect((await me(token)).body.data).toEqual(customer);
  });

  it('answers 401 without a token and 403 for an unknown one', async () => {
    expect((await call(t, 'POST', '/api/customer/update', { body: { name: 'Ерлан' } })).status).toBe(401);
    expect(
      (await call(t, 'POST', '/api/customer/update', { token: 'x'.repeat(43), body: { name: 'Ерлан' } }))
        .status,
    ).toBe(403);
  });
});

describe('tokens: expiry, refresh (POST /api/customer/auth-by-expired-token), revocation', () => {
  const refresh = (token?: string, cookie?: string) =>
    call<SignedIn>(t, 'POST', '/api/customer/auth-by-expired-token', {
      body: token ? { token } : {},
      cookie,
    });

  it('slides 7 days after the last use, but never past 30 days in all', async () => {
    const { token } = await register();
    for (let day = 6; day <= 24; day += 6) {
      clock.advance(6 * DAY);
      expect((await me(token)).status).toBe(200);
    }
    clock.advance(6 * DAY + MINUTE); // day 30 and a minute
    const r = await me(token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: ErrorCode.tokenExpired, message: TOKEN_EXPIRED_MESSAGE });
  });

  it('exchanges an expired token for a new one and revokes the old one, which is refused afterwards', async () => {
    const { token } = await register();
    clock.advance(8 * DAY);
    expect((await me(token)).body.message).toBe(TOKEN_EXPIRED_MESSAGE);
    const r = await refresh(token);
    expect(r.status).toBe(200);
    const fresh = r.body.data.token;
    expect(fresh).not.toBe(token);
    expect(r.cookies.find((c) => c.name === COOKIE.customerToken)?.value).toBe(fresh);
    expect((await me(fresh)).status).toBe(200);
    expect((await tokenRow(fresh)).auth_method).toBe('refresh');
    expect((await tokenRow(token)).revoked_reason).toBe('refresh');

    const again = await refresh(token);
    expect(again.status).toBe(403);
    expect(again.body.code).toBe(ErrorCode.forbidden);
    const old = await me(token);
    expect(old.status).toBe(403);
    expect(old.body.message).not.toBe(TOKEN_EXPIRED_MESSAGE);
  });

  it('refreshes until 60 days after expiry and refuses after', async () => {
    const a = await register();
    const b = await register();
    clock.advance(7 * DAY + 59 * DAY);
    expect((await refresh(a.token)).status).toBe(200);
    clock.advance(DAY + MINUTE);
    const late = await refresh(b.token);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('Сессия давно истекла. Войдите снова');
  });

  it('exchanges a token once when two refreshes race', async () => {
    const { token } = await register();
    clock.advance(8 * DAY);
    const results = await Promise.all([refresh(token), refresh(token), refresh(token)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(2);
  });

  it('takes the token from the cookie when the body has none, and refuses unknown or missing tokens', async () => {
    const { token } = await register();
    expect((await refresh(undefined, token)).status).toBe(200);
    expect((await refresh('unknown-token')).status).toBe(403);
    expect((await refresh()).status).toBe(403);
    const long = await refresh('x'.repeat(201));
    expect(long.status).toBe(400);
  });

  it('logout revokes: the token is refused everywhere, refresh included', async () => {
    const { token } = await register();
    expect((await call(t, 'POST', '/api/customer/logout', { body: { token } })).status).toBe(200);
    expect((await me(token)).status).toBe(403);
    expect((await refresh(token)).status).toBe(403);
    expect((await tokenRow(token)).revoked_reason).toBe('logout');
  });

  it('issues a new token at every sign-in', async () => {
    const { mobile, token } = await register({ password: PASSWORD });
    const a = await signInByPassword(mobile, PASSWORD, nextAddress());
    const b = await signInByPassword(mobile, PASSWORD, nextAddress());
    expect(new Set([token, a.body.data.token, b.body.data.token]).size).toBe(3);
    for (const tk of [token, a.body.data.token, b.body.data.token]) expect((await me(tk)).status).toBe(200);
  });
});
