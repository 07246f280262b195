import type { SignedIn } from './customer.schema.ts';
import type { ProductListQuery } from './catalog.schema.ts';
import { RETRY_STATUSES } from './enums.ts';
import { TOKEN_EXPIRED_MESSAGE, type ErrorBody } from './errors.ts';

// The transport of the API client (client.ts): its error, options, and the request rules of spec §8 and §9 —
// the token header, the one token exchange shared by parallel calls, the forced logout, the one retry.
const API_ERROR = Symbol.for('kiim.ApiError');

/**
 * A non-2xx answer of the API, with its status and JSON error body (`code`, `message`, `errors`).
 * `instanceof ApiError` is true across copies of this module (the storefront's server bundle has its own
 * copy, while the one-process server's API client throws from the source one): it checks a global brand.
 */
export class ApiError extends Error {
  readonly [API_ERROR] = true;
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true
    );
  }
}

export interface ApiClientOptions {
  /** The fetch to use: global fetch with a base URL, or an in-process one (server-side rendering). */
  fetch: typeof fetch;
  /** Origin of the API, e.g. `http://localhost:3000`; paths start with `/api`. */
  baseUrl: string;
  /** Customer token, sent as `X-Authorization` (spec §7). */
  token?: string;
  /** Headers sent with every call (the storefront server forwards the shopper's address as X-Forwarded-For). */
  headers?: Record<string, string>;
  /** Told when the client exchanged an expired token for this new one (spec §8); store it where the old one was. */
  onTokenRefreshed?: (token: string) => void;
  /** Told once when the client logged the customer out after a 403 (spec §8): forget the token, send to /. */
  onLoggedOut?: () => void;
  /** Waits before a retry (spec §9); injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** Options of one call. */
interface CallOptions {
  /**
   * Whether the call may be repeated safely (spec §9 retries only those). Default: GET, HEAD, OPTIONS and
   * DELETE. PUT is not assumed idempotent here: `add-or-update-item` adds a quantity delta (spec §4).
   */
  idempotent?: boolean;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);
const RETRY_STATUS_SET = new Set<number>(RETRY_STATUSES);
/** Longest wait before the one retry, whatever Retry-After says (the page is waiting). */
const MAX_RETRY_DELAY_MS = 2000;
const DEFAULT_RETRY_DELAY_MS = 200;

/** Milliseconds to wait before retrying after `res`: its Retry-After seconds, within 0–2 s; 200 ms without one. */
function retryDelay(res: Response): number {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0
    ? Math.min(seconds * 1000, MAX_RETRY_DELAY_MS)
    : DEFAULT_RETRY_DELAY_MS;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Parameters of the product listing as the storefront sends them. */
export type ProductListParams = Partial<{ [K in keyof ProductListQuery]: ProductListQuery[K] | undefined }>;

/** Query-string values; a list is sent as `a,b` (the API's list filters read both forms). */
type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;
/**
 * A path or body that carries the customer token itself (spec §7: `get-by-customer-token/{token}`, body
 * `token`): made from the token each attempt sends, so a repeat after a token exchange carries the new one.
 */
type WithToken<V> = V | ((token: string | undefined) => V);
const withToken = <V>(v: WithToken<V>, token: string | undefined): V =>
  typeof v === 'function' ? (v as (token: string | undefined) => V)(token) : v;

/** Sends one request of the client: JSON body, `X-Authorization` when a token is given. */
async function send(
  opts: ApiClientOptions,
  method: string,
  url: URL,
  body: unknown,
  token: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-authorization'] = token;
  return opts.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The API's error answer as an ApiError (a body without a code keeps the HTTP status as its code). */
async function readError(res: Response): Promise<ApiError> {
  const text = await res.text();
  let json: Partial<ErrorBody> | undefined;
  try {
    json = text ? (JSON.parse(text) as Partial<ErrorBody>) : undefined;
  } catch {
    json = undefined;
  }
  return new ApiError(
    res.status,
    json?.code
      ? (json as ErrorBody)
      : { code: res.status, message: json?.message ?? (res.statusText || 'Ошибка') },
  );
}

/** One call of the API through the request rules (see {@link createApiClient}). @returns the answer's `data`. */
export type Call = <T>(
  method: string,
  path: WithToken<string>,
  body?: WithToken<unknown>,
  query?: Query,
  callOpts?: CallOptions,
) => Promise<T>;

/** What the transport keeps between calls: the token, a token exchange under way, whether it logged out. */
export interface ClientState {
  token: string | undefined;
  refreshing?: Promise<string | undefined>;
  loggedOut: boolean;
}

/**
 * The transport with the request rules of spec §8 and §9 (see {@link createApiClient}): `call` sends one call,
 * exchanging an expired token once, logging out on another 403, retrying idempotent calls once.
 */
export function transport(opts: ApiClientOptions): { state: ClientState; call: Call } {
  const state: ClientState = {
    token: opts.token,
    loggedOut: false,
  };
  const sleep = opts.sleep ?? defaultSleep;

  /** Exchanges `expired` for a new token once; parallel callers share the exchange. @returns the new token, or undefined when refused. */
  function refresh(expired: string): Promise<string | undefined> {
    if (state.token !== expired) return Promise.resolve(state.token); // another call already exchanged it
    state.refreshing ??= (async () => {
      try {
        const res = await send(
          opts,
          'POST',
          new URL('/api/customer/auth-by-expired-token', opts.baseUrl),
          { token: expired },
          undefined,
        );
        if (!res.ok) {
          const err = await readError(res);
          if (res.status === 403) return undefined;
          throw err; // not a refusal (e.g. 503): keep the token, let the caller see the error
        }
        const fresh = ((await res.json()) as { data: SignedIn }).data.token;
        state.token = fresh;
        opts.onTokenRefreshed?.(fresh);
        return fresh;
      } finally {
        state.refreshing = undefined;
      }
    })();
    return state.refreshing;
  }

  function logOut() {
    state.token = undefined;
    if (!state.loggedOut) {
      state.loggedOut = true;
      opts.onLoggedOut?.();
    }
  }

  async function call<T>(
    method: string,
    path: WithToken<string>,
    body?: WithToken<unknown>,
    query?: Query,
    callOpts: CallOptions = {},
  ): Promise<T> {
    const idempotent = callOpts.idempotent ?? IDEMPOTENT_METHODS.has(method);
    let refreshed = false;
    let retried = false;
    for (;;) {
      const sentToken = state.token;
      const url = new URL(withToken(path, sentToken), opts.baseUrl);
      for (const [k, v] of Object.entries(query ?? {}))
        if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
          url.searchParams.set(k, String(v));
      const res = await send(opts, method, url, withToken(body, sentToken), sentToken);
      if (res.ok) {
        const text = await res.text();
        return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
      }
      const err = await readError(res);
      if (res.status === 403 && sentToken) {
        if (!refreshed && err.body.message === TOKEN_EXPIRED_MESSAGE) {
          refreshed = true;
          if (await refresh(sentToken)) continue;
        }
        logOut();
        throw err;
      }
      if (idempotent && !retried && RETRY_STATUS_SET.has(res.status)) {
        retried = true;
        await sleep(retryDelay(res));
        continue;
      }
      throw err;
    }
  }
  return { state, call };
}
