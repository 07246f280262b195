import { ApiError, COOKIE, ErrorCode, type ApiClient } from '@kiim/contract';
import { clearCookie, currentCityId, uuidCookie } from './cookies.server.ts';
import { isApiCode, listCookie, warnListError } from './cart-wishlist.server.ts';

// The sign-in merge of spec §4, for the cart and for the wishlist, through the calls of spec §7:
//   1. ask for the customer's own one (get-by-customer-token);
//   2. they have one: merge the anonymous one of this device (cookie) into it, if it differs — quantities of a
//      SKU in both add up, capped at 999 by the API — and use theirs from now on;
//   3. they have none (code 3001, spec §8): attach the anonymous one to them (update-customer-id-…);
//   4. only one exists: it is used.
// The API makes the merge idempotent (a repeated sign-in merge changes nothing). Every error is swallowed and
// logged (spec §8): signing in never fails because of the cart or the wishlist; at worst a cookie is cleared.

/** What to do with a uuid cookie after the merge: keep it, store another uuid, or clear it. */
type CookieOutcome = { set: string } | { clear: true } | null;

/** The customer's own cart or wishlist uuid, or undefined when they have none (code 3001, spec §8). */
async function ownUuid(find: () => Promise<{ uuid: string }>): Promise<string | undefined> {
  try {
    return (await find()).uuid;
  } catch (e) {
    if (isApiCode(e, ErrorCode.noCustomerCart)) return undefined;
    throw e;
  }
}

/** The steps 1–4 above for one kind of list; `kind` names it in the log. */
async function mergeOne(
  kind: string,
  anonymous: string | undefined,
  calls: {
    findOwn: () => Promise<{ uuid: string }>;
    merge: (source: string, destination: string) => Promise<unknown>;
    attach: (uuid: string) => Promise<unknown>;
  },
): Promise<CookieOutcome> {
  let own: string | undefined;
  try {
    own = await ownUuid(calls.findOwn);
  } catch (e) {
    warnListError(`${kind} lookup at sign-in`, e);
    return null;
  }
  if (own) {
    if (anonymous && anonymous !== own) {
      // Another customer's cart left in this browser is refused by the API (404): nothing of it is taken.
      await calls.merge(anonymous, own).catch((e) => warnListError(`${kind} merge at sign-in`, e));
    }
    return anonymous === own ? null : { set: own };
  }
  if (!anonymous) return null;
  try {
    await calls.attach(anonymous);
    return null;
  } catch (e) {
    if (isApiCode(e, ErrorCode.customerHasCart)) {
      // A cart of theirs appeared meanwhile (another device): merge into it instead.
      const theirs = (e as ApiError).body.details as { uuid?: string } | undefined;
      if (theirs?.uuid) {
        await calls.merge(anonymous, theirs.uuid).catch((err) => warnListError(`${kind} merge at sign-in`, err));
        return { set: theirs.uuid };
      }
    }
    warnListError(`${kind} attach at sign-in`, e);
    // Not attachable (gone, or another customer's): this browser starts afresh.
    return e instanceof ApiError && e.status === 404 ? { clear: true } : null;
  }
}

/**
 * The sign-in merge of spec §4 for the cart and the wishlist, run by the sign-in action right after a
 * successful confirmation. `api` must carry the NEW customer token. Never throws: errors are logged and
 * swallowed (spec §8).
 * @returns `Set-Cookie` headers for `cart_uuid` / `wishlist_uuid` (365 days, SameSite=Lax, spec §9) when the
 *   list to use from now on is another one (or none).
 */
export async function mergeAtSignIn(request: Request, api: ApiClient): Promise<Headers> {
  const headers = new Headers();
  if (!api.token) return headers;
  const cityId = currentCityId(request);
  const [cart, wishlist] = await Promise.all([
    mergeOne('cart', uuidCookie(request, COOKIE.cartUuid), {
      findOwn: () => api.cartByCustomerToken(cityId),
      merge: (source, destination) => api.mergeCarts(source, destination),
      attach: (uuid) => api.attachCart(uuid),
    }),
    mergeOne('wishlist', uuidCookie(request, COOKIE.wishlistUuid), {
      findOwn: () => api.wishlistByCustomerToken(cityId),
      merge: (source, destination) => api.mergeWishlists(source, destination),
      attach: (uuid) => api.attachWishlist(uuid),
    }),
  ]);
  for (const [name, outcome] of [
    [COOKIE.cartUuid, cart],
    [COOKIE.wishlistUuid, wishlist],
  ] as const) {
    if (outcome && 'set' in outcome) headers.append('Set-Cookie', listCookie(name, outcome.set));
    else if (outcome) headers.append('Set-Cookie', clearCookie(name));
  }
  return headers;
}
