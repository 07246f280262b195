import { createHmac } from 'node:crypto';
import { safeEqual } from '#app/lib/ids.ts';

// The shop's signed carrier quote (decision 069): the split cart hands one to the shopper with each carrier
// option, the order sends it back, and the shop trusts exactly what it signed — never a price the client states.
// Stateless, so any instance of the shop checks what another issued; `OTP_SECRET` keys it.

/** What a signed quote states. Tenge, working days; `expiresAt` in epoch seconds. */
export interface SignedQuote {
  carrier: string;
  cityId: number;
  kind: 'point' | 'locker' | 'door';
  tariffCode: number;
  price: number;
  periodMinDays: number;
  periodMaxDays: number;
  /** The route and parcel class the price is for (shipping.checkout.ts `parcelKey`). */
  parcelKey: string;
  expiresAt: number;
}

const VERSION = 'q1';
const KINDS = new Set(['point', 'locker', 'door']);

const signature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`carrier-quote:${body}`).digest('base64url').slice(0, 32);

/** The token for a quote: `base64url(fields).signature` (about 110 characters). */
export function signQuote(secret: string, q: SignedQuote): string {
  const fields = [
    VERSION,
    q.carrier,
    q.cityId,
    q.kind,
    q.tariffCode,
    q.price,
    q.periodMinDays,
    q.periodMaxDays,
  ];
  const text = [...fields, q.parcelKey, q.expiresAt].join('|');
  const key = `${secret}\n${text}`;
  const known = signed.get(key);
  if (known !== undefined) return known;
  const body = Buffer.from(text).toString('base64url');
  const token = `${body}.${signature(secret, body)}`;
  if (signed.size >= SIGNED_KEPT) signed.delete(signed.keys().next().value!);
  signed.set(key, token);
  return token;
}

/**
 * Tokens signed lately, by secret and fields: a quote's token is the same for the same fields (`expiresAt` in whole
 * seconds), so the split carts of one second for one route and parcel sign it once. The oldest go first.
 */
const signed = new Map<string, string>();
const SIGNED_KEPT = 1000;

const int = (s: string | undefined) => (s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : null);

/**
 * The quote a token states, when the shop signed it and it has not expired at `nowMs`; else null (forged,
 * altered, expired or malformed — the caller answers 409 and the shopper reloads the price).
 */
export function readQuote(secret: string, token: string, nowMs: number): SignedQuote | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined || !safeEqual(sig, signature(secret, body))) return null;
  const [v, carrier, city, kind, tariff, price, min, max, parcelKey, exp] = Buffer.from(body, 'base64url')
    .toString()
    .split('|');
  const nums = [city, tariff, price, min, max].map(int);
  const expiresAt = exp !== undefined && /^\d{1,12}$/.test(exp) ? Number(exp) : null;
  if (v !== VERSION || !carrier || !kind || !KINDS.has(kind) || !parcelKey) return null;
  if (nums.some((n) => n === null) || expiresAt === null || expiresAt * 1000 <= nowMs) return null;
  const [cityId, tariffCode, p, periodMinDays, periodMaxDays] = nums as number[];
  return {
    ...{ carrier, cityId: cityId!, kind: kind as SignedQuote['kind'], tariffCode: tariffCode! },
    ...{ price: p!, periodMinDays: periodMinDays!, periodMaxDays: periodMaxDays!, parcelKey, expiresAt },
  };
}
