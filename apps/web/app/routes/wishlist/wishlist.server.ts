import { data, redirect } from 'react-router';
import { MAX_EXTERNAL_ID, type ApiClient } from '@kiim/contract';
import { z } from 'zod';
import { safeReturnTo } from '../../lib/url.ts';
import {
  WISHLIST,
  addToWishlist,
  removeFromList,
  warnListError,
  type Shopper,
} from '../../lib/lists.server.ts';
import { readForm } from '../../lib/form.server.ts';

/**
 * Wishlist intents (the hearts on product cards and the product page, the wishlist page): `add` or
 * `remove` the product `productSlug`, named to the API by `externalId` (the size chosen) when there is one,
 * else by one of its SKUs looked up from the product.
 */
const WishlistIntent = z.object({
  intent: z.enum(['add', 'remove']),
  productSlug: z.string().trim().min(1).max(200),
  externalId: z.string().trim().max(MAX_EXTERNAL_ID).optional(),
  redirectTo: z.string().optional(),
});

/** Answer of the wishlist action to fetchers. */
interface WishlistActionData {
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
 * The wishlist action (`POST /wishlist`): adds or removes a product. Fetchers get `{ok}`; a form posted
 * without JavaScript (Accept: text/html) goes back to `redirectTo`. Errors are logged and never shown as a
 * crash (spec §8): the heart simply shows the wishlist as it is.
 */
export async function wishlistAction(s: Shopper) {
  const parsed = WishlistIntent.safeParse(Object.fromEntries(await readForm(s.request)));
  if (!parsed.success) return data<WishlistActionData>({ ok: false }, { status: 400 });
  const { intent, productSlug, externalId, redirectTo } = parsed.data;
  let ok = true;
  try {
    const sku = externalId || (await skuOf(s.api, productSlug, s.cityId));
    if (intent === 'add') await addToWishlist(s, sku);
    else await removeFromList(WISHLIST, s, (uuid) => s.api.removeWishlistItem(uuid, sku));
  } catch (e) {
    warnListError(`wishlist ${intent}`, e);
    ok = false;
  }
  const accept = s.request.headers.get('accept') ?? '';
  if (redirectTo && accept.includes('text/html'))
    throw redirect(safeReturnTo(redirectTo), { headers: s.headers });
  return data<WishlistActionData>({ ok }, { headers: s.headers });
}
