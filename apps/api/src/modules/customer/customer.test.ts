import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COOKIE,
  ErrorCode,
  TOKEN_EXPIRED_MESSAGE,
  type CodeSent,
  type ErrorBody,
  type SignedIn,
} from '@kiim/contract';
import { manualClock } from '#app/test/manual-clock.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { secondsRu, waitRu } from '#app/lib/russian.ts';
import { OTP_MAX_ATTEMPTS } from './customer.otp.ts';

const clock = manualClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
let seq = 0;
/** A fresh valid Kazakh mobile per call (`7701…`), so tests never share rate limits. */
const nextMobile = () => `7701${String(1_000_000 + ++seq).slice(1)}0`.slice(0, 11);

/** A client address of its own per number, so the per-address send limit of one test never touches another. */
const addressOf = (mobile: unknown) =>
  `10.1.${Number(String(mobile).slice(-4, -2)) || 0}.${Number(String(mobile).slice(-2)) || 1}`;

async function post<T>(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const mobile = (payload as { mobile?: string } | undefined)?.mobile;
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    remoteAddress: addressOf(mobile),
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { res, status: res.statusCode, body: res.json() as { data: T } & ErrorBody };
}

const sendCode = (mobile: string) => post<CodeSent>('/api/customer/auth-by-mobile', { mobile });
const confirm = (mobile: string, code: string) =>
  post<SignedIn>('/api/customer/auth-by-mobile/confirm', { mobile, code });

/** The code of the newest SMS to `mobile`, read from the development outbox. */
async function lastCode(mobile: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/sms-outbox?mobile=${encodeURIComponent(mobile)}`,
  });
  expect(res.statusCode).toBe(200);
  const [msg] = (res.json() as { data: { text: string }[] }).data;
  const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${mobile}`);
  return code;
}

