import { expect } from 'vitest';
import type { ErrorBody } from '@kiim/contract';
import type { TestContext } from '#app/test/helper.ts';

/**
 * Helpers for the customer API tests: calls through `app.inject()` with a client address of the test's
 * choosing (so per-address limits of one test never touch another), and the development SMS outbox.
 */

let seq = 0;
/** A fresh valid Kazakh mobile (`7705…`) per call, so tests never share per-number limits. */
export const nextMobile = () =>
  `7705${String(1_000_000 + ++seq + (process.pid % 500) * 1000).slice(-6)}0`.slice(0, 11);

let ipSeq = 0;
/** A fresh client address per call (`10.2.x.y`). */
export const nextAddress = () => {
  ipSeq++;
  return `10.2.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
};

export interface Call<T> {
  status: number;
  body: { data: T } & ErrorBody;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; maxAge?: number; httpOnly?: boolean }[];
}

/** One JSON call; asserts the answer is JSON. */
export async function call<T>(
  t: TestContext,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; token?: string; cookie?: string; ip?: string } = {},
): Promise<Call<T>> {
  const res = await t.app.inject({
    method,
    url,
    payload: opts.body as object,
    headers: opts.token ? { 'x-authorization': opts.token } : {},
    cookies: opts.cookie ? { customer_token: opts.cookie } : {},
    remoteAddress: opts.ip ?? '10.9.9.9',
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return {
    status: res.statusCode,
    body: res.json(),
    headers: res.headers,
    cookies: res.cookies as Call<T>['cookies'],
  };
}

/** The code of the newest SMS to `mobile`, read from the development outbox. */
export async function lastCode(t: TestContext, mobile: string): Promise<string> {
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

/** The text of the newest SMS to `mobile`. */
export async function lastSmsText(t: TestContext, mobile: string): Promise<string | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/sms-outbox?mobile=${encodeURIComponent(mobile)}`,
  });
  return (res.json() as { data: { text: string }[] }).data[0]?.text;
}

/** A code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
