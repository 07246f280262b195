import { ApiError, ErrorCode, type ApiClient } from '@kiim/contract';
import { clearCookie, currentCityId, uuidCookie } from './cookies.server.ts';
import { CART, WISHLIST, isApiCode, listCookie, warnListError, type ListKind } from './lists.server.ts';

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

/** The steps 1–4 above for one kind of list, with the anonymous list of this device (if any). */
async function mergeOne(
  kind: ListKind,
  api: ApiClient,
  cityId: number,
  anonymous: string | undefined,
): Promise<CookieOutcome> {
  let own: string | undefined;
  try {
    own = await ownUuid(() => kind.own(api, cityId));
  } catch (e) {
    warnListError(`${kind.name} lookup at sign-in`, e);
    return null;
  }
  const mergeInto = (destination: string) =>
    kind.merge(api, anonymous!, destination).catch((e) => warnListError(`${kind.name} merge at sign-in`, e));
  if (own) {
    // Another customer's list left in this browser is refused by the API (404): nothing of it is taken.
    if (anonymous && anonymous !== own) await mergeInto(own);
    return anonymous === own ? null : { set: own };
  }
  if (!anonymous) return null;
  try {
    await kind.attach(api, anonymous);
    return null;
  } catch (e) {
    // A list of theirs appeared meanwhile (another device): merge into it instead.
    const theirs = isApiCode(e, ErrorCode.customerHasCart)
      ? (e.body.details as { uuid?: string } | undefined)?.uuid
      : undefined;
    if (theirs) {
      await mergeInto(theirs);
      return { set: theirs };
    }
    warnListError(`${kind.name} attach at sign-in`, e);
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
  const kinds = [CART, WISHLIST];
  const outcomes = await Promise.all(
    kinds.map((kind) => mergeOne(kind, api, cityId, uuidCookie(request, kind.cookie))),
  );
  outcomes.forEach((outcome, i) => {
    const kind = kinds[i]!;
    if (outcome && 'set' in outcome) headers.append('Set-Cookie', listCookie(kind, outcome.set));
    else if (outcome) headers.append('Set-Cookie', clearCookie(kind.cookie));
  });
  return headers;
}
