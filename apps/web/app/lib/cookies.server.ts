import { parse, serialize, type SerializeOptions } from 'cookie';
import { COOKIE, COOKIE_MAX_AGE_SECONDS, DEFAULT_CITY_ID } from '@kiim/contract';

/** Cookies of the request as a name → value map. */
function readCookies(request: Request): Record<string, string | undefined> {
  return parse(request.headers.get('cookie') ?? '');
}

/** One cookie of the request, or undefined. */
export const readCookie = (request: Request, name: string) => readCookies(request)[name] || undefined;

const secure = process.env.NODE_ENV === 'production' && (process.env.PUBLIC_URL ?? '').startsWith('https:');

/**
 * `Set-Cookie` value for a shop cookie of spec §3: 365 days, SameSite=Lax, Path=/ (spec §9).
 * `httpOnly` for credentials (the customer token) so browser code never reads them.
 */
export function shopCookie(name: string, value: string, opts: Partial<SerializeOptions> = {}): string {
  return serialize(name, value, {
    path: '/',
    sameSite: 'lax',
    maxAge: COOKIE_MAX_AGE_SECONDS,
    secure,
    ...opts,
  });
}

/** `Set-Cookie` value that deletes a cookie. */
export const clearCookie = (name: string) => serialize(name, '', { path: '/', maxAge: 0 });

/**
 * The customer token of the `customer_token` cookie when it can be one (base64url, as the API issues them: 43
 * characters), else undefined — a tampered value is never sent to the API. A NUL, a line break or a letter past
 * Latin-1 cannot even be a header value: sending it threw and the page answered 500 (issue 29 item 6, page fuzzer).
 */
export function customerTokenCookie(request: Request): string | undefined {
  const v = readCookie(request, COOKIE.customerToken);
  return v && /^[A-Za-z0-9_-]{1,512}$/.test(v) ? v : undefined;
}

/** Whether the request carries a `customer_token` cookie that cannot be a token (the storefront clears it). */
export const malformedTokenCookie = (request: Request) =>
  readCookie(request, COOKIE.customerToken) !== undefined && customerTokenCookie(request) === undefined;

/** Token cookie: HttpOnly, lives as long as the token may be used (30 days). */
export const tokenCookie = (token: string) =>
  shopCookie(COOKIE.customerToken, token, { httpOnly: true, maxAge: 30 * 24 * 3600 });

/** Name of the short-lived cookie that lets /Cart/thankyou show the order just placed (spec §2). */
export const LAST_ORDER_COOKIE = 'last_order_number';

/** Current city id from `city_id` (spec §3), default 1 (spec §9). */
export function currentCityId(request: Request): number {
  const id = Number(readCookie(request, COOKIE.cityId));
  return Number.isInteger(id) && id > 0 ? id : DEFAULT_CITY_ID;
}

/** UUID-looking cookie value, or undefined (a tampered value is ignored, never sent to the API). */
export function uuidCookie(request: Request, name: string): string | undefined {
  const v = readCookie(request, name);
  return v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? v : undefined;
}
