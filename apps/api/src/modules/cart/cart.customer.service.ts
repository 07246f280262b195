import { ErrorCode, type AttachToCustomerBody, type Cart, type CartContents, type MergeBody } from '@kiim/contract';
import { isoNow, type Db } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { resolveToken } from '#app/modules/customer/customer.token.ts';
import { toCart } from './cart.mapper.ts';
import * as repo from './cart.repository.ts';
import {
  assertAccess,
  cartContents,
  cartNotFound,
  linesFor,
  requireCity,
  type CartRequester,
} from './cart.service.ts';

// A customer's cart and the sign-in merge (spec §4, §7, §8). The storefront, right after sign-in, asks for
// the customer's cart (get-by-customer-token); when there is none (code 3001) it attaches the anonymous cart
// (update-customer-id-by-customer-token), otherwise it merges the anonymous cart into the customer's (merge).

/** 404 with code 3001 (spec §8): the customer has no cart yet; the client then attaches its anonymous one. */
export const noCustomerCart = () =>
  new AppError(404, ErrorCode.noCustomerCart, 'У покупателя ещё нет корзины');

/**
 * `GET /api/cart/get-by-customer-token/{token}/{cityId}` (spec §7): the cart of the customer of `token`,
 * priced and stocked for the city (spec §7 reads `data.uuid`, `data.items`). When several carts are
 * attached to the customer (an order may attach one at checkout), the one changed last.
 * @param token the customer token from the path (the credential: only its owner's cart can be answered).
 * @throws AppError 403 for an unknown or revoked token, 403 `Token has expired` (spec §8); 404 cityNotFound;
 *   404 noCustomerCart (code 3001) when the customer has no cart (spec §8).
 */
export async function getCustomerCart(db: Db, token: string, cityId: number, now: Date): Promise<Cart> {
  const { customer } = await resolveToken(db, token, now);
  const city = await requireCity(db, cityId);
  const cart = await repo.findCustomerCart(db, customer.id);
  if (!cart) throw noCustomerCart();
  return toCart(cart.id, await linesFor(db, cart.id, city), city);
}

/**
 * `PUT /api/cart/update-customer-id-by-customer-token` (spec §7: body uuid, token): makes an anonymous cart
 * the cart of the customer of `token` (spec §4, §8: used when they have none). Idempotent: a cart already
 * theirs is left as it is. Runs under the cart row lock, so it cannot interleave with a change of the cart.
 * @returns the cart's lines (no prices: the call names no city).
 * @throws AppError 403 for a bad or expired token (spec §8); 404 cartNotFound (unknown, merged away, or
 *   another customer's: never revealed); 409 customerHasCart (code 3007, `details.uuid` = their cart) when
 *   the customer already has another cart: merge into it instead.
 */
export async function attachCart(db: Db, body: AttachToCustomerBody, now: Date): Promise<CartContents> {
  const { customer } = await resolveToken(db, body.token, now);
  const uuid = body.uuid.toLowerCase();
  const nowIso = isoNow(now);
  await db.transaction().execute(async (trx) => {
    const cart = await repo.lockCart(trx, uuid, nowIso);
    if (!cart || cart.merged_into_id) throw cartNotFound();
    if (cart.customer_id === customer.id) return;
    if (cart.customer_id !== null) throw cartNotFound();
    const existing = await repo.findCustomerCart(trx, customer.id);
    if (existing) {
      throw new AppError(
        409,
        ErrorCode.customerHasCart,
        'У покупателя уже есть корзина: объедините корзины',
        { uuid: existing.id },
      );
    }
    await repo.setCartCustomer(trx, uuid, customer.id, nowIso);
  });
  return cartContents(db, uuid);
}

/**
 * `POST /api/cart/merge` (spec §7: body sourceUuid, destinationUuid; spec §4 sign-in merge): adds every line
 * of the source cart to the destination — a SKU in both gets the sum of the quantities, capped at 999
 * (`CART_LINE_MAX_QTY`) — then empties the source and marks it merged into the destination, after which the
 * source is gone for every other call. The destination keeps its owner; the source's owner does not move.
 *
 * Idempotent: repeating a merge already done (the source merged into this destination) changes nothing and
 * answers the destination. Both carts are locked in ascending id order before anything is read for the
 * merge, so a repeat racing the first one, or an add to either cart, cannot interleave.
 * Access: the requester must be allowed to use both carts (anonymous by uuid; owned only with the owner's
 * token).
 * @returns the destination's lines (no prices: the call names no city).
 * @throws AppError 404 cartNotFound (either cart unknown or not the requester's; the destination merged
 *   away); 409 alreadyMerged (code 3006) when the source was merged into another cart; 403 for a bad token
 *   on an owned cart (spec §8). Source equal to destination is refused by the schema (400).
 */
export async function mergeCarts(db: Db, body: MergeBody, requester: CartRequester): Promise<CartContents> {
  const sourceId = body.sourceUuid.toLowerCase();
  const destinationId = body.destinationUuid.toLowerCase();
  const [source, destination] = await Promise.all([repo.findCart(db, sourceId), repo.findCart(db, destinationId)]);
  if (!source || !destination || destination.merged_into_id) throw cartNotFound();
  await assertAccess(db, source, requester);
  await assertAccess(db, destination, requester);
  if (source.merged_into_id === destinationId) return cartContents(db, destinationId);
  if (source.merged_into_id) throw alreadyMerged();

  const nowIso = isoNow(requester.now);
  await db.transaction().execute(async (trx) => {
    const locked = await repo.lockCarts(trx, [sourceId, destinationId], nowIso);
    const s = locked.get(sourceId);
    const d = locked.get(destinationId);
    if (!s || !d || d.merged_into_id) throw cartNotFound();
    if (s.merged_into_id === destinationId) return; // a parallel twin merged it a moment ago
    if (s.merged_into_id) throw alreadyMerged();
    if (s.customer_id !== source.customer_id) await assertAccess(trx, s, requester);
    if (d.customer_id !== destination.customer_id) await assertAccess(trx, d, requester);
    await repo.addLinesFrom(trx, sourceId, destinationId, nowIso);
    await repo.deleteLines(trx, sourceId);
    await repo.markCartMerged(trx, sourceId, destinationId, nowIso);
  });
  return cartContents(db, destinationId);
}

const alreadyMerged = () =>
  new AppError(409, ErrorCode.alreadyMerged, 'Эта корзина уже объединена с другой корзиной');
