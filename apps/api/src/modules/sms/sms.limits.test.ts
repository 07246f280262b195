import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type ErrorBody } from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { nextAddress, nextMobile } from '#app/test/customer.fixtures.ts';
import { finishSend, reserveSend } from './sms.limits.ts';

const clock = manualClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const send = async (mobile: string, ip: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customer/auth-by-mobile',
    payload: { mobile },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as ErrorBody, retryAfter: res.headers['retry-after'] };
};

/** The 429 a reservation is refused with. */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).statusCode).toBe(429);
  return err as AppError;
}

/**
 * `db` whose first query, once run, hands back its rows only when `gate` opens (the connection is free
 * meanwhile): the interleaving of two requests made exact instead of left to timing.
 */
function holdAfterFirstQuery<T extends object>(db: T, gate: Promise<void>, state: { held: boolean }): T {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const out: unknown = value.apply(target, args);
        if (typeof prop === 'string' && prop.startsWith('execute')) {
          return (out as Promise<unknown>).then(async (rows) => {
            if (!state.held) {
              state.held = true;
              await gate;
            }
            return rows;
          });
        }
        return out && typeof out === 'object' ? holdAfterFirstQuery(out, gate, state) : out;
      };
    },
  });
}

describe('SMS send limits per number', () => {
  it('allows 10 codes a number per 24 hours, then tells when the next one is possible', async () => {
    const mobile = nextMobile();
    for (let i = 0; i < 10; i++) {
      expect((await send(mobile, nextAddress())).status).toBe(200);
      clock.advance(6 * MINUTE);
    }
    const r = await send(mobile, nextAddress());
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(ErrorCode.rateLimited);
    const wait = 24 * 3600 - 10 * 6 * 60;
    expect(r.body.details).toEqual({ retryAfterSeconds: wait });
    expect(r.body.message).toBe('Новый код можно запросить через 23 часа');
    expect(r.retryAfter).toBe(String(wait));
    clock.advance(wait * 1000);
    expect((await send(mobile, nextAddress())).status).toBe(200);
  });

  it('shares one budget between sign-in, registration and recovery codes', async () => {
    const mobile = nextMobile();
    const ip = nextAddress();
    expect((await send(mobile, ip)).status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer/register-by-mobile',
      payload: { mobile, name: 'Ерлан' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect((res.json() as ErrorBody).details).toEqual({ retryAfterSeconds: 60 });
    clock.advance(HOUR);
  });

  it('lets one of two racing sends through when the other counts the sends before the first lands', async () => {
    // Request B runs its first query, then waits (its result held back) until request A has reserved and
    // finished its send; B must then be refused, not given the number's next seq.
    const mobile = nextMobile();
    const limits = { addressHourlyLimit: 1000, dailyLimit: 1_000_000 };
    let releaseB = () => {};
    const aDone = new Promise<void>((resolve) => (releaseB = resolve));
    const state = { held: false };
    const b = reserveSend(
      holdAfterFirstQuery(t.db, aDone, state),
      { mobile, clientIp: null, purpose: 'sign-in' },
      limits,
      clock.now(),
    );
    await vi.waitFor(() => expect(state.held).toBe(true));
    const a = await reserveSend(t.db, { mobile, clientIp: null, purpose: 'sign-in' }, limits, clock.now());
    await finishSend(t.db, a, 'sent', clock.now());
    releaseB();
    const err = await refusal(b);
    expect(err.code).toBe(ErrorCode.rateLimited);
    const sends = await t.db.selectFrom('sms_send').select('seq').where('mobile', '=', mobile).execute();
    expect(sends).toEqual([{ seq: 1 }]);
  });
});

describe('SMS send limit per client address', () => {
  it('allows SMS_ADDRESS_HOURLY_LIMIT (20) sends an hour from one address, whatever the numbers', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 20; i++) expect((await send(nextMobile(), ip)).status).toBe(200);
    clock.advance(10 * MINUTE);
    const r = await send(nextMobile(), ip);
    expect(r.status).toBe(429);
    expect(r.body.details).toEqual({ retryAfterSeconds: 50 * 60 });
    expect(r.body.message).toBe(
      'С вашего устройства запрошено слишком много кодов. Новый код можно запросить через 50 минут',
    );
    // Another address is not affected; the refused send left nothing behind.
    expect((await send(nextMobile(), nextAddress())).status).toBe(200);
    clock.advance(50 * MINUTE);
    expect((await send(nextMobile(), ip)).status).toBe(200);
    clock.advance(HOUR);
  });

  it('never lets parallel sends from one address past the limit', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 18; i++) expect((await send(nextMobile(), ip)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 6 }, () => send(nextMobile(), ip)));
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(2);
    const sent = await t.db
      .selectFrom('sms_send')
      .select('id')
      .where('client_ip', '=', ip)
      .where('status', '=', 'sent')
      .execute();
    expect(sent.length).toBeLessThanOrEqual(20);
    clock.advance(2 * HOUR);
  });
});

