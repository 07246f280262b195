import type { AttachToCustomerBody, Cart, CartContents, MergeBody } from '@kiim/contract';
import type { Db } from '#app/db/database.ts';
import {
  attachList,
  mergeLists,
  requireCustomerList,
  type ListRequester,
} from '#app/modules/owned-list/owned-list.ts';
import { resolveToken } from '#app/modules/customer/customer.token.ts';
import { toCart } from './cart.mapper.ts';
import { shopperSay } from '#app/modules/catalog/read/index.ts';
import type { CatalogueLang } from '#app/modules/catalog/catalog.texts.ts';
import { CART_LIST, cartContents, linesFor, requireCity } from './cart.service.ts';

// A customer's cart and the sign-in merge (spec §4, §7, §8). The storefront, right after sign-in, asks for
// the customer's cart (get-by-customer-token); when there is none (code 3001) it attaches the anonymous cart
// (update-customer-id-by-customer-token), otherwise it merges the anonymous cart into the customer's (merge).
// The rules are the customer-owned list kit's (modules/owned-list/owned-list.ts), shared with the wishlist.

/**
 * `GET /api/cart/get-by-customer-token/{token}/{cityId}` (spec §7): the cart of the customer of `token`,
 * priced and stocked for the city (spec §7 reads `data.uuid`, `data.items`). When several carts are
 * attached to the customer (an order may attach one at checkout), the one changed last.
 * @param token the customer token from the path (the credential: only its owner's cart can be answered).
 * @throws AppError 403 for an unknown or revoked token, 403 `Token has expired` (spec §8); 404 cityNotFound;
 *   404 noCustomerCart (code 3001) when the customer has no cart (spec §8).
 */
export async function getCustomerCart(
  db: Db,
  token: string,
  cityId: number,
  now: Date,
  lang: CatalogueLang | null = null,
): Promise<Cart> {
  const { customer } = await resolveToken(db, token, now);
  const city = await requireCity(db, cityId);
  const cart = await requireCustomerList(db, CART_LIST, customer.id);
  return toCart(cart.id, await linesFor(db, cart.id, city), city, await shopperSay(db, lang));
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
  return cartContents(db, await attachList(db, CART_LIST, body, now));
}

/**
 * `POST /api/cart/merge` (spec §7: body sourceUuid, destinationUuid; spec §4 sign-in merge): adds every line
 * of the source cart to the destination — a SKU in both gets the sum of the quantities, capped at 999
 * (`CART_LINE_MAX_QTY`) — then empties the source and marks it merged into the destination, after which the
 * source is gone for every other call. The destination keeps its owner; the source's owner does not move.
 * Idempotent, locked and checked as the kit's merge; the requester must be allowed to use both carts.
 * @returns the destination's lines (no prices: the call names no city).
 * @throws AppError 404 cartNotFound (either cart unknown or not the requester's; the destination merged
 *   away); 409 alreadyMerged (code 3006) when the source was merged into another cart; 403 for a bad token
 *   on an owned cart (spec §8). Source equal to destination is refused by the schema (400).
 */
export async function mergeCarts(db: Db, body: MergeBody, requester: ListRequester): Promise<CartContents> {
  return cartContents(db, await mergeLists(db, CART_LIST, body, requester));
}
