import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorCode, createApiClient } from '@kiim/contract';

// Issue 27: while the shop's database cannot serve, the API answers 503 `serviceUnavailable`; a page is then the
// polite «Магазин на минуту недоступен» with status 503 and Retry-After (in Kazakh too), not the generic error page.
// The built storefront renders here exactly as apps/web/server.ts has it render (React Router's production mode, the
// API client on the load context), with an API that answers every call so. (How the API comes to answer 503, and
// that the process survives it: apps/api/src/database-faults.test.ts and db/sqlite-faults.test.ts.)

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const build = (await import(path.join(repoRoot, 'apps/web/build/server/index.js'))) as ServerBuild;
const handleRequest = createRequestHandler(build, 'production');

/** An API whose database is down: every call answered 503 with Retry-After 5. */
const downApi = createApiClient({
  baseUrl: 'http://in-process',
  sleep: async () => {},
  fetch: async () =>
    new Response(
      JSON.stringify({
        code: ErrorCode.serviceUnavailable,
        message: 'Магазин на минуту недоступен, попробуйте ещё раз чуть позже',
        details: { retryAfterSeconds: 5 },
      }),
      { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } },
    ),
});

/** A page of the storefront as the server answers it. */
const page = (url: string) =>
  handleRequest(
    new Request(`http://127.0.0.1${url}`),
    Object.assign(new RouterContextProvider(), { api: downApi, cspNonce: 'nonce' }),
  );

describe('the storefront while the database cannot serve', () => {
  it('answers 503 with the «unavailable» page and Retry-After, not the generic error page', async () => {
    // Pages whose loaders need the API (an anonymous cart page asks it nothing; an unknown address is the 404).
    for (const url of ['/', '/product/any-product', '/category/any-category']) {
      const res = await page(url);
      expect(res.status, url).toBe(503);
      expect(res.headers.get('retry-after'), url).toBe('5');
      const html = await res.text();
      // The page's heading (the page's text catalogue, inlined for the browser, holds every title).
      expect(html, url).toContain('<h1>Магазин на минуту недоступен</h1>');
      expect(html, url).not.toContain('<h1>Что-то пошло не так</h1>');
    }
  });

  it('speaks Kazakh to a Kazakh shopper', async () => {
    const res = await page('/?lang=kk');
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('Дүкен бір минутқа қолжетімсіз');
    expect(html).toContain('Бір минуттан кейін бетті жаңартыңыз');
  });
});