describe('the client address behind a proxy (TRUST_PROXY=loopback)', () => {
  const sendVia = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/auth-by-mobile',
      payload: { mobile: nextMobile() },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
  const lastAddress = async () =>
    (
      await t.db
        .selectFrom('sms_send')
        .select('client_ip')
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).client_ip;

  it("counts the shopper's address forwarded by a loopback proxy (the storefront), not the proxy's", async () => {
    expect((await sendVia('127.0.0.1', '203.0.113.9')).statusCode).toBe(200);
    expect(await lastAddress()).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For from anyone else, so the limit cannot be dodged by a made-up header', async () => {
    clock.advance(MINUTE);
    expect((await sendVia('198.51.100.4', '203.0.113.10')).statusCode).toBe(200);
    expect(await lastAddress()).toBe('198.51.100.4');
  });
});

describe('SMS daily total', () => {
  it('stops sending past the configured total per 24 hours and says when it resumes', async () => {
    clock.advance(25 * HOUR); // earlier tests' sends leave the window
    const limits = { addressHourlyLimit: 100, dailyLimit: 3 };
    for (let i = 0; i < 3; i++) {
      const id = await reserveSend(
        t.db,
        { mobile: nextMobile(), clientIp: nextAddress(), purpose: 'sign-in' },
        limits,
        clock.now(),
      );
      await finishSend(t.db, id, 'sent', clock.now());
      clock.advance(HOUR);
    }
    const err = await refusal(
      reserveSend(
        t.db,
        { mobile: nextMobile(), clientIp: nextAddress(), purpose: 'sign-in' },
        limits,
        clock.now(),
      ),
    );
    expect(err.code).toBe(ErrorCode.rateLimited);
    expect(err.details).toEqual({ retryAfterSeconds: 21 * 3600 });
    expect(err.message).toBe(
      'Отправка SMS временно приостановлена. Попробуйте через 21 час или войдите по паролю',
    );

    // Failed sends do not count: with room for one more, a failed send leaves that room free.
    const roomy = { ...limits, dailyLimit: 4 };
    const failed = await reserveSend(
      t.db,
      { mobile: nextMobile(), clientIp: null, purpose: 'sign-in' },
      roomy,
      clock.now(),
    );
    await finishSend(t.db, failed, 'failed', clock.now());
    const last = await reserveSend(
      t.db,
      { mobile: nextMobile(), clientIp: null, purpose: 'sign-in' },
      roomy,
      clock.now(),
    );
    await finishSend(t.db, last, 'sent', clock.now());
    await refusal(
      reserveSend(t.db, { mobile: nextMobile(), clientIp: null, purpose: 'sign-in' }, roomy, clock.now()),
    );

    // Sending resumes when the oldest sends leave the 24-hour window.
    clock.advance(22 * HOUR);
    await reserveSend(
      t.db,
      { mobile: nextMobile(), clientIp: nextAddress(), purpose: 'sign-in' },
      roomy,
      clock.now(),
    );
  });
});
