import {
  ErrorCode,
  type AttachToCustomerBody,
  type MergeBody,
  type Wishlist,
  type WishlistAddQuery,
  type WishlistContents,
  type WishlistRemoveQuery,
} from '@kiim/contract';
import { isoNow, transactionAnsweredBeforeSync, type Db, type DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import {
  attachList,
  createList,
  findCustomerList,
  mergeLists,
  requireCustomerList,
  requireList,
  withLockedList,
  type ListRequester,
  type OwnedListKind,
} from '#app/modules/owned-list/owned-list.ts';
import { productCardsByIds, requireCity } from '#app/modules/catalog/catalog.service.ts';
import type { CatalogueLang } from '#app/modules/catalog/catalog.texts.ts';
import { resolveToken } from '#app/modules/customer/customer.token.ts';
import * as repo from './wishlist.repository.ts';

// The wishlist (spec §3, §7): products a shopper keeps for later, anonymous by uuid (cookie wishlist_uuid)
// or a customer's. Access, locking, attach and merge are the customer-owned list kit's, as for the cart: an
// anonymous wishlist is used by whoever holds its uuid; a customer's only with that customer's token (anyone
// else gets 404, never the wishlist).

const wishlistNotFound = () => notFound(ErrorCode.wishlistNotFound, 'Список избранного не найден');
const skuNotFound = () => notFound(ErrorCode.skuNotFound, 'Товар не найден');

/**
 * The wishlist as a customer-owned list (modules/owned-list/owned-list.ts: access, lock and re-check, attach, merge): merging
 * is a union — a product in both keeps the destination's entry (docs/decisions/005).
 */
const WISHLIST: OwnedListKind = {
  table: 'wishlist',
  notFound: wishlistNotFound,
  messages: {
    noCustomerList: 'У покупателя ещё нет списка избранного',
    customerHasList: 'У покупателя уже есть список избранного: объедините списки',
    alreadyMerged: 'Этот список избранного уже объединён с другим',
  },
  copyItems: repo.copyItems,
  deleteItems: repo.deleteItems,
  customerOf: async (db, token, now) => (await resolveToken(db, token, now)).customer,
};

/** The wishlist's entries without card data, newest first. */
async function contents(db: DbOrTrx, uuid: string): Promise<WishlistContents> {
  const rows = await repo.selectItems(db, uuid);
  return {
    uuid,
    items: rows.map((r) => ({ productId: r.product_id, externalId: r.external_id, addedAt: r.created_at })),
  };
}

/**
 * The wishlist for a city: entries with product cards (stock of the city, names in `lang`), products no longer sold
 * left out.
 */
async function withCards(
  db: DbOrTrx,
  uuid: string,
  cityId: number,
  lang: CatalogueLang | null,
): Promise<Wishlist> {
  const rows = await repo.selectItems(db, uuid);
  const cards = await productCardsByIds(
    db,
    rows.map((r) => r.product_id),
    cityId,
    lang,
  );
  const items = rows.flatMap((r) => {
    const product = cards.get(r.product_id);
    return product
      ? [{ productId: r.product_id, externalId: r.external_id, addedAt: r.created_at, size: r.size, product }]
      : [];
  });
  return { uuid, items };
}

/**
 * `POST /api/wishlist/item` (spec §7: query uuid, token, externalId): adds the product of the SKU
 * `externalId` to a wishlist — the wishlist `uuid`; without it the wishlist of the customer of the token (made
 * when they have none); without either a new anonymous wishlist (app-made UUID). Idempotent: a product
 * already there keeps its entry. Checks run before anything is written; the insert runs under the wishlist
 * row lock, so it cannot slip into a wishlist being merged away; it is answered before its fsync (decision 005).
 * @returns the wishlist's entries, newest first (`uuid` to keep in the cookie `wishlist_uuid`).
 * @throws AppError 404 wishlistNotFound (unknown `uuid`, merged away, or another customer's), 404 skuNotFound
 *   (unknown `externalId`, or a product no longer sold); 403 for a bad or expired token (spec §8).
 */
export async function addItem(
  db: Db,
  query: WishlistAddQuery,
  requester: ListRequester,
): Promise<WishlistContents> {
  const existing = query.uuid ? await requireList(db, WISHLIST, query.uuid, requester) : undefined;
  const sku = await repo.findSku(db, query.externalId);
  if (!sku || sku.is_active !== 1) throw skuNotFound();
  let target = existing;
  let ownerForNew: string | null = null;
  if (!target && requester.token) {
    const { customer } = await resolveToken(db, requester.token, requester.now);
    target = await findCustomerList(db, WISHLIST, customer.id);
    ownerForNew = customer.id;
  }
  const add = (trx: DbOrTrx, uuid: string, nowIso: string) =>
    repo.insertItem(trx, uuid, sku.product_id, sku.id, nowIso);
  if (target) {
    const uuid = target.id;
    await withLockedList(db, WISHLIST, target, requester, (trx, nowIso) => add(trx, uuid, nowIso));
    return contents(db, uuid);
  }
  const uuid = newId();
  const nowIso = isoNow(requester.now);
  await transactionAnsweredBeforeSync(db, async (trx) => {
    await createList(trx, WISHLIST, uuid, ownerForNew, nowIso);
    await add(trx, uuid, nowIso);
  });
  return contents(db, uuid);
}

/**
 * `DELETE /api/wishlist/item` (spec §7: query uuid, externalId): removes the product of the SKU
 * `externalId` (any of its sizes names it). Idempotent: a product not in the wishlist changes nothing.
 * @returns the wishlist's remaining entries, newest first.
 * @throws AppError 404 wishlistNotFound, 404 skuNotFound (unknown `externalId`); 403 for a bad token on an
 *   owned wishlist (spec §8).
 */
export async function removeItem(
  db: Db,
  query: WishlistRemoveQuery,
  requester: ListRequester,
): Promise<WishlistContents> {
  const wishlist = await requireList(db, WISHLIST, query.uuid, requester);
  const sku = await repo.findSku(db, query.externalId);
  if (!sku) throw skuNotFound();
  await withLockedList(db, WISHLIST, wishlist, requester, (trx) =>
    repo.deleteItem(trx, wishlist.id, sku.product_id),
  );
  return contents(db, wishlist.id);
}

/**
 * `GET /api/wishlist/get-by-uuid/{cityId}/{uuid}` (spec §7): the wishlist with a product card per entry,
 * stock decoded for the city (spec §3, §4), newest first; products no longer sold are left out. A fixed
 * number of queries whatever its size.
 * @throws AppError 404 wishlistNotFound, 404 cityNotFound; 403 for a bad token on an owned wishlist.
 */
export async function getWishlist(
  db: Db,
  uuid: string,
  cityId: number,
  requester: ListRequester,
  lang: CatalogueLang | null = null,
): Promise<Wishlist> {
  const wishlist = await requireList(db, WISHLIST, uuid, requester);
  return withCards(db, wishlist.id, cityId, lang);
}

/**
 * `GET /api/wishlist/get-by-customer-token/{cityId}` (spec §7; the token in `X-Authorization`): the
 * wishlist of the signed-in customer, as {@link getWishlist}.
 * @throws AppError 401 without a token, 403 for a bad or expired one (spec §8); 404 cityNotFound; 404
 *   noCustomerCart (code 3001) when the customer has no wishlist yet (spec §8).
 */
export async function getCustomerWishlist(
  db: Db,
  token: string | undefined,
  cityId: number,
  now: Date,
  lang: CatalogueLang | null = null,
): Promise<Wishlist> {
  if (!token) throw new AppError(401, ErrorCode.unauthorized, 'Войдите в свой аккаунт');
  const { customer } = await resolveToken(db, token, now);
  await requireCity(db, cityId);
  const wishlist = await requireCustomerList(db, WISHLIST, customer.id);
  return withCards(db, wishlist.id, cityId, lang);
}

/**
 * `PUT /api/wishlist/update-customer-id-by-customer-token` (spec §7: body uuid, token): makes an anonymous
 * wishlist the customer's (spec §4, §8: used when they have none). Idempotent: a wishlist already theirs is
 * left as it is.
 * @returns the wishlist's entries.
 * @throws AppError 403 for a bad or expired token; 404 wishlistNotFound (unknown, merged away, or another
 *   customer's); 409 customerHasCart (code 3007, `details.uuid`) when the customer already has another
 *   wishlist: merge instead.
 */
export async function attachWishlist(
  db: Db,
  body: AttachToCustomerBody,
  now: Date,
): Promise<WishlistContents> {
  return contents(db, await attachList(db, WISHLIST, body, now));
}

/**
 * `POST /api/wishlist/merge` (spec §7: body sourceUuid, destinationUuid; spec §4 sign-in merge): the union
 * of both — products of the source missing from the destination are added, keeping when and in which size
 * they were added; then the source is emptied and marked merged into the destination (gone for every other
 * call). Idempotent, locked and checked as the kit's merge; the requester must be allowed to use both.
 * @returns the destination's entries, newest first.
 * @throws AppError 404 wishlistNotFound (either unknown or not the requester's; the destination merged away);
 *   409 alreadyMerged (code 3006) when the source was merged into another wishlist; 403 for a bad token.
 */
export async function mergeWishlists(
  db: Db,
  body: MergeBody,
  requester: ListRequester,
): Promise<WishlistContents> {
  return contents(db, await mergeLists(db, WISHLIST, body, requester));
}
