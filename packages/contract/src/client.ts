import type { z } from 'zod';
import type { AddOrUpdateItemBody, Cart, SplitCart } from './cart.schema.ts';
import type { Category, City, PickupPoint, Product, ProductList, ProductListQuery } from './catalog.schema.ts';
import type { CodeSent, Customer, SignedIn } from './customer.schema.ts';
import type { ErrorBody } from './errors.ts';
import type { Order, OrderDraft } from './order.schema.ts';

/** A non-2xx answer of the API, with its status and JSON error body (`code`, `message`, `errors`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** The fetch to use: global fetch with a base URL, or an in-process one (server-side rendering). */
  fetch: typeof fetch;
  /** Origin of the API, e.g. `http://localhost:3000`; paths start with `/api`. */
  baseUrl: string;
  /** Customer token, sent as `X-Authorization` (spec §7). */
  token?: string;
}

/** Parameters of the product listing as the storefront sends them. */
export type ProductListParams = Partial<{ [K in keyof ProductListQuery]: ProductListQuery[K] | undefined }>;

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * Typed client of the Kiim API (spec §7 paths exactly). Every method returns the `data` of the answer.
 * @throws ApiError for any non-2xx answer.
 */
export function createApiClient(opts: ApiClientOptions) {
  async function call<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
    const url = new URL(path, opts.baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers['x-authorization'] = opts.token;
    const res = await opts.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const json = text ? JSON.parse(text) : {};
    if (!res.ok) throw new ApiError(res.status, json?.code ? json : { code: res.status, message: res.statusText || 'Ошибка' });
    return json.data as T;
  }
  const enc = encodeURIComponent;

  return {
    token: opts.token,
    /** A client with the same transport and another token. */
    withToken: (token: string | undefined) => createApiClient({ ...opts, token }),

    cities: () => call<City[]>('GET', '/api/city/list'),
    pickupPoints: (cityId: number) => call<PickupPoint[]>('GET', `/api/city/${cityId}/pickup-points`),
    categories: (gender?: number) => call<Category[]>('GET', '/api/catalog/categories', undefined, { gender }),
    products: (q: ProductListParams) => call<ProductList>('GET', '/api/catalog/products', undefined, q),
    product: (slug: string, cityId: number) => call<Product>('GET', `/api/catalog/product/${enc(slug)}`, undefined, { cityId }),

    addOrUpdateCartItem: (body: AddOrUpdateItemBody) => call<Cart>('PUT', '/api/cart/add-or-update-item', body),
    cartByUuid: (uuid: string, cityId: number) => call<{ cart: Cart }>('GET', `/api/cart/get-by-uuid/${enc(uuid)}/${cityId}`),
    splitCart: (uuid: string, cityId: number) => call<SplitCart>('GET', `/api/cart/split-cart-items-by-region-id/${enc(uuid)}/${cityId}`),

    authByMobile: (mobile: string) => call<z.infer<typeof CodeSent>>('POST', '/api/customer/auth-by-mobile', { mobile }),
    authByMobileConfirm: (mobile: string, code: string) => call<SignedIn>('POST', '/api/customer/auth-by-mobile/confirm', { mobile, code }),
    customer: () => call<Customer>('GET', '/api/customer/get-customer-by-token'),
    logout: (token: string) => call<unknown>('POST', '/api/customer/logout', { token }),

    createOrder: (order: z.input<typeof OrderDraft>) => call<{ order: Order }>('POST', '/api/order/create', { order }),
    orders: (state: 'pending' | 'completed') => call<{ items: Order[] }>('GET', '/api/order/list', undefined, { state }),
    order: (number: string) => call<Order>('GET', `/api/order/details/${enc(number)}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
