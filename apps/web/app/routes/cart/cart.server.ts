import { data, redirect } from 'react-router';
import { ApiError, COOKIE, type ApiClient } from '@kiim/contract';
import { z } from 'zod';
import { shopCookie, currentCityId, uuidCookie } from '../../lib/cookies.server.ts';
import { safeReturnTo } from '../../lib/url.ts';

/** Cart intents of the one cart action (conventions: one action dispatching on a validated intent). */
const CartIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), externalId: z.string().min(1).max(64), qty: z.coerce.number().int().min(-999).max(999), redirectTo: z.string().optional() }),
]);

/**
 * Applies a cart form (`intent=add` with `externalId` and a quantity delta, spec §4) through
 * `PUT /api/cart/add-or-update-item`; creates the `cart_uuid` cookie on the first add (spec §3, 365 days).
 * Answers `{ok}` for fetchers, or redirects to `redirectTo` when the form was posted without JavaScript.
 * Cart errors are not shown as a crash (spec §8): the answer says `ok: false` with a polite message.
 */
export async function cartAction(request: Request, api: ApiClient) {
  const form = Object.fromEntries(await request.formData());
  const parsed = CartIntent.safeParse(form);
  if (!parsed.success) return { ok: false, message: 'Выберите размер' };
  const { externalId, qty, redirectTo } = parsed.data;
  const headers = new Headers();
  try {
    const cart = await api.addOrUpdateCartItem({ uuid: uuidCookie(request, COOKIE.cartUuid) ?? null, externalId, regionId: currentCityId(request), qty });
    if (cart.uuid !== uuidCookie(request, COOKIE.cartUuid)) headers.append('Set-Cookie', shopCookie(COOKIE.cartUuid, cart.uuid));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    console.warn('cart update failed', e.status, e.body);
    if (e.status === 404 && e.body.code === 3002) {
      // The cart in the cookie is gone: start a new one with this line.
      const cart = await api.addOrUpdateCartItem({ uuid: null, externalId, regionId: currentCityId(request), qty });
      headers.append('Set-Cookie', shopCookie(COOKIE.cartUuid, cart.uuid));
    } else {
      return { ok: false, message: 'Не удалось обновить корзину. Попробуйте ещё раз.' };
    }
  }
  const accept = request.headers.get('accept') ?? '';
  if (redirectTo && accept.includes('text/html')) throw redirect(safeReturnTo(redirectTo), { headers });
  return data({ ok: true as boolean, message: undefined as string | undefined }, { headers });
}
