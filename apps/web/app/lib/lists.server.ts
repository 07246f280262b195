import {
  ApiError,
  COOKIE,
  ErrorCode,
  cartTotals,
  type ApiClient,
  type CartItem,
  type SplitCart,
  type Wishlist,
} from '@kiim/contract';
import { apiFor, sharedPerRequest, type RequestContext } from './api.server.ts';
import { clearCookie, currentCityId, shopCookie, uuidCookie } from './cookies.server.ts';
import type { WishlistMark } from './root-data.ts';

// The shopper's cart and wishlist as the storefront keeps them: their uuids in the cookies `cart_uuid` and
// `wishlist_uuid` (spec §3; 365 days, SameSite=Lax, spec §9; HttpOnly: browser code never needs them), and
// the spec §8 rule that cart and wishlist errors never break a page: they are logged and the page goes on
// as if the list were empty. Cart and wishlist follow the same rules, so one set of functions serves both,
// told apart by a `ListKind`.

/** One kind of customer-owned list: its cookie, its "gone" error code and its calls of spec §7. */
export interface ListKind {
  name: 'cart' | 'wishlist';
  cookie: typeof COOKIE.cartUuid | typeof COOKIE.wishlistUuid;
  /** The API's code for "this list is gone, merged away or not yours" (404). */
  notFound: number;
  /** The signed-in customer's own list (`get-by-customer-token`); code 3001 when they have none (spec §8). */
  own: (api: ApiClient, cityId: number) => Promise<{ uuid: string }>;
  /** Gives an anonymous list to the signed-in customer (`update-customer-id-by-customer-token`). */
  attach: (api: ApiClient, uuid: string) => Promise<unknown>;
  /** Merges `source` into `destination` (spec §4 sign-in merge). */
  merge: (api: ApiClient, source: string, destination: string) => Promise<unknown>;
}

export const CART: ListKind = {
  name: 'cart',
  cookie: COOKIE.cartUuid,
  notFound: ErrorCode.cartNotFound,
  own: (api, cityId) => api.cartByCustomerToken(cityId),
  attach: (api, uuid) => api.attachCart(uuid),
  merge: (api, source, destination) => api.mergeCarts(source, destination),
};

export const WISHLIST: ListKind = {
  name: 'wishlist',
  cookie: COOKIE.wishlistUuid,
  notFound: ErrorCode.wishlistNotFound,
  own: (api, cityId) => api.wishlistByCustomerToken(cityId),
  attach: (api, uuid) => api.attachWishlist(uuid),
  merge: (api, source, destination) => api.mergeWishlists(source, destination),
};

/**
 * The shopper behind one request, as the list functions need them: the request, its API client, the current
 * city (cookie `city_id`, spec §3) and the headers the answer will carry (`Set-Cookie` of the list uuids).
 */
export interface Shopper {
  request: Request;
  context: RequestContext;
  api: ApiClient;
  cityId: number;
  headers: Headers;
}

/** The {@link Shopper} of a loader's or action's request, with fresh response headers. */
export function shopperOf(request: Request, context: RequestContext): Shopper {
  return {
    request,
    context,
    api: apiFor(request, context),
    cityId: currentCityId(request),
    headers: new Headers(),
  };
}

/** `Set-Cookie` for a cart or wishlist uuid cookie (spec §3, §9), HttpOnly. */
export const listCookie = (kind: ListKind, uuid: string) => shopCookie(kind.cookie, uuid, { httpOnly: true });

/** True for an API error with this `code` (e.g. 3001 "no cart yet", spec §8). */
export const isApiCode = (e: unknown, code: number): e is ApiError =>
  e instanceof ApiError && e.body.code === code;

/**
 * Logs a swallowed cart or wishlist error (spec §8: "swallowed silently" in the interface) on the server.
 * Anything that is not an API answer (a bug, the API down) is logged the same way: the page still renders.
 */
export function warnListError(what: string, e: unknown): void {
  if (e instanceof ApiError) console.warn(`${what} failed`, e.status, e.body.code, e.body.message);
  else console.warn(`${what} failed`, e);
}

/**
 * The uuid of the shopper's list: its cookie, else — for a signed-in customer on a device that has none —
 * their own list from `get-by-customer-token` (spec §7), remembered in the cookie. Looked up once per request.
 * @returns undefined when there is none (or on an error, logged: spec §8).
 */
function listUuidOf(kind: ListKind, s: Shopper): Promise<string | undefined> {
  const uuid = uuidCookie(s.request, kind.cookie);
  if (uuid || !s.api.token) return Promise.resolve(uuid);
  return sharedPerRequest(s.context, `${kind.name}-uuid`, async () => {
    try {
      const own = await kind.own(s.api, s.cityId);
      s.headers.append('Set-Cookie', listCookie(kind, own.uuid));
      return own.uuid;
    } catch (e) {
      if (!isApiCode(e, ErrorCode.noCustomerCart)) warnListError(`customer ${kind.name} lookup`, e);
      return undefined;
    }
  });
}

