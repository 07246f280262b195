import type { z } from 'zod';
import { CarrierUnavailableError } from './shipping.carrier.ts';
import { errorAnswer, tokenAnswer } from './shipping.cdek.wire.ts';

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

/** A token is renewed this long before CDEK's `expires_in` runs out, milliseconds. */
const TOKEN_MARGIN_MS = 60_000;
/** Largest JSON answer read, characters (the whole points list of Kazakhstan is ~2 MB). */
const MAX_ANSWER_CHARS = 8_000_000;

/** One CDEK error: its code (`v2_…`) and CDEK's message, in Russian for business refusals. */
export interface CdekErrorItem {
  code: string;
  message: string;
}

/** An answer read with the token: the HTTP status, the parsed JSON body (null when empty) and its errors. */
export interface CdekAnswer {
  status: number;
  body: unknown;
  errors: CdekErrorItem[];
}

/** A signed-in CDEK API v2 session shared by the carrier's parts (delivery-cdek.md §1–2). */
export interface CdekSession {
  /** Any call with the bearer token (renewed once on `v2_token_expired`); never throws for an HTTP status. */
  request(path: string, init?: RequestInit): Promise<CdekAnswer>;
  /** A call that must answer one of `ok` (default 200) and match `schema`. */
  call<T>(path: string, schema: z.ZodType<T>, init?: RequestInit, ok?: readonly number[]): Promise<T>;
  /** Bytes of a URL CDEK gave on its own host (a print form's PDF), with the token, at most `maxBytes`. */
  bytes(url: string, maxBytes: number): Promise<Buffer>;
  /** Throws the carrier's {@link CarrierUnavailableError}. */
  fail(reason: string): never;
}

/** A JSON POST (or another method) body for {@link CdekSession.call}. */
export const jsonBody = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type Send = (path: string, init: RequestInit) => Promise<{ status: number; body: unknown }>;
type Fail = (reason: string) => never;

const failWith: Fail = (reason) => {
  throw new CarrierUnavailableError('cdek', reason);
};

/** Raw HTTP to CDEK with the timeout: `fetchRaw` for any URL, `send` for a JSON answer under the API base. */
function createTransport(o: CdekOptions, base: string) {
  const doFetch = o.fetch ?? fetch;
  async function fetchRaw(url: string, init: RequestInit, label: string): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(o.timeoutMs) });
    } catch (e) {
      return failWith(`${label}: ${(e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message}`);
    }
  }
  const send: Send = async (path, init) => {
    const res = await fetchRaw(`${base}${path}`, init, path);
    const text = await res.text().catch(() => '');
    if (text.length > MAX_ANSWER_CHARS) failWith(`${path}: answer too large`);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok) failWith(`${path}: answer is not JSON`);
    }
    return { status: res.status, body };
  };
  return { fetchRaw, send };
}

/** The bearer token: fetched once for concurrent callers, renewed shortly before `expires_in` or on demand. */
function createTokenSource(o: CdekOptions, send: Send) {
  const now = o.now ?? Date.now;
  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

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
    if (status !== 200) failWith(`token: HTTP ${status}`);
    const t = tokenAnswer.safeParse(body);
    if (!t.success) return failWith('token: malformed answer');
    token = { value: t.data.access_token, renewAt: now() + t.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  return {
    async bearer(): Promise<string> {
      if (token && now() < token.renewAt) return token.value;
      pending ??= fetchToken().finally(() => (pending = null));
      return pending;
    },
    forget() {
      token = null;
    },
  };
}

/** CDEK's errors of an answer, at the top level or inside `requests[]`. */
function errorsOf(body: unknown): CdekErrorItem[] {
  const e = errorAnswer.safeParse(body);
  if (!e.success) return [];
  return [...(e.data.errors ?? []), ...(e.data.requests ?? []).flatMap((r) => r.errors ?? [])].map((x) => ({
    code: x.code,
    message: x.message ?? '',
  }));
}

/**
 * OAuth client credentials with the token cached until shortly before `expires_in` and fetched once for
 * concurrent callers; every transport failure, timeout or malformed answer is a {@link CarrierUnavailableError}.
 */
export function createCdekSession(o: CdekOptions): CdekSession {
  const base = o.apiUrl.replace(/\/+$/, '');
  const { fetchRaw, send } = createTransport(o, base);
  const tokens = createTokenSource(o, send);

  async function request(path: string, init: RequestInit = {}, retried = false): Promise<CdekAnswer> {
    const headers = {
      ...(init.headers as Record<string, string>),
      authorization: `Bearer ${await tokens.bearer()}`,
    };
    const { status, body } = await send(path, { ...init, headers });
    const errors = errorsOf(body);
    if (status === 401 && !retried && errors.some((e) => e.code === 'v2_token_expired')) {
      tokens.forget();
      return request(path, init, true);
    }
    return { status, body, errors };
  }

  return {
    request,
    fail: failWith,
    async call(path, schema, init = {}, ok = [200]) {
      const { status, body, errors } = await request(path, init);
      if (!ok.includes(status))
        failWith(`${path}: HTTP ${status} ${errors.map((e) => e.code).join(',')}`.trim());
      const parsed = schema.safeParse(body);
      return parsed.success ? parsed.data : failWith(`${path}: malformed answer`);
    },
    async bytes(url, maxBytes) {
      // The token goes only to CDEK's own host: a URL elsewhere in an answer is refused, not followed.
      if (!URL.canParse(url) || new URL(url).origin !== new URL(base).origin)
        failWith('print form: foreign URL');
      const auth = { headers: { authorization: `Bearer ${await tokens.bearer()}` } };
      const res = await fetchRaw(url, auth, 'print form');
      if (!res.ok) failWith(`print form: HTTP ${res.status}`);
      if (Number(res.headers.get('content-length') ?? 0) > maxBytes) failWith('print form: too large');
      const data = Buffer.from(await res.arrayBuffer());
      return data.length > maxBytes ? failWith('print form: too large') : data;
    },
  };
}
