import { data, redirect } from 'react-router';
import { COOKIE, CART_LINE_MAX_QTY, ErrorCode, type ApiClient } from '@kiim/contract';
import { z } from 'zod';
import { clearCookie, currentCityId, uuidCookie } from '../../lib/cookies.server.ts';
import { safeReturnTo } from '../../lib/url.ts';
import { cartUuidOf, isApiCode, listCookie, warnListError } from '../../lib/cart-wishlist.server.ts';
import { addToWishlist } from '../wishlist/wishlist.server.ts';

const externalId = z.string().trim().min(1).max(64);
const redirectTo = z.string().optional();

/**
 * Cart intents of the one cart action (conventions: one action dispatching on a validated intent):
 * - `add`: change a line by `qty`, a delta (spec §4: a resulting qty ≤ 0 deletes it);
 * - `remove`: delete a line whatever its qty (`DELETE /api/cart/item`);
 * - `move-to-wishlist`: put the line's product in the wishlist, then delete the line;
 * - `clear`: delete every line (`DELETE /api/cart/items`).
 */
const CartIntent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    externalId,
    qty: z.coerce.number().int().min(-CART_LINE_MAX_QTY).max(CART_LINE_MAX_QTY),
    redirectTo,
  }),
  z.object({ intent: z.literal('remove'), externalId, redirectTo }),
  z.object({ intent: z.literal('move-to-wishlist'), externalId, redirectTo }),
  z.object({ intent: z.literal('clear'), redirectTo }),
]);
type CartIntent = z.infer<typeof CartIntent>;

/** Answer of the cart action to fetchers. */
export interface CartActionData {
  ok: boolean;
  message?: string;
}

const FAILED = 'Не удалось обновить корзину. Попробуйте ещё раз.';

/**
 * Adds a delta to a line (`PUT /api/cart/add-or-update-item`), creating the cart — and the `cart_uuid`
 * cookie (spec §3, 365 days) — on the first add. A signed-in customer's new cart is attached to them
 * (`update-customer-id-by-customer-token`); a stale cookie (cart gone, merged away, or not this shopper's)
 * is replaced by a new cart with this line.
 */
async function addLine(request: Request, api: ApiClient, intent: Extract<CartIntent, { intent: 'add' }>, headers: Headers) {
  const regionId = currentCityId(request);
  const known = await cartUuidOf(request, api, regionId, headers);
  const put = (uuid: string | null) => api.addOrUpdateCartItem({ uuid, externalId: intent.externalId, regionId, qty: intent.qty });
  let cart;
  try {
    cart = await put(known ?? null);
  } catch (e) {
    if (!known || !isApiCode(e, ErrorCode.cartNotFound)) throw e;
    cart = await put(null);
  }
  if (cart.uuid === known) return;
  headers.append('Set-Cookie', listCookie(COOKIE.cartUuid, cart.uuid));
  if (api.token) {
    // A signed-in customer keeps one cart across devices (spec §4); failing that, the cart still works here.
    await api.attachCart(cart.uuid).catch((e) => warnListError('cart attach', e));
  }
}

/** Runs one intent against the API. @throws ApiError (or anything else) for the caller to swallow. */
async function apply(request: Request, api: ApiClient, intent: CartIntent, headers: Headers): Promise<void> {
  if (intent.intent === 'add') return addLine(request, api, intent, headers);
  const uuid = uuidCookie(request, COOKIE.cartUuid);
  if (!uuid) return;
  try {
    if (intent.intent === 'clear') {
      await api.clearCart(uuid);
      return;
    }
    if (intent.intent === 'move-to-wishlist') await addToWishlist(request, api, intent.externalId, headers);
    await api.removeCartItem(uuid, intent.externalId);
  } catch (e) {
    if (!isApiCode(e, ErrorCode.cartNotFound)) throw e;
    // The cart in the cookie is gone: there is nothing left to remove.
    headers.append('Set-Cookie', clearCookie(COOKIE.cartUuid));
  }
}

/**
 * The one cart action (`POST /Cart`), used by the product page («Добавить в корзину») and the cart page
 * (quantity −/+, remove-item dialog, move to wishlist, clear cart). Fetchers get `{ok, message}`; a form
 * posted without JavaScript (Accept: text/html) with `redirectTo` is redirected there (post/redirect/get),
 * and so are the dialogs' removal and clearing forms.
 * Cart errors never show as a crash (spec §8): they are logged and answered `ok: false` with a polite text.
 */
export async function cartAction(request: Request, api: ApiClient) {
  const parsed = CartIntent.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<CartActionData>({ ok: false, message: 'Выберите размер' }, { status: 400 });
  const intent = parsed.data;
  const headers = new Headers();
  let result: CartActionData = { ok: true };
  try {
    await apply(request, api, intent, headers);
  } catch (e) {
    warnListError(`cart ${intent.intent}`, e);
    result = { ok: false, message: FAILED };
  }
  // Removal and clearing come from the dialogs' navigation forms: always back to `redirectTo` (the dialog
  // closes). Quantity changes come from fetchers: redirected only without JavaScript.
  const accept = request.headers.get('accept') ?? '';
  if (intent.redirectTo && (intent.intent !== 'add' || accept.includes('text/html'))) {
    throw redirect(safeReturnTo(intent.redirectTo), { headers });
  }
  return data(result, { headers });
}
