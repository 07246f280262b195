import { ApiError, COOKIE, ErrorCode, type ApiClient, type Cart, type SplitCart, type Wishlist } from '@kiim/contract';
import { clearCookie, shopCookie, uuidCookie } from './cookies.server.ts';

// The shopper's cart and wishlist as the storefront keeps them: their uuids in the cookies `cart_uuid` and
// `wishlist_uuid` (spec §3; 365 days, SameSite=Lax, spec §9; HttpOnly: browser code never needs them), and
// the spec §8 rule that cart and wishlist errors never break a page: they are logged and the page goes on
// as if the cart (wishlist) were empty.

/** `Set-Cookie` for a cart or wishlist uuid cookie (spec §3, §9), HttpOnly. */
export const listCookie = (name: typeof COOKIE.cartUuid | typeof COOKIE.wishlistUuid, uuid: string) =>
  shopCookie(name, uuid, { httpOnly: true });

/** True for an API error with this `code` (e.g. 3001 "no cart yet", spec §8). */
export const isApiCode = (e: unknown, code: number): e is ApiError => e instanceof ApiError && e.body.code === code;

/** True for "this cart (wishlist) is gone or not yours" (404): the cookie that holds it is stale. */
const isGone = (e: unknown) =>
  e instanceof ApiError && e.status === 404 && (e.body.code === ErrorCode.cartNotFound || e.body.code === ErrorCode.wishlistNotFound);

/**
 * Logs a swallowed cart or wishlist error (spec §8: "swallowed silently" in the interface) on the server.
 * Anything that is not an API answer (a bug, the API down) is logged the same way: the page still renders.
 */
export function warnListError(what: string, e: unknown): void {
  if (e instanceof ApiError) console.warn(`${what} failed`, e.status, e.body.code, e.body.message);
  else console.warn(`${what} failed`, e);
}

/** A wishlist entry as the header and the hearts need it: which products, added in which size. */
export interface WishlistMark {
  productId: number;
  externalId: string;
}

/**
 * The uuid of the shopper's cart: the cookie `cart_uuid`, else — for a signed-in customer on a device that
 * has none — their cart from `get-by-customer-token` (spec §7), remembered in the cookie through `headers`.
 * @returns undefined when there is none (or on an error, logged: spec §8).
 */
export async function cartUuidOf(request: Request, api: ApiClient, cityId: number, headers: Headers): Promise<string | undefined> {
  const uuid = uuidCookie(request, COOKIE.cartUuid);
  if (uuid || !api.token) return uuid;
  try {
    const cart = await api.cartByCustomerToken(cityId);
    headers.append('Set-Cookie', listCookie(COOKIE.cartUuid, cart.uuid));
    return cart.uuid;
  } catch (e) {
    if (!isApiCode(e, ErrorCode.noCustomerCart)) warnListError('customer cart lookup', e);
    return undefined;
  }
}

/** Same as {@link cartUuidOf} for the wishlist (`wishlist_uuid`, `GET /api/wishlist/get-by-customer-token`). */
export async function wishlistUuidOf(request: Request, api: ApiClient, cityId: number, headers: Headers): Promise<string | undefined> {
  const uuid = uuidCookie(request, COOKIE.wishlistUuid);
  if (uuid || !api.token) return uuid;
  try {
    const wishlist = await api.wishlistByCustomerToken(cityId);
    headers.append('Set-Cookie', listCookie(COOKIE.wishlistUuid, wishlist.uuid));
    return wishlist.uuid;
  } catch (e) {
    if (!isApiCode(e, ErrorCode.noCustomerCart)) warnListError('customer wishlist lookup', e);
    return undefined;
  }
}

/**
 * The shopper's cart priced for the city and split by it (spec §3, §4), for the cart page. A stale
 * `cart_uuid` (cart gone, merged away or another customer's) is cleared through `headers`.
 * @returns nulls when there is no cart or it cannot be read (logged, spec §8).
 */
export async function loadCart(
  request: Request,
  api: ApiClient,
  cityId: number,
  headers: Headers,
): Promise<{ cart: Cart | null; split: SplitCart | null }> {
  const uuid = await cartUuidOf(request, api, cityId, headers);
  if (!uuid) return { cart: null, split: null };
  try {
    const [{ cart }, split] = await Promise.all([api.cartByUuid(uuid, cityId), api.splitCart(uuid, cityId)]);
    return { cart, split };
  } catch (e) {
    if (isGone(e)) headers.append('Set-Cookie', clearCookie(COOKIE.cartUuid));
    else warnListError('cart load', e);
    return { cart: null, split: null };
  }
}

/**
 * The shopper's wishlist with product cards for the city (spec §3, §7). A stale `wishlist_uuid` is
 * cleared through `headers`.
 * @returns null when there is none or it cannot be read (logged, spec §8).
 */
export async function loadWishlist(request: Request, api: ApiClient, cityId: number, headers: Headers): Promise<Wishlist | null> {
  const uuid = await wishlistUuidOf(request, api, cityId, headers);
  if (!uuid) return null;
  try {
    return await api.wishlistByUuid(uuid, cityId);
  } catch (e) {
    if (isGone(e)) headers.append('Set-Cookie', clearCookie(COOKIE.wishlistUuid));
    else warnListError('wishlist load', e);
    return null;
  }
}

/**
 * What the header shows on every page: the cart's count with each line capped at its stock (spec §9) and
 * the wishlist's products (their number, and which hearts are filled).
 */
export async function loadHeaderLists(
  request: Request,
  api: ApiClient,
  cityId: number,
  headers: Headers,
): Promise<{ cartCount: number; wishlist: WishlistMark[] }> {
  const [cartCount, wishlist] = await Promise.all([
    (async () => {
      const uuid = await cartUuidOf(request, api, cityId, headers);
      if (!uuid) return 0;
      try {
        return (await api.cartByUuid(uuid, cityId)).cart.totalCount;
      } catch (e) {
        if (isGone(e)) headers.append('Set-Cookie', clearCookie(COOKIE.cartUuid));
        else warnListError('cart count', e);
        return 0;
      }
    })(),
    loadWishlist(request, api, cityId, headers),
  ]);
  return {
    cartCount,
    wishlist: (wishlist?.items ?? []).map((i) => ({ productId: i.productId, externalId: i.externalId })),
  };
}
