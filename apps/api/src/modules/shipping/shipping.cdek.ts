import type { z } from 'zod';
import {
  CarrierUnavailableError,
  type Carrier,
  type CarrierCity,
  type CarrierPoint,
  type CarrierQuote,
  type DeliveryKind,
  type Parcel,
  type Route,
} from './shipping.carrier.ts';
import {
  errorAnswer,
  pointsAnswer,
  suggestAnswer,
  tariffListAnswer,
  tokenAnswer,
} from './shipping.cdek.wire.ts';

export interface CdekOptions {
  /** API base ending in `/v2` (`https://api.edu.cdek.ru/v2`, or the simulator's `http://127.0.0.1:…/v2`). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Longest wait for one answer, milliseconds. */
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** CDEK `delivery_mode` → the shop's kind (delivery-cdek.md §5): 1, 3 door; 2, 4 office; 6, 7 postamat. */
const MODE_KIND: Record<number, DeliveryKind> = {
  1: 'door',
  3: 'door',
  2: 'point',
  4: 'point',
  6: 'locker',
  7: 'locker',
};
/** A token is renewed this long before CDEK's `expires_in` runs out, milliseconds. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * CDEK API v2 as a {@link Carrier} (delivery-cdek.md): OAuth client credentials with the token cached until
 * shortly before `expires_in` and renewed once on `v2_token_expired`; every answer validated
 * (shipping.cdek.wire.ts); every failure — HTTP error, timeout, malformed answer — is a
 * {@link CarrierUnavailableError}, never another exception.
 */
export function createCdekCarrier(o: CdekOptions): Carrier {
  const doFetch = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  const base = o.apiUrl.replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  const fail = (reason: string): never => {
    throw new CarrierUnavailableError('cdek', reason);
  };

  async function send(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(o.timeoutMs) });
    } catch (e) {
      return fail(`${path}: ${(e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (text.length > 8_000_000) fail(`${path}: answer too large`);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok) fail(`${path}: answer is not JSON`);
    }
    return { status: res.status, body };
  }

  async function fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: o.clientId,
      client_secret: o.clientSecret,
    });
    const { status, body } = await send('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (status !== 200) fail(`token: HTTP ${status}`);
    const t = tokenAnswer.safeParse(body);
    if (!t.success) return fail('token: malformed answer');
    token = { value: t.data.access_token, renewAt: now() + t.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  async function bearer(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    pendingToken ??= fetchToken().finally(() => (pendingToken = null));
    return pendingToken;
  }

  const errorCodes = (body: unknown): string[] => {
    const e = errorAnswer.safeParse(body);
    if (!e.success) return [];
    return [...(e.data.errors ?? []), ...(e.data.requests ?? []).flatMap((r) => r.errors ?? [])].map(
      (x) => x.code,
    );
  };

  async function call<T>(
    path: string,
    schema: z.ZodType<T>,
    init: RequestInit = {},
    retried = false,
  ): Promise<T> {
    const headers = {
      ...(init.headers as Record<string, string>),
      authorization: `Bearer ${await bearer()}`,
    };
    const { status, body } = await send(path, { ...init, headers });
    if (status === 401 && !retried && errorCodes(body).includes('v2_token_expired')) {
      token = null;
      return call(path, schema, init, true);
    }
    if (status !== 200) fail(`${path}: HTTP ${status} ${errorCodes(body).join(',')}`.trim());
    const parsed = schema.safeParse(body);
    return parsed.success ? parsed.data : fail(`${path}: malformed answer`);
  }

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    code: 'cdek',
    async suggestCities(prefix): Promise<CarrierCity[]> {
      const q = new URLSearchParams({ name: prefix.slice(0, 100), country_code: 'KZ' });
      const found = await call(`/location/suggest/cities?${q}`, suggestAnswer);
      return found.slice(0, 50).map((c) => {
        const [name = '', region = ''] = c.full_name.split(',').map((s) => s.trim());
        return { code: c.code, name, region };
      });
    },
    async points(cityCode): Promise<CarrierPoint[]> {
      const q = new URLSearchParams({ country_code: 'KZ', city_code: String(cityCode) });
      const points = await call(`/deliverypoints?${q}`, pointsAnswer);
      return points.map((p) => ({
        code: p.code,
        kind: p.type === 'POSTAMAT' ? 'locker' : 'pickup_point',
        title: p.name ?? p.code,
        address: p.location.address,
        openingHours: p.work_time,
        longitude: p.location.longitude,
        latitude: p.location.latitude,
        maxWeightG: Math.round((p.weight_max ?? 30) * 1000),
      }));
    },
    async quote(route: Route, parcel: Parcel): Promise<CarrierQuote[]> {
      const answer = await call(
        '/calculator/tarifflist',
        tariffListAnswer,
        json({
          type: 1,
          from_location: { code: route.fromCode },
          to_location: { code: route.toCode },
          packages: [
            {
              weight: parcel.weightG,
              length: parcel.lengthCm,
              width: parcel.widthCm,
              height: parcel.heightCm,
            },
          ],
        }),
      );
      return answer.tariff_codes
        .filter((t) => MODE_KIND[t.delivery_mode] && t.period_max >= t.period_min)
        .map((t) => ({
          tariffCode: t.tariff_code,
          tariffName: t.tariff_name,
          kind: MODE_KIND[t.delivery_mode]!,
          price: Math.ceil(t.delivery_sum),
          periodMinDays: t.period_min,
          periodMaxDays: t.period_max,
        }))
        .sort((a, b) => a.price - b.price || a.periodMaxDays - b.periodMaxDays);
    },
  };
}
