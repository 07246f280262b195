import { data, redirect } from 'react-router';
import { COOKIE, ErrorCode, type ApiClient } from '@kiim/contract';
import { z } from 'zod';
import { clearCookie, currentCityId } from '../../lib/cookies.server.ts';
import { safeReturnTo } from '../../lib/url.ts';
import { isApiCode, listCookie, warnListError, wishlistUuidOf } from '../../lib/cart-wishlist.server.ts';

/**
 * Wishlist intents (the hearts on product cards and the product page, the wishlist page): `add` or
 * `remove` the product `productSlug`, named to the API by `externalId` (the size chosen) when there is one,
 * else by one of its SKUs looked up from the product.
 */
const WishlistIntent = z.object({
  intent: z.enum(['add', 'remove']),
  productSlug: z.string().trim().min(1).max(200),
  externalId: z.string().trim().max(64).optional(),
  redirectTo: z.string().optional(),
});

/** Answer of the wishlist action to fetchers. */
export interface WishlistActionData {
  ok: boolean;
}

/**
 * A SKU of the product to name it by in the wishlist calls (spec §7 uses `externalId`): the first size in
 * stock in the city, else the first size available elsewhere, else the first size.
 * @throws ApiError when the product cannot be read (e.g. 404 for a product no longer sold).
 */
async function skuOf(api: ApiClient, slug: string, cityId: number): Promise<string> {
  const product = await api.product(slug, cityId);
  const sku =
    product.skus.find((s) => s.regionalStockAmount !== 'not-available') ??
    product.skus.find((s) => s.globalStockAmount !== 'not-available') ??
    product.skus[0];
  if (!sku) throw new Error(`product ${slug} has no SKU`);
  return sku.externalId;
}

/**
 * Adds the product of SKU `externalId` to the shopper's wishlist (`POST /api/wishlist/item`): the one in the
 * cookie `wishlist_uuid`; without it (or when it is gone) the signed-in customer's or a new one, whose uuid is
 * then kept in the cookie (spec §3, 365 days).
 * @throws ApiError for the caller to swallow (spec §8).
 */
export async function addToWishlist(request: Request, api: ApiClient, externalId: string, headers: Headers): Promise<void> {
  const known = await wishlistUuidOf(request, api, currentCityId(request), headers);
  let result;
  try {
    result = await api.addWishlistItem({ uuid: known, externalId });
  } catch (e) {
    if (!known || !isApiCode(e, ErrorCode.wishlistNotFound)) throw e;
    result = await api.addWishlistItem({ externalId });
  }
  if (result.uuid !== known) headers.append('Set-Cookie', listCookie(COOKIE.wishlistUuid, result.uuid));
}

/**
 * Removes the product of SKU `externalId` from the shopper's wishlist (`DELETE /api/wishlist/item`).
 * A wishlist that is gone is forgotten (its cookie cleared).
 * @throws ApiError for the caller to swallow (spec §8).
 */
async function removeFromWishlist(request: Request, api: ApiClient, externalId: string, headers: Headers): Promise<void> {
  const uuid = await wishlistUuidOf(request, api, currentCityId(request), headers);
  if (!uuid) return;
  try {
    await api.removeWishlistItem(uuid, externalId);
  } catch (e) {
    if (!isApiCode(e, ErrorCode.wishlistNotFound)) throw e;
    headers.append('Set-Cookie', clearCookie(COOKIE.wishlistUuid));
  }
}

/**
 * The wishlist action (`POST /wishlist`): adds or removes a product. Fetchers get `{ok}`; a form posted
 * without JavaScript (Accept: text/html) goes back to `redirectTo`. Errors are logged and never shown as a
 * crash (spec §8): the heart simply shows the wishlist as it is.
 */
export async function wishlistAction(request: Request, api: ApiClient) {
  const parsed = WishlistIntent.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<WishlistActionData>({ ok: false }, { status: 400 });
  const { intent, productSlug, externalId, redirectTo } = parsed.data;
  const headers = new Headers();
  let ok = true;
  try {
    const sku = externalId || (await skuOf(api, productSlug, currentCityId(request)));
    if (intent === 'add') await addToWishlist(request, api, sku, headers);
    else await removeFromWishlist(request, api, sku, headers);
  } catch (e) {
    warnListError(`wishlist ${intent}`, e);
    ok = false;
  }
  const accept = request.headers.get('accept') ?? '';
  if (redirectTo && accept.includes('text/html')) throw redirect(safeReturnTo(redirectTo), { headers });
  return data<WishlistActionData>({ ok }, { headers });
}
