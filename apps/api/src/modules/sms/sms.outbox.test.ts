import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { manualClock } from '#app/test/manual-clock.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';

// The development SMS outbox (GET /api/dev/sms-outbox): what the development provider logged, newest first.

const clock = manualClock(new Date('2026-02-01T08:00:00Z'));
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
  await t.app.sms.send('77017770001', 'Код входа в Kiim: 111111');
  clock.advance(1000);
  await t.app.sms.send('77017770002', 'Код входа в Kiim: 222222');
  clock.advance(1000);
  await t.app.sms.send('77017770001', 'Код входа в Kiim: 333333');
});
afterAll(async () => {
  await t?.close();
});

const outbox = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox${query}` });
  return {
    status: res.statusCode,
    body: res.json() as { data: { mobile: string; text: string; createdAt: string }[] } & { code?: number },
  };
};

describe('GET /api/dev/sms-outbox', () => {
  it('lists the messages to a number typed as a shopper types it, newest first', async () => {
    const r = await outbox(`?mobile=${encodeURIComponent('+7 701 777 00 01')}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((m) => m.text)).toEqual(['Код входа в Kiim: 333333', 'Код входа в Kiim: 111111']);
    expect(r.body.data[0]).toMatchObject({ mobile: '77017770001', createdAt: '2026-02-01T08:00:02.000Z' });
  });

  it('lists every number without one, at most `limit`', async () => {
    expect((await outbox('')).body.data.map((m) => m.mobile)).toEqual([
      '77017770001',
      '77017770002',
      '77017770001',
    ]);
    expect((await outbox('?limit=1')).body.data).toHaveLength(1);
  });

  it('answers 400 for a number that is not a Kazakh mobile and for a limit out of 1–100', async () => {
    for (const query of ['?mobile=%2B79161234567', '?limit=0', '?limit=101', '?limit=x']) {
      const r = await outbox(query);
      expect(r.status, query).toBe(400);
      expect(r.body.code, query).toBe(ErrorCode.validation);
    }
  });
});
