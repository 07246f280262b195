import { data, redirect } from 'react-router';
import { CART_LINE_MAX_QTY, ExternalId } from '@kiim/contract';
import { z } from 'zod';
import { safeReturnTo } from '../../lib/url.ts';
import {
  CART,
  addToWishlist,
  putInList,
  removeFromList,
  warnListError,
  type Shopper,
} from '../../lib/lists.server.ts';
import { translateFor } from '../../lib/lang.server.ts';
import { readForm } from '../../lib/form.server.ts';

const externalId = ExternalId;
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
interface CartActionData {
  ok: boolean;
  message?: string;
}

/**
 * Runs one intent against the API: `add` creates the cart — and the `cart_uuid` cookie (spec §3, 365 days) —
 * on the first add and attaches a signed-in customer's new cart to them; a stale cookie is replaced by a new
 * cart with this line. @throws ApiError (or anything else) for the caller to swallow.
 */
async function apply(s: Shopper, intent: CartIntent): Promise<void> {
  switch (intent.intent) {
    case 'add': {
      const line = { externalId: intent.externalId, regionId: s.cityId, qty: intent.qty };
      return putInList(CART, s, (uuid) => s.api.addOrUpdateCartItem({ uuid: uuid ?? null, ...line }), true);
    }
    case 'clear':
      return removeFromList(CART, s, (uuid) => s.api.clearCart(uuid));
    case 'move-to-wishlist':
      await addToWishlist(s, intent.externalId);
      return removeFromList(CART, s, (uuid) => s.api.removeCartItem(uuid, intent.externalId));
    case 'remove':
      return removeFromList(CART, s, (uuid) => s.api.removeCartItem(uuid, intent.externalId));
  }
}

/**
 * The one cart action (`POST /Cart`), used by the product page («Добавить в корзину») and the cart page
 * (quantity −/+, remove-item dialog, move to wishlist, clear cart). Fetchers get `{ok, message}`; a form
 * posted without JavaScript (Accept: text/html) with `redirectTo` is redirected there (post/redirect/get),
 * and so are the dialogs' removal and clearing forms.
 * Cart errors never show as a crash (spec §8): they are logged and answered `ok: false` with a polite text.
 */
export async function cartAction(s: Shopper) {
  const parsed = CartIntent.safeParse(Object.fromEntries(await readForm(s.request)));
  if (!parsed.success)
    return data<CartActionData>(
      { ok: false, message: translateFor(s.request)('product.chooseSize') },
      { status: 400 },
    );
  const intent = parsed.data;
  const { headers } = s;
  let result: CartActionData = { ok: true };
  try {
    await apply(s, intent);
  } catch (e) {
    warnListError(`cart ${intent.intent}`, e);
    result = { ok: false, message: translateFor(s.request)('product.cartFailed') };
  }
  // Removal and clearing come from the dialogs' navigation forms: always back to `redirectTo` (the dialog
  // closes). Quantity changes come from fetchers: redirected only without JavaScript.
  const accept = s.request.headers.get('accept') ?? '';
  if (intent.redirectTo && (intent.intent !== 'add' || accept.includes('text/html'))) {
    throw redirect(safeReturnTo(intent.redirectTo), { headers });
  }
  return data(result, { headers });
}
