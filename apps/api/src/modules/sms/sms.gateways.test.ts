import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, type ErrorBody, type SignedIn } from '@kiim/contract';
import { buildApp, type App } from '#app/app.ts';
import { loadConfig } from '#app/config.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { startGatewaySim, type GatewaySim } from '@kiim/tools/sms-gateway';
import { createMobizonProvider } from './sms.mobizon.ts';
import { SmsProviderError, type SmsProvider, type SmsProviderDeps } from './sms.provider.ts';
import { createSmscProvider } from './sms.smsc.ts';

const creds = { mobizonKey: 'mz-test-key', smscLogin: 'kiim', smscPassword: 'smsc-secret' };
const clock = manualClock();
let t: TestContext;
let sim: GatewaySim;
let deps: SmsProviderDeps;

beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
  deps = { db: t.db, log: t.app.log, clock };
});
afterAll(async () => {
  await t?.close();
});

/**
 * Gives each test of the enclosing describe a simulator of its own, closed after it. A request whose client
 * timed out may reach the simulator only after the test has ended (the simulator records it when it reads it);
 * with a shared simulator it landed in the next test's `requests`. Closing drops it, and a test's scripted
 * answers that no request used die with its simulator.
 */
function simulatorPerTest(): void {
  beforeEach(async () => {
    sim = await startGatewaySim(creds);
  });
  afterEach(async () => {
    await sim.close();
  });
}

const mobizon = (over: Partial<Parameters<typeof createMobizonProvider>[1]> = {}) =>
  createMobizonProvider(deps, {
    apiUrl: sim.url,
    apiKey: creds.mobizonKey,
    sender: 'KIIM',
    timeoutMs: 2000,
    ...over,
  });
const smsc = (over: Partial<Parameters<typeof createSmscProvider>[1]> = {}) =>
  createSmscProvider(deps, {
    apiUrl: sim.url,
    login: creds.smscLogin,
    password: creds.smscPassword,
    sender: 'KIIM',
    timeoutMs: 2000,
    ...over,
  });

/** The SmsProviderError a send fails with. */
async function failure(provider: SmsProvider, mobile = '77011234567'): Promise<SmsProviderError> {
  const err = await provider.send(mobile, 'Kiim: код для входа 123456.').then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsProviderError);
  return err as SmsProviderError;
}

const lastRecorded = (provider: string) =>
  t.db
    .selectFrom('sms_message')
    .selectAll()
    .where('provider', '=', provider)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();

describe('Mobizon adapter', () => {
  simulatorPerTest();

  it('posts the documented form and records the message id with the code masked', async () => {
    await mobizon().send('77011234567', 'Kiim: код для входа 123456. Никому его не сообщайте.');
    expect(sim.requests).toHaveLength(1);
    const [req] = sim.requests;
    expect(req!.path).toBe('/service/message/sendsmsmessage');
    expect(req!.query).toEqual({ output: 'json', api: 'v1', apiKey: creds.mobizonKey });
    expect(req!.form).toEqual({
      recipient: '77011234567',
      text: 'Kiim: код для входа 123456. Никому его не сообщайте.',
      from: 'KIIM',
    });
    const row = await lastRecorded('mobizon');
    expect(row).toMatchObject({
      mobile: '77011234567',
      status: 'sent',
      text: 'Kiim: код для входа ••••••. Никому его не сообщайте.',
    });
    expect(row?.provider_message_id).toMatch(/^\d+$/);
  });

  it('repeats the call once on the server named by a code-13 answer', async () => {
    sim.script({ json: { code: 13, data: `127.0.0.1:${sim.port}`, message: 'Wrong server' } });
    await mobizon({ apiUrl: `http://localhost:${sim.port}` }).send('77011234567', 'Kiim: код 654321');
    expect(sim.requests.map((r) => r.host)).toEqual([`localhost:${sim.port}`, `127.0.0.1:${sim.port}`]);
  });

  it.each([
    [
      'a refused recipient (code 1, data.recipient)',
      { json: { code: 1, data: { recipient: 'bad' }, message: 'Validation' } },
      'recipient',
      1,
    ],
    [
      'another validation error (code 1)',
      { json: { code: 1, data: { from: 'bad sender' }, message: 'Validation' } },
      'unavailable',
      1,
    ],
    ['a failed authentication (code 8)', { json: { code: 8, data: '', message: 'Auth' } }, 'unavailable', 8],
    ['a spent limit (code 12)', { json: { code: 12, data: '', message: 'Limit' } }, 'unavailable', 12],
    ['a blocked account (code 14)', { json: { code: 14, data: '', message: 'Blocked' } }, 'unavailable', 14],
    ['a rate limit (code 30)', { json: { code: 30, data: '', message: 'Too fast' } }, 'throttled', 30],
    ['a general error (code 999)', { json: { code: 999, data: '', message: 'Error' } }, 'unavailable', 999],
    ['an HTTP 502', { status: 502, json: {} }, 'unavailable', 502],
    ['a body that is not JSON', { text: '<html>maintenance</html>' }, 'unavailable', 200],
  ])('maps %s to "%s"', async (_n, answer, kind, code) => {
    sim.script(answer);
    const err = await failure(mobizon());
    expect(err.kind).toBe(kind);
    expect(err.providerCode).toBe(code);
    if (kind === 'throttled') expect(err.retryAfterSeconds).toBe(60);
  });

  it('maps a wrong API key and a gateway that does not answer in time to "unavailable"', async () => {
    expect((await failure(mobizon({ apiKey: 'wrong' }))).providerCode).toBe(8);
    sim.script({ delayMs: 1500, json: { code: 0, data: { messageId: '1' } } });
    const err = await failure(mobizon({ timeoutMs: 200 }));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toMatch(/no answer in 200 ms/);
  });

  it('maps an unreachable gateway to "unavailable"', async () => {
    const err = await failure(mobizon({ apiUrl: 'http://127.0.0.1:9' }));
    expect(err.kind).toBe('unavailable');
  });
});

