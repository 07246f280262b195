import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@kiim/contract';
import { RouterContextProvider } from 'react-router';
import { loader } from './root.tsx';

type LoaderArgs = Parameters<typeof loader>[0];

/** The root loader of `url` with an API that cannot be reached (every call's fetch fails) or answers 503. */
async function rootDataWithout(api: 'down' | 503, url = 'http://shop.test/category/jeans') {
  const fetch = (async () => {
    if (api === 'down') throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ code: 503, message: 'Сервис недоступен' }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  const context = Object.assign(new RouterContextProvider(), {
    api: createApiClient({ fetch, baseUrl: 'http://in-process' }),
  });
  const request = new Request(url, { headers: { cookie: 'customer_token=abc' } });
  const result = (await loader({ request, context, params: {} } as unknown as LoaderArgs)) as unknown as {
    data: { messages: Record<string, unknown>; lang: string; cities: unknown[]; customer: unknown };
  };
  return result.data;
}

describe('the root data without the API (issue 27 item 8)', () => {
  it.each(['down', 503] as const)(
    'API %s: the texts of the header and the error screen are there',
    async (api) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const data = await rootDataWithout(api);
      warn.mockRestore();
      expect(data.lang).toBe('ru');
      for (const key of ['error.title', 'error.text', 'common.toHome', 'common.women'])
        expect(Object.keys(data.messages)).toContain(key);
      expect(data.cities).toEqual([]);
      expect(data.customer).toBeNull();
    },
  );
});
