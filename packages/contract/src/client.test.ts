import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.ts';
import { RETRY_STATUSES } from './enums.ts';
import { TOKEN_EXPIRED_MESSAGE } from './errors.ts';

interface Seen {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch that records requests and answers with `answer(request)`. */
function fakeApi(answer: (req: Seen, n: number) => Answer | Promise<Answer>) {
  const seen: Seen[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const req = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      token: headers.get('x-authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(req);
    const a = await answer(req, seen.length);
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  }) as typeof globalThis.fetch;
  return { seen, fetch };
}

const customer = {
  id: 'c1',
  mobile: '77011234567',
  name: null,
  surname: null,
  email: null,
  gender: null,
  birthDate: null,
  hasPassword: false,
};
const expired = { status: 403, body: { code: 2002, message: TOKEN_EXPIRED_MESSAGE } };
const forbidden = { status: 403, body: { code: 2003, message: 'Сессия недействительна. Войдите снова' } };

function client(answer: Parameters<typeof fakeApi>[0], token?: string) {
  const api = fakeApi(answer);
  const events: string[] = [];
  const waits: number[] = [];
  const c = createApiClient({
    fetch: api.fetch,
    baseUrl: 'http://shop.test',
    token,
    headers: { 'x-forwarded-for': '203.0.113.7' },
    onTokenRefreshed: (t) => events.push(`refreshed:${t}`),
    onLoggedOut: () => events.push('logged-out'),
    sleep: async (ms) => void waits.push(ms),
  });
  return { c, seen: api.seen, events, waits };
}

describe('request client: token (spec §7, §8)', () => {
  it('sends X-Authorization only while signed in, and the extra headers always', async () => {
    const anon = client(() => ({ status: 200, body: { data: [] } }));
    await anon.c.cities();
    expect(anon.seen[0]!.token).toBeNull();
    const signed = client(() => ({ status: 200, body: { data: customer } }), 'tok-1');
    await expect(signed.c.customer()).resolves.toEqual(customer);
    expect(signed.seen[0]!.token).toBe('tok-1');
  });

  it("exchanges a token on 403 'Token has expired' and repeats the call once with the new one", async () => {
    const { c, seen, events } = client((req) => {
      if (req.path === '/api/customer/auth-by-expired-token')
        return { status: 200, body: { data: { token: 'tok-2', customer } } };
      return req.token === 'tok-1' ? expired : { status: 200, body: { data: customer } };
    }, 'tok-1');
    await expect(c.updateCustomer({ name: 'Ерлан' })).resolves.toEqual(customer);
    expect(seen.map((r) => `${r.method} ${r.path} ${r.token}`)).toEqual([
      'POST /api/customer/update tok-1',
      'POST /api/customer/auth-by-expired-token null',
      'POST /api/customer/update tok-2',
    ]);
    expect(seen[1]!.body).toEqual({ token: 'tok-1' });
    expect(events).toEqual(['refreshed:tok-2']);
    expect(c.token).toBe('tok-2');
  });

  it('shares one exchange between parallel calls', async () => {
    let exchanges = 0;
    const { c, events } = client(async (req) => {
      if (req.path === '/api/customer/auth-by-expired-token') {
        exchanges++;
        await new Promise((r) => setTimeout(r, 5));
        return { status: 200, body: { data: { token: 'tok-2', customer } } };
      }
      return req.token === 'tok-1' ? expired : { status: 200, body: { data: [] } };
    }, 'tok-1');
    await Promise.all([c.customer(), c.cities(), c.orders('pending')]);
    expect(exchanges).toBe(1);
    expect(events).toEqual(['refreshed:tok-2']);
  });

  it('logs out when the exchange is refused, and throws the 403', async () => {
    const { c, events } = client(
      (req) => (req.path === '/api/customer/auth-by-expired-token' ? forbidden : expired),
      'tok-1',
    );
    const err = await c.customer().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect(events).toEqual(['logged-out']);
    expect(c.token).toBeUndefined();
    expect(c.loggedOut).toBe(true);
  });

  it('logs out when the repeated call is still refused, without a second exchange', async () => {
    const { c, seen, events } = client(
      (req) =>
        req.path === '/api/customer/auth-by-expired-token'
          ? { status: 200, body: { data: { token: 'tok-2', customer } } }
          : expired,
      'tok-1',
    );
    await expect(c.customer()).rejects.toBeInstanceOf(ApiError);
    expect(seen.filter((r) => r.path === '/api/customer/auth-by-expired-token')).toHaveLength(1);
    expect(events).toEqual(['refreshed:tok-2', 'logged-out']);
  });

  it('logs out on any other 403 without trying an exchange', async () => {
    const { c, seen, events } = client(() => forbidden, 'tok-1');
    await expect(c.customer()).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
    expect(events).toEqual(['logged-out']);
  });

  it('keeps the token when the exchange fails for another reason (the shopper is not logged out by an outage)', async () => {
    const { c, events } = client(
      (req) =>
        req.path === '/api/customer/auth-by-expired-token'
          ? { status: 503, body: { code: 1500, message: 'down' } }
          : expired,
      'tok-1',
    );
    const err = (await c.customer().catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(503);
    expect(events).toEqual([]);
    expect(c.token).toBe('tok-1');
  });

  it('does not log out on a 403 when no token was sent', async () => {
    const { c, events } = client(() => forbidden);
    await expect(c.cities()).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it('forgets the token on logout even when the call fails (spec §4)', async () => {
    const { c } = client(() => ({ status: 500, body: { code: 1500, message: 'Ошибка' } }), 'tok-1');
    await expect(c.logout('tok-1')).rejects.toBeInstanceOf(ApiError);
    expect(c.token).toBeUndefined();
  });
});

describe('request client: retries (spec §9)', () => {
  it.each(RETRY_STATUSES.map((s) => [s]))('retries an idempotent call once on %i', async (status) => {
    const { c, seen } = client((_r, n) =>
      n === 1 ? { status, body: { code: 1, message: 'later' } } : { status: 200, body: { data: [] } },
    );
    await expect(c.cities()).resolves.toEqual([]);
    expect(seen).toHaveLength(2);
  });

  it('retries only once, and waits as Retry-After says (at most 2 s)', async () => {
    const { c, seen, waits } = client(() => ({
      status: 503,
      body: { code: 1500, message: 'down' },
      headers: { 'retry-after': '1' },
    }));
    const err = (await c.cities().catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(503);
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([1000]);
    const slow = client(() => ({
      status: 429,
      body: { code: 1029, message: 'wait' },
      headers: { 'retry-after': '45' },
    }));
    await slow.c.cities().catch(() => undefined);
    expect(slow.waits).toEqual([2000]);
  });

  it('retries DELETE but never POST, PUT or the recovery GET that sends an SMS', async () => {
    const failing = () => ({ status: 503, body: { code: 1500, message: 'down' } });
    const del = client(failing);
    await del.c.clearCart('00000000-0000-4000-8000-000000000000').catch(() => undefined);
    expect(del.seen).toHaveLength(2);
    for (const run of [
      (c: ReturnType<typeof client>['c']) => c.authByMobile('77011234567'),
      (c: ReturnType<typeof client>['c']) =>
        c.addOrUpdateCartItem({ uuid: undefined, externalId: 'X-1', regionId: 1, qty: 1 } as never),
      (c: ReturnType<typeof client>['c']) => c.codeForRecoverPassword('77011234567'),
    ]) {
      const once = client(failing);
      await run(once.c).catch(() => undefined);
      expect(once.seen).toHaveLength(1);
    }
  });

  it('does not retry other errors', async () => {
    for (const status of [400, 401, 404, 422]) {
      const { c, seen } = client(() => ({ status, body: { code: 1000, message: 'no' } }));
      const err = (await c.cities().catch((e: unknown) => e)) as ApiError;
      expect(err.status).toBe(status);
      expect(seen).toHaveLength(1);
    }
  });
});

describe('ApiError', () => {
  it('is recognised across copies of the contract module (a global brand), and nothing else is', () => {
    const fromOtherCopy = Object.assign(new Error('x'), { [Symbol.for('kiim.ApiError')]: true, status: 400 });
    expect(fromOtherCopy instanceof ApiError).toBe(true);
    expect(new ApiError(404, { code: 1004, message: 'Нет' }) instanceof ApiError).toBe(true);
    expect(new Error('x') instanceof ApiError).toBe(false);
    expect((null as unknown as object) instanceof ApiError).toBe(false);
  });
});