describe('SMSC.kz adapter', () => {
  simulatorPerTest();

  it('posts the documented form and records the message id', async () => {
    await smsc().send('77011234567', 'Kiim: код для входа 123456.');
    expect(sim.requests).toHaveLength(1);
    const [req] = sim.requests;
    expect(req!.path).toBe('/sys/send.php');
    expect(req!.form).toEqual({
      login: creds.smscLogin,
      psw: creds.smscPassword,
      phones: '77011234567',
      mes: 'Kiim: код для входа 123456.',
      charset: 'utf-8',
      fmt: '3',
      sender: 'KIIM',
    });
    expect(await lastRecorded('smsc')).toMatchObject({ status: 'sent', text: 'Kiim: код для входа ••••••.' });
  });

  it.each([
    [1, 'unavailable'],
    [2, 'unavailable'],
    [3, 'unavailable'],
    [4, 'unavailable'],
    [6, 'unavailable'],
    [7, 'recipient'],
    [8, 'recipient'],
    [9, 'throttled'],
  ])('maps error_code %i to "%s"', async (code, kind) => {
    sim.script({ json: { error: 'error', error_code: code } });
    const err = await failure(smsc());
    expect(err.kind).toBe(kind);
    expect(err.providerCode).toBe(code);
  });

  it('maps wrong credentials from the gateway itself to "unavailable"', async () => {
    expect((await failure(smsc({ password: 'wrong' }))).providerCode).toBe(2);
  });
});

describe('the shop with a real gateway (SMS_PROVIDER=mobizon, simulated)', () => {
  let app: App;
  beforeAll(async () => {
    // One simulator for the app's configuration; every request here is answered before its test ends.
    sim = await startGatewaySim(creds);
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SMS_PROVIDER: 'mobizon',
      MOBIZON_API_URL: sim.url,
      MOBIZON_API_KEY: creds.mobizonKey,
      SMS_TIMEOUT_MS: '2000',
    });
    app = await buildApp({
      config,
      db: { db: t.db, dialect: t.dialect },
      clock,
      logger: false,
      migrate: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });
  beforeEach(() => {
    sim.requests.length = 0;
  });

  const post = async <T>(url: string, body: unknown) => {
    const res = await app.inject({ method: 'POST', url, payload: body as object, remoteAddress: '10.4.0.1' });
    return { status: res.statusCode, body: res.json() as { data: T } & ErrorBody, headers: res.headers };
  };

  it('sends the code through the gateway and signs in with it; no development outbox', async () => {
    const r = await post('/api/customer/auth-by-mobile', { mobile: '+7 701 200 00 01' });
    expect(r.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(sim.requests.at(-1)!.form.text!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const signed = await post<SignedIn>('/api/customer/auth-by-mobile/confirm', {
      mobile: '77012000001',
      code,
    });
    expect(signed.status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).statusCode).toBe(404);
  });

  it('maps gateway errors to shop errors; a failed send does not count against the limits', async () => {
    sim.script({ json: { code: 1, data: { recipient: 'bad' }, message: 'Validation' } });
    const refused = await post('/api/customer/auth-by-mobile', { mobile: '77012000002' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ErrorCode.smsUndeliverable);
    expect(refused.body.errors?.mobile?.[0]).toBe(
      'Не удалось отправить SMS на этот номер. Проверьте номер или укажите другой',
    );

    sim.script({ json: { code: 30, data: '', message: 'Too fast' } });
    const throttled = await post('/api/customer/auth-by-mobile', { mobile: '77012000002' });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({
      code: ErrorCode.rateLimited,
      message: 'SMS-сервис перегружен. Попробуйте через 60 секунд',
      details: { retryAfterSeconds: 60 },
    });
    expect(throttled.headers['retry-after']).toBe('60');

    sim.script({ json: { code: 8, data: '', message: 'Auth' } });
    const down = await post('/api/customer/auth-by-mobile', { mobile: '77012000002' });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      code: ErrorCode.smsUnavailable,
      message: 'Не удалось отправить SMS. Попробуйте ещё раз через минуту',
    });

    expect((await post('/api/customer/auth-by-mobile', { mobile: '77012000002' })).status).toBe(200);
    const sends = await t.db
      .selectFrom('sms_send')
      .select('status')
      .where('mobile', '=', '77012000002')
      .orderBy('seq')
      .execute();
    expect(sends.map((s) => s.status)).toEqual(['failed', 'failed', 'failed', 'sent']);
  });
});

describe('configuration of the SMS provider', () => {
  it('lists the missing credentials of the chosen gateway', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'mobizon' })).toThrow(
      /MOBIZON_API_KEY: required when SMS_PROVIDER=mobizon/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'smsc', SMSC_LOGIN: 'x' })).toThrow(
      /SMSC_PASSWORD: required when SMS_PROVIDER=smsc/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'beeline' })).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({ SMS_PROVIDER: 'smsc', SMSC_LOGIN: 'a', SMSC_PASSWORD: 'b' }).sms.smsc).toMatchObject({
      apiUrl: 'https://smsc.kz',
      login: 'a',
    });
  });
});