/**
 * Reads the shopper's list with `read`. A stale uuid cookie (the list gone, merged away or another
 * customer's: 404 with the kind's code) is cleared; other errors are logged (spec §8).
 * @returns null when there is no list or it cannot be read.
 */
async function readList<T>(
  kind: ListKind,
  s: Shopper,
  read: (uuid: string) => Promise<T>,
): Promise<T | null> {
  const uuid = await listUuidOf(kind, s);
  if (!uuid) return null;
  try {
    return await read(uuid);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404 && e.body.code === kind.notFound)
      s.headers.append('Set-Cookie', clearCookie(kind.cookie));
    else warnListError(`${kind.name} load`, e);
    return null;
  }
}

/**
 * Adds to the shopper's list with `put`, which gets the known uuid (or undefined to start a new list): a
 * stale uuid is replaced by a new list. A new list's uuid is kept in the cookie (spec §3, 365 days) and, with
 * `attachNew`, given to the signed-in customer (one list across devices, spec §4; failing that it still
 * works here). @throws the API's error for the caller to swallow (spec §8).
 */
export async function putInList(
  kind: ListKind,
  s: Shopper,
  put: (uuid: string | undefined) => Promise<{ uuid: string }>,
  attachNew = false,
) {
  const known = await listUuidOf(kind, s);
  let result;
  try {
    result = await put(known);
  } catch (e) {
    if (!known || !isApiCode(e, kind.notFound)) throw e;
    result = await put(undefined);
  }
  if (result.uuid === known) return;
  s.headers.append('Set-Cookie', listCookie(kind, result.uuid));
  if (attachNew && s.api.token)
    await kind.attach(s.api, result.uuid).catch((e) => warnListError(`${kind.name} attach`, e));
}

/**
 * Removes from the shopper's list with `remove`; nothing to do without a list. A list that is gone is
 * forgotten (its cookie cleared). @throws the API's other errors for the caller to swallow (spec §8).
 */
export async function removeFromList(
  kind: ListKind,
  s: Shopper,
  remove: (uuid: string) => Promise<unknown>,
): Promise<void> {
  const uuid = await listUuidOf(kind, s);
  if (!uuid) return;
  try {
    await remove(uuid);
  } catch (e) {
    if (!isApiCode(e, kind.notFound)) throw e;
    s.headers.append('Set-Cookie', clearCookie(kind.cookie));
  }
}

/** The cart split by the current city (spec §3, §4) with its lines and totals (spec §9). */
export interface CartView {
  split: SplitCart;
  /** Every line: those in stock in the city first, then the others. */
  lines: CartItem[];
  totals: ReturnType<typeof cartTotals>;
}

/**
 * The shopper's cart from one split-cart call (`GET /api/cart/split-cart-items-by-region-id`), shared by the
 * loaders of the request (the cart page and the header's count on it).
 * @returns null when there is no cart or it cannot be read (logged, spec §8).
 */
export function cartView(s: Shopper): Promise<CartView | null> {
  return sharedPerRequest(s.context, 'cart-view', async () => {
    const split = await readList(CART, s, (uuid) => s.api.splitCart(uuid, s.cityId));
    if (!split) return null;
    const lines = [...split.available, ...split.notAvailable];
    return { split, lines, totals: cartTotals(lines) };
  });
}

/** The shopper's wishlist with product cards for the city (spec §3, §7), read once per request. */
export const wishlistOf = (s: Shopper): Promise<Wishlist | null> =>
  sharedPerRequest(s.context, 'wishlist', () =>
    readList(WISHLIST, s, (uuid) => s.api.wishlistByUuid(uuid, s.cityId)),
  );

/**
 * What the header shows on every page: the cart's count with each line capped at its stock (spec §9) and the
 * wishlist's products (their number, and which hearts are filled). On the cart page the count comes from the
 * page's own split cart, so the cart is read once.
 */
export async function headerLists(
  s: Shopper,
  onCartPage: boolean,
): Promise<{ cartCount: number; wishlist: WishlistMark[] }> {
  const [cartCount, wishlist] = await Promise.all([
    onCartPage
      ? cartView(s).then((view) => view?.totals.totalCount ?? 0)
      : readList(CART, s, (uuid) => s.api.cartByUuid(uuid, s.cityId)).then(
          (found) => found?.cart.totalCount ?? 0,
        ),
    wishlistOf(s),
  ]);
  return {
    cartCount,
    wishlist: (wishlist?.items ?? []).map((i) => ({ productId: i.productId, externalId: i.externalId })),
  };
}

/**
 * Adds the product of SKU `externalId` to the shopper's wishlist (`POST /api/wishlist/item`; the API names the
 * signed-in customer's from the token): the heart, and «Перенести в избранное» of the cart.
 * @throws the API's error for the caller to swallow (spec §8).
 */
export const addToWishlist = (s: Shopper, externalId: string) =>
  putInList(WISHLIST, s, (uuid) => s.api.addWishlistItem(uuid ? { uuid, externalId } : { externalId }));
