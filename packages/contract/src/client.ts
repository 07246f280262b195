import type { z } from 'zod';
import type { AddOrUpdateItemBody, Cart, CartContents, SplitCart } from './cart.schema.ts';
import type { Wishlist, WishlistContents } from './wishlist.schema.ts';
import type {
  Banner,
  BrandDetails,
  Category,
  CategoryTreeNode,
  City,
  PickupPoint,
  Product,
  ProductCard,
  ProductList,
  ProductListQuery,
  RelatedProducts,
} from './catalog.schema.ts';
import type { BannerSlot } from './enums.ts';
import type {
  CodeSent,
  Customer,
  RegisterByMobileBody,
  RegisterByMobileConfirmBody,
  SignedIn,
  UpdateCustomerBody,
  UpdatePasswordBody,
} from './customer.schema.ts';
import { RETRY_STATUSES } from './enums.ts';
import { TOKEN_EXPIRED_MESSAGE, type ErrorBody } from './errors.ts';
import type { Order, OrderDraft } from './order.schema.ts';
import type { HalykAuth } from './payment.schema.ts';
import type { ContentPage, ContentPageSummary, SellerDetails } from './content.schema.ts';
import type {
  CreateQuestionBody,
  CreateReviewBody,
  MyQuestion,
  MyReview,
  QuestionPage,
  ReviewPage,
  ReviewSummary,
} from './review.schema.ts';
import type { ReviewSort } from './enums.ts';

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
type Call = <T>(
  method: string,
  path: WithToken<string>,
  body?: WithToken<unknown>,
  query?: Query,
  callOpts?: CallOptions,
) => Promise<T>;

/** What the transport keeps between calls: the token, a token exchange under way, whether it logged out. */
interface ClientState {
  token: string | undefined;
  refreshing?: Promise<string | undefined>;
  loggedOut: boolean;
}

/**
 * The transport with the request rules of spec §8 and §9 (see {@link createApiClient}): `call` sends one call,
 * exchanging an expired token once, logging out on another 403, retrying idempotent calls once.
 */
