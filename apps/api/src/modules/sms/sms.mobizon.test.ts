import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#app/app.ts';
import { loadConfig } from '#app/config.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { startGatewaySim, type GatewaySim } from '@kiim/tools/sms-gateway';
import { createMobizonProvider } from './sms.mobizon.ts';
import { SmsProviderError } from './sms.provider.ts';

// Mobizon as its own docs and client define it (payments-sms.md §4): code 100 («sent in the background») is a
// success, and a one-time code carries `params[validity]` (minutes, 60–1440) so a late code dies at the gateway.

const creds = { mobizonKey: 'mz-test-key', smscLogin: 'kiim', smscPassword: 'smsc-secret' };
const clock = manualClock();
let t: TestContext;
let sim: GatewaySim;

beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
});
afterAll(async () => {
  await t?.close();
});

const mobizon = () =>
  createMobizonProvider(
    { db: t.db, log: t.app.log, clock },
    { apiUrl: sim.url, apiKey: creds.mobizonKey, sender: undefined, timeoutMs: 2000 },
  );
const recorded = (mobile: string) =>
  t.db.selectFrom('sms_message').selectAll().where('mobile', '=', mobile).orderBy('id', 'desc').execute();

describe('Mobizon adapter: background sending and validity', () => {
  beforeEach(async () => {
    sim = await startGatewaySim(creds, { mobizonBackgroundEvery: 2 });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('takes code 100 as sent, once, without resending', async () => {
    await mobizon().send('77015550001', 'Kiim: код 111111');
    await mobizon().send('77015550001', 'Kiim: код 222222');
    expect(sim.requests).toHaveLength(2);
    const rows = await recorded('77015550001');
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    // The second answer (code 100) carries no message id yet.
    const ids = rows.map((r) => r.provider_message_id);
    expect(ids.filter((id) => id === null)).toHaveLength(1);
    expect(ids.filter((id) => id !== null && /^\d+$/.test(id))).toHaveLength(1);
  });

  it('sends params[validity] in minutes, raised to Mobizon’s floor of 60 and capped at 1440', async () => {
    await mobizon().send('77015550002', 'Kiim: код 333333', { validityMinutes: 5 });
    await mobizon().send('77015550002', 'Kiim: код 444444', { validityMinutes: 5000 });
    await mobizon().send('77015550002', 'Kiim: заказ передан в доставку');
    expect(sim.requests.map((r) => r.form['params[validity]'])).toEqual(['60', '1440', undefined]);
  });

  it('the simulator refuses what Mobizon refuses: no recipient, no text, validity out of bounds', async () => {
    const post = async (form: Record<string, string>) => {
      const url = `${sim.url}/service/message/sendsmsmessage?output=json&api=v1&apiKey=${creds.mobizonKey}`;
      const res = await fetch(url, { method: 'POST', body: new URLSearchParams(form) });
      return (await res.json()) as { code: number; data: Record<string, string> };
    };
    expect(await post({ text: 'x' })).toMatchObject({ code: 1, data: { recipient: expect.any(String) } });
    expect(await post({ recipient: '77015550003' })).toMatchObject({ code: 1 });
    const late = await post({ recipient: '77015550003', text: 'x', 'params[validity]': '30' });
    expect(late).toMatchObject({ code: 1, data: { 'params[validity]': expect.any(String) } });
  });

  it('still fails on a real refusal (code 1) after a background answer', async () => {
    await mobizon().send('77015550004', 'Kiim: код 555555');
    sim.script({ json: { code: 1, data: { recipient: 'bad' }, message: 'Validation' } });
    const err = await mobizon()
      .send('77015550004', 'Kiim: код 666666')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsProviderError);
  });
});

describe('the shop’s one-time codes through Mobizon (simulated, every answer code 100)', () => {
  let app: App;
  beforeAll(async () => {
    sim = await startGatewaySim(creds, { mobizonBackgroundEvery: 1 });
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

  it('sends the code with params[validity]=60 and answers success on code 100', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/auth-by-mobile',
      payload: { mobile: '+7 701 555 00 05' },
      remoteAddress: '10.4.0.9',
    });
    expect(res.statusCode).toBe(200);
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]!.form).toMatchObject({ recipient: '77015550005', 'params[validity]': '60' });
  });
});