/** A code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signIn(mobile = nextMobile()) {
  expect((await sendCode(mobile)).status).toBe(200);
  const r = await confirm(mobile, await lastCode(mobile));
  expect(r.status).toBe(200);
  return { mobile, token: r.body.data.token, customer: r.body.data.customer, res: r.res };
}

const me = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/customer/get-customer-by-token', headers, cookies });

const codeRow = (mobile: string) =>
  t.db
    .selectFrom('one_time_code')
    .selectAll()
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

describe('POST /api/customer/auth-by-mobile', () => {
  it('sends a 6-digit code by SMS, normalising the number, and stores only its HMAC', async () => {
    const r = await sendCode('+7 (701) 555-12-34');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ mobile: '77015551234', resendAfterSeconds: 60, expiresInSeconds: 300 });
    const code = await lastCode('77015551234');
    expect(code).toMatch(/^\d{6}$/);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?mobile=87015551234' });
    expect((res.json() as { data: { text: string }[] }).data[0]!.text).toBe(
      `Kiim: код для входа ${code}. Никому его не сообщайте.`,
    );
    const row = await codeRow('77015551234');
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
    expect(row.attempts).toBe(0);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(5 * MINUTE);
  });

  it('writes the code in Kazakh for the Kazakh storefront and in Russian otherwise (issue 35 §7)', async () => {
    const texts: Record<string, string> = {};
    for (const [lang, header] of [
      ['kk', { 'accept-language': 'kk' }],
      ['ru', { 'accept-language': 'ru' }],
      ['none', {}],
    ] as const) {
      const mobile = nextMobile();
      expect((await post('/api/customer/auth-by-mobile', { mobile }, header)).status).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}` });
      texts[lang] = (res.json() as { data: { text: string }[] }).data[0]!.text;
    }
    expect(texts.kk).toMatch(/^Kiim: кіру коды \d{6}\. Оны ешкімге айтпаңыз\.$/);
    expect(texts.ru).toMatch(/^Kiim: код для входа \d{6}\. Никому его не сообщайте\.$/);
    expect(texts.none).toMatch(/^Kiim: код для входа/);
    // One Cyrillic SMS segment each.
    for (const text of Object.values(texts)) expect(text.length).toBeLessThanOrEqual(70);
  });

  it('refuses a resend within 60 s with 429, the seconds to wait and Retry-After', async () => {
    const mobile = nextMobile();
    expect((await sendCode(mobile)).status).toBe(200);
    const first = await lastCode(mobile);
    clock.advance(15_000);
    const r = await sendCode(mobile);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(ErrorCode.rateLimited);
    expect(r.body.details).toEqual({ retryAfterSeconds: 45 });
    expect(r.body.message).toBe('Новый код можно запросить через 45 секунд');
    expect(r.res.headers['retry-after']).toBe('45');
    expect(await lastCode(mobile)).toBe(first); // nothing sent

    clock.advance(45_000);
    expect((await sendCode(mobile)).status).toBe(200);
    const second = await lastCode(mobile);
    // The new code voids the earlier one.
    if (second !== first) expect((await confirm(mobile, first)).body.code).toBe(ErrorCode.invalidCode);
    expect((await confirm(mobile, second)).status).toBe(200);
  });

  it('allows at most 3 codes a number per 15 minutes', async () => {
    const mobile = nextMobile();
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(mobile)).status).toBe(200);
      clock.advance(61_000);
    }
    const r = await sendCode(mobile);
    expect(r.status).toBe(429);
    expect(r.body.details).toEqual({ retryAfterSeconds: 15 * 60 - 3 * 61 });
    expect(r.body.message).toBe('Новый код можно запросить через 12 минут');
    expect(r.res.headers['retry-after']).toBe(String(15 * 60 - 3 * 61));
    clock.advance((15 * 60 - 3 * 61) * 1000);
    expect((await sendCode(mobile)).status).toBe(200);
  });

  it('sends one code when two requests for a number race', async () => {
    const mobile = nextMobile();
    const results = await Promise.all([sendCode(mobile), sendCode(mobile), sendCode(mobile)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    const rows = await t.db.selectFrom('one_time_code').select('id').where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps nothing and answers 503 when the SMS provider fails, so the shopper may retry at once', async () => {
    const mobile = nextMobile();
    const send = t.app.sms.send;
    t.app.sms.send = async () => {
      throw new Error('provider down');
    };
    try {
      const r = await sendCode(mobile);
      expect(r.status).toBe(503);
      expect(r.body.code).toBe(ErrorCode.smsUnavailable);
      expect(r.body.message).toBe('Не удалось отправить SMS. Попробуйте ещё раз через минуту');
    } finally {
      t.app.sms.send = send;
    }
    expect(
      await t.db.selectFrom('one_time_code').select('id').where('mobile', '=', mobile).execute(),
    ).toHaveLength(0);
    expect((await sendCode(mobile)).status).toBe(200);
  });

  it.each([
    ['a malformed number as', { mobile: '12345' }, 'mobile'],
    ['a Russian mobile as', { mobile: '+7 916 123 45 67' }, 'mobile'],
    ['a Kazakh landline as', { mobile: '+7 727 250 00 00' }, 'mobile'],
    ['an overlong number as', { mobile: '7'.repeat(33) }, 'mobile'],
    ['an empty object as', {}, 'mobile'],
    ['an unknown property in the', { mobile: '77015550000', name: 'x' }, null],
  ])('refuses %s input with 400 JSON', async (_name, body, field) => {
    const before = await t.db
      .selectFrom('one_time_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const r = await post('/api/customer/auth-by-mobile', body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.validation);
    if (field) expect(r.body.errors?.[field]?.[0]).toBeTruthy();
    const after = await t.db
      .selectFrom('one_time_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a request without a body or with malformed JSON with 400 JSON', async () => {
    for (const payload of [undefined, '{"mobile":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer/auth-by-mobile',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorBody).code).toBe(ErrorCode.validation);
    }
  });
});

describe('POST /api/customer/auth-by-mobile/confirm', () => {
  it('signs in a new number: creates the customer, answers a token and sets the HttpOnly cookie', async () => {
    const mobile = nextMobile();
    expect(
      await t.db.selectFrom('customer').select('id').where('mobile', '=', mobile).executeTakeFirst(),
    ).toBeUndefined();
    const { token, customer, res } = await signIn(mobile);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(customer).toMatchObject({
      mobile,
      name: null,
      surname: null,
      email: null,
      gender: null,
      birthDate: null,
      hasPassword: false,
    });
    expect(customer.id).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = res.cookies.find((c) => c.name === COOKIE.customerToken);
    expect(cookie).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 30 * 24 * 3600,
    });
    expect(cookie?.secure).toBeFalsy(); // Secure only in production
    expect(
      await t.db
        .selectFrom('customer_token')
        .select('token_hash')
        .where('customer_id', '=', customer.id)
        .execute(),
    ).toHaveLength(1);
    expect(JSON.stringify(await t.db.selectFrom('customer_token').selectAll().execute())).not.toContain(
      token,
    );
  });

  it('signs an existing customer in again as the same customer', async () => {
    const first = await signIn();
    clock.advance(MINUTE);
    const again = await signIn(first.mobile);
    expect(again.customer.id).toBe(first.customer.id);
    expect(again.token).not.toBe(first.token);
  });

  it('counts a wrong code as an attempt and tells how many are left', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = await lastCode(mobile);
    const r = await confirm(mobile, other(code));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.invalidCode);
    expect(r.body.errors?.code?.[0]).toBe('Неверный код. Осталось попыток: 4');
    expect(r.body.details).toEqual({ attemptsLeft: 4 });
    expect((await codeRow(mobile)).attempts).toBe(1);
    expect((await confirm(mobile, code)).status).toBe(200);
  });

  it('refuses even the right code after 5 wrong ones', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = await lastCode(mobile);
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      const r = await confirm(mobile, other(code));
      expect(r.body.code).toBe(ErrorCode.invalidCode);
      expect(r.body.details).toEqual({ attemptsLeft: OTP_MAX_ATTEMPTS - i });
    }
    const r = await confirm(mobile, code);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.codeAttemptsExceeded);
    expect(r.body.errors?.code).toBeTruthy();
    expect((await codeRow(mobile)).attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(
      await t.db.selectFrom('customer').select('id').where('mobile', '=', mobile).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('checks at most 5 guesses even when they arrive in parallel', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = await lastCode(mobile);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(guesses.map((g) => confirm(mobile, g)));
    expect(results.filter((r) => r.body.code === ErrorCode.invalidCode)).toHaveLength(OTP_MAX_ATTEMPTS);
    expect(results.filter((r) => r.body.code === ErrorCode.codeAttemptsExceeded)).toHaveLength(
      12 - OTP_MAX_ATTEMPTS,
    );
    expect((await codeRow(mobile)).attempts).toBe(OTP_MAX_ATTEMPTS);
  });

  it('refuses an expired code', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = await lastCode(mobile);
    clock.advance(5 * MINUTE + 1000);
    const r = await confirm(mobile, code);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.codeExpired);
    expect(r.body.errors?.code?.[0]).toMatch(/истёк/);
  });

  it('accepts a code once: reuse is refused, and parallel confirmations sign in once', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = await lastCode(mobile);
    const results = await Promise.all([confirm(mobile, code), confirm(mobile, code), confirm(mobile, code)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code).toBe(ErrorCode.codeExpired);
    const reuse = await confirm(mobile, code);
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe(ErrorCode.codeExpired);
    expect(
      await t.db
        .selectFrom('customer_token')
        .innerJoin('customer', 'customer.id', 'customer_token.customer_id')
        .select('token_hash')
        .where('mobile', '=', mobile)
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses a number that never got a code, and malformed input', async () => {
    const none = await confirm(nextMobile(), '123456');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(ErrorCode.codeExpired);
    for (const body of [
      { mobile: '77015550001', code: '12345' },
      { mobile: '77015550001', code: 'abcdef' },
      { mobile: '77015550001' },
      {},
    ]) {
      const r = await post('/api/customer/auth-by-mobile/confirm', body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(ErrorCode.validation);
    }
  });
});

describe('GET /api/customer/get-customer-by-token', () => {
  it('answers the customer for the X-Authorization header and for the cookie', async () => {
    const { token, customer } = await signIn();
    const byHeader = await me({ 'x-authorization': token });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toEqual({ data: customer });
    const byCookie = await me({}, { [COOKIE.customerToken]: token });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual({ data: customer });
  });

  it('answers 401 without a token and 403 for an unknown one', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: ErrorCode.unauthorized });
    const bad = await me({ 'x-authorization': 'not-a-token' });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ code: ErrorCode.forbidden });
  });

  it("answers 403 'Token has expired' after 8 idle days (spec §8)", async () => {
    const { token } = await signIn();
    clock.advance(8 * 24 * 3600 * 1000);
    const res = await me({ 'x-authorization': token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: ErrorCode.tokenExpired, message: TOKEN_EXPIRED_MESSAGE });
  });
});

describe('POST /api/customer/logout', () => {
  it('revokes the token and clears the cookie', async () => {
    const { token } = await signIn();
    const r = await post('/api/customer/logout', { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { ok: true } });
    const cleared = r.res.cookies.find((c) => c.name === COOKIE.customerToken);
    expect(cleared?.value).toBe('');
    expect((await me({ 'x-authorization': token })).statusCode).toBe(403);
  });

  it('revokes the token of the request when the body has none', async () => {
    const { token } = await signIn();
    expect((await post('/api/customer/logout', {}, { 'x-authorization': token })).status).toBe(200);
    expect((await me({ 'x-authorization': token })).statusCode).toBe(403);
  });

  it('answers ok for an unknown token', async () => {
    const r = await post('/api/customer/logout', { token: 'unknown' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { ok: true } });
  });
});

describe('waitRu', () => {
  it('tells a wait in seconds, minutes or hours, rounded up', () => {
    expect([1, 45, 90, 91, 3600, 5400, 5401, 86_400].map(waitRu)).toEqual([
      '1 секунду',
      '45 секунд',
      '90 секунд',
      '2 минуты',
      '60 минут',
      '90 минут',
      '2 часа',
      '24 часа',
    ]);
  });
});

describe('secondsRu', () => {
  it('declines «секунда» after a number', () => {
    expect([1, 2, 5, 11, 12, 21, 22, 25, 45, 59].map(secondsRu)).toEqual([
      '1 секунду',
      '2 секунды',
      '5 секунд',
      '11 секунд',
      '12 секунд',
      '21 секунду',
      '22 секунды',
      '25 секунд',
      '45 секунд',
      '59 секунд',
    ]);
  });
});