function transport(opts: ApiClientOptions): { state: ClientState; call: Call } {
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

const enc = encodeURIComponent;

/** Catalogue, city and banner calls. */
const catalogCalls = (call: Call) => ({
  cities: () => call<City[]>('GET', '/api/city/list'),
  pickupPoints: (cityId: number) => call<PickupPoint[]>('GET', `/api/city/${cityId}/pickup-points`),
  categories: (gender?: number) => call<Category[]>('GET', '/api/catalog/categories', undefined, { gender }),
  products: (q: ProductListParams) => call<ProductList>('GET', '/api/catalog/products', undefined, q),
  product: (slug: string, cityId: number) =>
    call<Product>('GET', `/api/catalog/product/${enc(slug)}`, undefined, { cityId }),
  /** Product-page sliders: similar products of the category and more of the brand. */
  relatedProducts: (slug: string, cityId: number) =>
    call<RelatedProducts>('GET', `/api/catalog/product/${enc(slug)}/related`, undefined, { cityId }),
  /** Cards in the order of `ids` (unknown or inactive ids left out). */
  productsByIds: (ids: readonly number[], cityId: number) =>
    call<ProductCard[]>('GET', '/api/catalog/products/by-ids', undefined, { ids, cityId }),
  categoryTree: (gender?: number) =>
    call<CategoryTreeNode[]>('GET', '/api/catalog/category-tree', undefined, { gender }),
  brands: () => call<BrandDetails[]>('GET', '/api/catalog/brands'),
  /** Slug and last change date (YYYY-MM-DD) of every active product (the sitemap). */
  productSlugs: () => call<{ slug: string; updatedAt: string }[]>('GET', '/api/catalog/product-slugs'),
  /** Banners of the slots (spec §9), active now, by slot and position. */
  banners: (slots: readonly BannerSlot[]) =>
    call<Banner[]>('GET', '/api/catalog/banners', undefined, { slot: slots }),
});

/** Cart and wishlist calls (spec §7). */
const listCalls = (call: Call) => ({
  addOrUpdateCartItem: (body: AddOrUpdateItemBody) => call<Cart>('PUT', '/api/cart/add-or-update-item', body),
  cartByUuid: (uuid: string, cityId: number) =>
    call<{ cart: Cart }>('GET', `/api/cart/get-by-uuid/${enc(uuid)}/${cityId}`),
  splitCart: (uuid: string, cityId: number) =>
    call<SplitCart>('GET', `/api/cart/split-cart-items-by-region-id/${enc(uuid)}/${cityId}`),
  /** The signed-in customer's cart (spec §7; the client's token in the path); ApiError 404 code 3001 when none (spec §8). */
  cartByCustomerToken: (cityId: number) =>
    call<Cart>('GET', (token) => `/api/cart/get-by-customer-token/${enc(token ?? '')}/${cityId}`),
  removeCartItem: (uuid: string, externalId: string) =>
    call<CartContents>('DELETE', '/api/cart/item', { uuid, externalId }),
  clearCart: (uuid: string) => call<CartContents>('DELETE', '/api/cart/items', { uuid }),
  /** Attaches the anonymous cart `uuid` to the client's customer (body token, spec §7). */
  attachCart: (uuid: string) =>
    call<CartContents>(
      'PUT',
      '/api/cart/update-customer-id-by-customer-token',
      (token: string | undefined) => ({ uuid, token }),
    ),
  mergeCarts: (sourceUuid: string, destinationUuid: string) =>
    call<CartContents>('POST', '/api/cart/merge', { sourceUuid, destinationUuid }),

  /**
   * Adds a product (by a SKU's externalId) to the wishlist `uuid`, or to the customer's / a new one. The token
   * goes in X-Authorization (spec §7), which the API reads before the `token` query.
   */
  addWishlistItem: (q: { uuid?: string; externalId: string }) =>
    call<WishlistContents>('POST', '/api/wishlist/item', undefined, {
      uuid: q.uuid,
      externalId: q.externalId,
    }),
  removeWishlistItem: (uuid: string, externalId: string) =>
    call<WishlistContents>('DELETE', '/api/wishlist/item', undefined, { uuid, externalId }),
  wishlistByUuid: (uuid: string, cityId: number) =>
    call<Wishlist>('GET', `/api/wishlist/get-by-uuid/${cityId}/${enc(uuid)}`),
  /** The signed-in customer's wishlist (token in X-Authorization); ApiError 404 code 3001 when none (spec §8). */
  wishlistByCustomerToken: (cityId: number) =>
    call<Wishlist>('GET', `/api/wishlist/get-by-customer-token/${cityId}`),
  /** Attaches the anonymous wishlist `uuid` to the client's customer (body token, spec §7). */
  attachWishlist: (uuid: string) =>
    call<WishlistContents>(
      'PUT',
      '/api/wishlist/update-customer-id-by-customer-token',
      (token: string | undefined) => ({ uuid, token }),
    ),
  mergeWishlists: (sourceUuid: string, destinationUuid: string) =>
    call<WishlistContents>('POST', '/api/wishlist/merge', { sourceUuid, destinationUuid }),
});

/** Customer account calls (spec §7): codes, sign-in, registration, recovery, profile, token exchange. */
const customerCalls = (call: Call, state: ClientState) => ({
  authByMobile: (mobile: string) =>
    call<z.infer<typeof CodeSent>>('POST', '/api/customer/auth-by-mobile', { mobile }),
  authByMobileConfirm: (mobile: string, code: string) =>
    call<SignedIn>('POST', '/api/customer/auth-by-mobile/confirm', { mobile, code }),
  customer: () => call<Customer>('GET', '/api/customer/get-customer-by-token'),
  /** Revokes the token; the client forgets it even when the call fails (spec §4). */
  logout: async (token: string) => {
    try {
      return await call<unknown>('POST', '/api/customer/logout', { token });
    } finally {
      state.token = undefined;
    }
  },
  registerByMobile: (body: RegisterByMobileBody) =>
    call<CodeSent>('POST', '/api/customer/register-by-mobile', body),
  registerByMobileConfirm: (body: z.input<typeof RegisterByMobileConfirmBody>) =>
    call<SignedIn>('POST', '/api/customer/register-by-mobile/confirm', body),
  authByMobilePassword: (mobile: string, password: string) =>
    call<SignedIn>('POST', '/api/customer/auth-by-mobile-password', { mobile, password }),
  /** Sends an SMS, so never repeated although it is a GET. */
  codeForRecoverPassword: (mobile: string) =>
    call<CodeSent>(
      'GET',
      '/api/customer/get-code-for-recover-password',
      undefined,
      { mobile },
      { idempotent: false },
    ),
  confirmRecoverPasswordCode: (mobile: string, code: string) =>
    call<SignedIn>('POST', '/api/customer/confirm-recover-password-code', { mobile, code }),
  updatePassword: (body: UpdatePasswordBody) =>
    call<{ ok: true }>('POST', '/api/customer/update-password', body),
  updateCustomer: (body: z.input<typeof UpdateCustomerBody>) =>
    call<Customer>('POST', '/api/customer/update', body),
  /** Exchanges a token (expired or not) for a new one (spec §7 `data.token`). */
  authByExpiredToken: (token: string) =>
    call<SignedIn>('POST', '/api/customer/auth-by-expired-token', { token }),
});

/** Order and card payment calls. */
const orderCalls = (call: Call) => ({
  createOrder: (order: z.input<typeof OrderDraft>) =>
    call<{ order: Order }>('POST', '/api/order/create', { order }),
  orders: (state: 'pending' | 'completed') =>
    call<{ items: Order[] }>('GET', '/api/order/list', undefined, { state }),
  order: (number: string) => call<Order>('GET', `/api/order/details/${enc(number)}`),
  /** Cancels the customer's order (stock released, a card payment returned); ApiError 409 code 4014 when too late. */
  cancelOrder: (number: string) => call<{ order: Order }>('POST', '/api/order/cancel', { number }),
  /** Starts a card payment: ePay's script URL and the payment object for `halyk.pay` (spec §7). */
  halykAuth: (orderNumber: string) => call<HalykAuth>('POST', '/api/payment/halyk/auth', { orderNumber }),
  /** Asks ePay for the order's payment status and applies it (the shopper is back from the payment page). */
  halykStatus: (orderNumber: string) =>
    call<{ order: Order }>('POST', '/api/payment/halyk/status', { orderNumber }),
});

/** Information pages and the seller's details (module `content`). */
const contentCalls = (call: Call) => ({
  contentPages: (locale?: string) =>
    call<ContentPageSummary[]>('GET', '/api/content/pages', undefined, { locale }),
  contentPage: (slug: string, locale?: string) =>
    call<ContentPage>('GET', `/api/content/pages/${enc(slug)}`, undefined, { locale }),
  seller: () => call<SellerDetails>('GET', '/api/content/seller'),
});

/** Reviews and questions of products (issue 10): the product page's, the customer's own, writing and votes. */
const feedbackCalls = (call: Call) => ({
  reviewSummary: (slug: string) => call<ReviewSummary>('GET', `/api/review/product/${enc(slug)}/summary`),
  productReviews: (slug: string, q: { page?: number; sort?: ReviewSort } = {}) =>
    call<ReviewPage>('GET', `/api/review/product/${enc(slug)}`, undefined, q),
  productQuestions: (slug: string, q: { page?: number } = {}) =>
    call<QuestionPage>('GET', `/api/question/product/${enc(slug)}`, undefined, q),
  /** ApiError 422 code 5001 when the product is not in a completed order of the customer; 409 5002 when already reviewed. */
  createReview: (body: CreateReviewBody) => call<{ review: MyReview }>('POST', '/api/review/create', body),
  myReviews: () => call<{ items: MyReview[] }>('GET', '/api/review/my'),
  markReviewHelpful: (id: string) => call<{ helpfulCount: number }>('POST', `/api/review/${enc(id)}/helpful`),
  askQuestion: (body: CreateQuestionBody) =>
    call<{ question: MyQuestion }>('POST', '/api/question/create', body),
  myQuestions: (q: { page?: number } = {}) =>
    call<{ items: MyQuestion[]; page: number; pageSize: number; total: number; pageCount: number }>(
      'GET',
      '/api/question/my',
      undefined,
      q,
    ),
});

/**
 * Typed client of the Kiim API (spec §7 paths exactly). Every method returns the `data` of the answer.
 * Every call goes through the request rules of spec §8 and §9, kept here and nowhere else:
 * - `X-Authorization` carries the token while signed in (spec §7);
 * - a `403 Token has expired` is answered by exchanging the token once (`auth-by-expired-token`, shared
 *   by parallel calls of this client) and repeating the call with the new token (`onTokenRefreshed`);
 *   if the exchange is refused (403), or any other 403 comes while a token was sent, the client forgets
 *   the token and calls `onLoggedOut` (spec §8: log out and send to /);
 * - idempotent calls are retried once on 408, 409, 425, 429, 500, 502, 503, 504 (spec §9).
 * @throws ApiError for any non-2xx answer left after these rules.
 */
export function createApiClient(opts: ApiClientOptions) {
  const { state, call } = transport(opts);
  return {
    /** The current token (after an exchange, the new one; after a forced logout, undefined). */
    get token() {
      return state.token;
    },
    /** True once the client logged the customer out (spec §8). */
    get loggedOut() {
      return state.loggedOut;
    },
    /** A client with the same transport and another token (and, optionally, other headers or hooks). */
    withToken: (token: string | undefined, more: Omit<Partial<ApiClientOptions>, 'token'> = {}) =>
      createApiClient({ ...opts, ...more, token }),
    ...catalogCalls(call),
    ...listCalls(call),
    ...customerCalls(call, state),
    ...orderCalls(call),
    ...contentCalls(call),
    ...feedbackCalls(call),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
