import { describe, expect, it } from 'vitest';
import { ApiError, ErrorCode, createApiClient } from '@kiim/contract';
import { unavailableAsPage } from './unavailable.server.ts';

// Issue 27: a page whose data the API cannot give while its database is down is the polite 503 page.

/** A client whose every call is answered `status` with `body` (the client's own retry included). */
function clientAnswering(status: number, body: object, headers: Record<string, string> = {}) {
  let calls = 0;
  const api = createApiClient({
    baseUrl: 'http://in-process',
    sleep: async () => {},
    fetch: async () => {
      calls++;
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    },
  });
  return { api, calls: () => calls };
}

const UNAVAILABLE = {
  code: ErrorCode.serviceUnavailable,
  message: 'Магазин на минуту недоступен, попробуйте ещё раз чуть позже',
  details: { retryAfterSeconds: 5 },
};

/** What a loader's call threw. */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('the call did not fail');
}

describe('unavailableAsPage', () => {
  it('turns the API’s 503 into the 503 page with Retry-After, in the page’s language, after the one retry', async () => {
    const { api, calls } = clientAnswering(503, UNAVAILABLE, { 'retry-after': '5' });
    const page = (await thrown(unavailableAsPage(api, new Request('http://shop/catalog')).cities())) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(calls()).toBe(2);
    expect(page.init.status).toBe(503);
    expect(new Headers(page.init.headers).get('retry-after')).toBe('5');
    expect(page.data).toEqual({
      unavailable: {
        title: 'Магазин на минуту недоступен',
        text: expect.stringMatching(/Обновите страницу через минуту/),
      },
    });
    const kk = (await thrown(
      unavailableAsPage(api, new Request('http://shop/catalog?lang=kk')).cities(),
    )) as { data: { unavailable: { title: string } } };
    expect(kk.data.unavailable.title).toBe('Дүкен бір минутқа қолжетімсіз');
  });

  it('leaves other errors, actions and the rest of the client as they were', async () => {
    const down = clientAnswering(503, UNAVAILABLE).api;
    // An action's form shows the ApiError and keeps what was typed.
    const post = await thrown(
      unavailableAsPage(down, new Request('http://shop/cart', { method: 'POST' })).cities(),
    );
    expect(post).toBeInstanceOf(ApiError);
    // The SMS gateway's 503 is not the shop being down.
    const sms = clientAnswering(503, { code: ErrorCode.smsUnavailable, message: 'SMS' }).api;
    expect(await thrown(unavailableAsPage(sms, new Request('http://shop/')).cities())).toBeInstanceOf(
      ApiError,
    );
    const missing = clientAnswering(404, { code: ErrorCode.notFound, message: 'нет' }).api;
    const wrapped = unavailableAsPage(missing.withToken('tok'), new Request('http://shop/'));
    expect(await thrown(wrapped.cities())).toMatchObject({ status: 404 });
    expect(wrapped.token).toBe('tok');
    expect(wrapped.loggedOut).toBe(false);
  });
});

describe('a page’s 400 and 429 (issue 29 item 6)', () => {
  it('a 429 of a rate limit is the «too many requests» page with Retry-After', async () => {
    const limited = clientAnswering(
      429,
      { code: ErrorCode.rateLimited, message: 'Слишком много', details: { retryAfterSeconds: 60 } },
      { 'retry-after': '60' },
    ).api;
    const page = (await thrown(
      unavailableAsPage(limited, new Request('http://shop/search?q=x')).cities(),
    )) as {
      data: { unavailable: { title: string; text: string } };
      init: ResponseInit;
    };
    expect(page.init.status).toBe(429);
    expect(new Headers(page.init.headers).get('retry-after')).toBe('60');
    expect(page.data.unavailable.text).toBe('Слишком много запросов, попробуйте через минуту.');
  });

  it('a 400 (a NUL or an over-long value in the address) is the 404 screen, not a 500', async () => {
    const refused = clientAnswering(400, { code: ErrorCode.validation, message: 'Недопустимый символ' }).api;
    const page = (await thrown(
      unavailableAsPage(refused, new Request('http://shop/category/%00')).cities(),
    )) as {
      init: ResponseInit;
    };
    expect(page.init.status).toBe(404);
  });
});
