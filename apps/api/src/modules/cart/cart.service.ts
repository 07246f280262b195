import {
  CART_LINE_MAX_QTY,
  ErrorCode,
  type AddOrUpdateItemBody,
  type Cart,
  type CartContents,
  type CartItemBody,
  type SplitCart,
} from '@kiim/contract';
import { isoNow, transactionAnsweredBeforeSync, type Db, type DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import { notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import {
  claimList,
  createList,
  requireList,
  withLockedList,
  type ListRequester,
  type OwnedListKind,
} from '#app/modules/owned-list/owned-list.ts';
import { resolveToken } from '#app/modules/customer/customer.token.ts';
import {
  toCart,
  toCartCity,
  toCartLine,
  toPickupPoint,
  type CartCity,
  type CartLine,
} from './cart.mapper.ts';
import {
  offeredDeliveryMethods,
  offeredPaymentMethods,
  paymentMethodRules,
  type CityDeliveryOptions,
} from './checkout.policy.ts';
import * as repo from './cart.repository.ts';
import { carrierCheckout, isCarrierCity, mergeMethods, servedByShop } from './cart.carrier.ts';
import type { ShippingDeps } from '#app/modules/shipping/shipping.checkout.ts';
import * as lineReads from './cart.lines.repository.ts';
import { shopperSay } from '#app/modules/catalog/read/index.ts';
import { asIs, type CatalogueLang, type Say } from '#app/modules/catalog/catalog.texts.ts';

export type { CartCity, CartLine } from './cart.mapper.ts';

/** 404 cartNotFound: unknown, merged away, or not the requester's (never revealed). */
const cartNotFound = () => notFound(ErrorCode.cartNotFound, 'Корзина не найдена');
const skuNotFound = () => notFound(ErrorCode.skuNotFound, 'Товар не найден');
const cityNotFound = () => notFound(ErrorCode.cityNotFound, 'Город не найден');

/**
 * The cart as a customer-owned list (modules/owned-list/owned-list.ts: access, lock and re-check, attach, merge, claim):
 * merging adds the source's quantities to the destination's, capped at 999 (docs/decisions/005).
 */
export const CART_LIST: OwnedListKind = {
  table: 'cart',
  notFound: cartNotFound,
  messages: {
    noCustomerList: 'У покупателя ещё нет корзины',
    customerHasList: 'У покупателя уже есть корзина: объедините корзины',
    alreadyMerged: 'Эта корзина уже объединена с другой корзиной',
  },
  copyItems: repo.addLinesFrom,
  deleteItems: (trx, cartId) => repo.deleteLines(trx, cartId),
  customerOf: async (db, token, now) => (await resolveToken(db, token, now)).customer,
};

/**
 * The city with the delivery facts the cart needs (visibility, courier and its price in tenge, pickup points).
 * @throws AppError 404 cityNotFound.
 */
export async function requireCity(db: DbOrTrx, cityId: number): Promise<CartCity> {
  const row = await repo.findCity(db, cityId);
  if (!row) throw cityNotFound();
  return toCartCity(row);
}

/**
 * `PUT /api/cart/add-or-update-item` (spec §7): changes the quantity of one SKU in a cart by `qty`, a DELTA
 * (spec §4). A resulting quantity ≤ 0 deletes the line; a negative delta on a missing line does nothing; a
 * line never exceeds 999 (`CART_LINE_MAX_QTY`). Without `uuid` a new anonymous cart is made (an app-made
 * UUID), even when the requester is signed in — attaching carts happens at sign-in.
 *
 * Every check runs before anything is written, so bad input changes nothing. The write is one transaction:
 * lock the cart row (a new cart: insert it, see {@link addToNewCart}), then one atomic upsert (positive delta) or a
 * delete-or-lower pair (negative delta);
 * no statement ever writes a quantity ≤ 0, so `CHECK (qty > 0)` cannot fire and concurrent calls add up. It is
 * answered before its fsync (decision 005, amendment of issue 14); an order made from the cart waits for its own.
 * @returns the cart for the city `regionId` (prices in tenge; spec §7 reads `data.uuid`).
 * @throws AppError 404 cartNotFound (unknown `uuid`, or owned by another customer), 404 skuNotFound
 *   (unknown `externalId`, or adding a product no longer sold), 404 cityNotFound (unknown `regionId`);
 *   403 for an expired/revoked/unknown token on an owned cart (spec §8).
 */
export async function addOrUpdateItem(
  db: Db,
  body: AddOrUpdateItemBody,
  requester: ListRequester,
  lang: CatalogueLang | null = null,
): Promise<Cart> {
  if (!body.uuid) return addToNewCart(db, body, requester, lang);
  const before = await requireList(db, CART_LIST, body.uuid, requester);
  const sku = await repo.findSkuByExternalId(db, body.externalId);
  // A product no longer sold cannot be added, but its lines can still be lowered or removed.
  if (!sku || (body.qty > 0 && sku.is_active !== 1)) throw skuNotFound();
  const city = await requireCity(db, body.regionId);
  const uuid = before.id;
  await withLockedList(db, CART_LIST, before, requester, (trx, nowIso) =>
    changeLine(trx, uuid, sku.id, body.qty, nowIso),
  );
  return toCart(uuid, await linesFor(db, uuid, city), city, await shopperSay(db, lang));
}

/** Adds `qty` (a delta, spec §4) of the SKU to the cart's line: an upsert when positive, else lower or delete. */
async function changeLine(trx: DbOrTrx, uuid: string, skuId: number, qty: number, nowIso: string) {
  if (qty > 0) await repo.addToLine(trx, uuid, skuId, qty, nowIso);
  else if (qty < 0) await repo.subtractFromLine(trx, uuid, skuId, qty, nowIso);
}

/**
 * {@link addOrUpdateItem} without `uuid`: a new cart with its one line, in two round trips to the database (issue 14,
 * decision 005 amendments «add to cart on PostgreSQL» and «… one statement»): ONE read of the SKU with its line's
 * facts and the city (checked before anything is written), then the write answered before its fsync that inserts
 * the cart and the line — on PostgreSQL one statement sent alone (`insertCartWithFirstLine`: no `begin`/`commit`
 * round trips), on SQLite (in-process, no round trips) and for a delta ≤ 0 a transaction. The answer is built from
 * that read and what was written — the line the upsert makes in an empty cart (quantity `qty` capped at 999, added
 * now) — the same cart a read back gives; a delta ≤ 0 makes an empty cart.
 */
async function addToNewCart(
  db: Db,
  body: AddOrUpdateItemBody,
  requester: ListRequester,
  lang: CatalogueLang | null,
): Promise<Cart> {
  const found = await lineReads.findSkuInCity(db, body.externalId, body.regionId);
  if (!found || (body.qty > 0 && found.is_active !== 1)) throw skuNotFound();
  if (found.city_id === null) throw cityNotFound();
  const city = toCartCity({
    id: found.city_id,
    visible_for_customers: Number(found.visible_for_customers),
    courier_available: Number(found.courier_available),
    courier_price: Number(found.courier_price),
    pickup_point_count: found.pickup_point_count,
  });
  const uuid = newId();
  const nowIso = isoNow(requester.now);
  if (body.qty > 0 && isPostgres(db))
    await repo.insertCartWithFirstLine(db, uuid, found.sku_id, body.qty, nowIso);
  else
    await transactionAnsweredBeforeSync(db, async (trx) => {
      await createList(trx, CART_LIST, uuid, null, nowIso);
      await changeLine(trx, uuid, found.sku_id, body.qty, nowIso);
    });
  const lines =
    body.qty > 0
      ? [toCartLine({ ...found, qty: Math.min(body.qty, CART_LINE_MAX_QTY), added_at: nowIso }, city)]
      : [];
  return toCart(uuid, lines, city, await shopperSay(db, lang));
}

/** The cart's lines without prices (the answer of calls that name no city), in the order they were added. */
export async function cartContents(db: DbOrTrx, uuid: string): Promise<CartContents> {
  const rows = await repo.selectContents(db, uuid);
  return { uuid, items: rows.map((r) => ({ externalId: r.external_id, qty: r.qty })) };
}

/**
 * `DELETE /api/cart/item` (spec §7: body uuid, externalId): removes the SKU's line whatever its quantity.
 * Idempotent: a SKU that is not in the cart leaves it unchanged. Checks run before anything is written; the
 * delete runs under the cart row lock, like {@link addOrUpdateItem}.
 * @returns the cart's remaining lines (no prices: the call names no city).
 * @throws AppError 404 cartNotFound (unknown, merged away, or not the requester's), 404 skuNotFound (no SKU
 *   with this `externalId` in the catalogue); 403 for a bad token on an owned cart (spec §8).
 */
export async function removeItem(
  db: Db,
  body: CartItemBody,
  requester: ListRequester,
): Promise<CartContents> {
  const cart = await requireList(db, CART_LIST, body.uuid, requester);
  const sku = await repo.findSkuByExternalId(db, body.externalId);
  if (!sku) throw skuNotFound();
  await withLockedList(db, CART_LIST, cart, requester, (trx) => repo.deleteLines(trx, cart.id, [sku.id]));
  return cartContents(db, cart.id);
}

/**
 * `DELETE /api/cart/items` (spec §7: body uuid): removes every line; the (empty) cart stays, with its
 * owner. Same access rule and lock as {@link removeItem}.
 * @returns the cart's lines: none.
 * @throws AppError 404 cartNotFound; 403 for a bad token on an owned cart (spec §8).
 */
export async function clearCart(db: Db, uuid: string, requester: ListRequester): Promise<CartContents> {
  const cart = await requireList(db, CART_LIST, uuid, requester);
  await withLockedList(db, CART_LIST, cart, requester, (trx) => repo.deleteLines(trx, cart.id));
  return cartContents(db, cart.id);
}

/** The lines of a cart priced and stocked for `city`, in the order they were added. */
export async function linesFor(db: DbOrTrx, uuid: string, city: CartCity): Promise<CartLine[]> {
  const rows = await lineReads.selectLines(db, uuid, city.id);
  return rows.map((row) => toCartLine(row, city));
}

/**
 * `GET /api/cart/get-by-uuid/{uuid}/{cityId}` (spec §7): the cart with its lines for the city, in the order
 * they were added, with totals (spec §9; tenge). Access: an anonymous cart by its uuid; a cart owned by a
 * customer only with that customer's token. Reads in a fixed number of queries (cart, city, lines).
 * @throws AppError 404 cartNotFound (unknown, or not the requester's), 404 cityNotFound; 403 for an
 *   expired/revoked/unknown token on an owned cart (spec §8).
 */
export async function getCart(
  db: DbOrTrx,
  uuid: string,
  cityId: number,
  requester: ListRequester,
  lang: CatalogueLang | null = null,
): Promise<Cart> {
  const cart = await requireList(db, CART_LIST, uuid, requester);
  const city = await requireCity(db, cityId);
  return toCart(cart.id, await linesFor(db, cart.id, city), city, await shopperSay(db, lang));
}

/**
 * Pickup points, delivery methods and payment methods a city offers (spec §3, §4): pickup (free) when it
 * has pickup points, courier at `city.courier_price` tenge where available, the payment methods those
 * delivery methods allow (1, 2, card online 3, and Kaspi 4 when `kaspiOn`) — the rules of checkout.policy.ts. A city hidden from
 * customers offers no pickup point, no delivery method and so no payment method.
 * For the split cart and for the order flow's checks.
 * @throws AppError 404 cityNotFound.
 */
export async function cityDeliveryOptions(
  db: DbOrTrx,
  cityId: number,
  kaspiOn = false,
  say: Say = asIs,
): Promise<CityDeliveryOptions> {
  const city = await requireCity(db, cityId);
  const pickupPoints = city.visibleForCustomers
    ? (await repo.selectPickupPoints(db, cityId)).map((p) => toPickupPoint(p, say))
    : [];
  const deliveryMethods = offeredDeliveryMethods(city);
  const paymentMethods = offeredPaymentMethods(deliveryMethods, paymentMethodRules(kaspiOn));
  return { city, pickupPoints, deliveryMethods, paymentMethods };
}

/**
 * `GET /api/cart/split-cart-items-by-region-id/{cartUuid}/{cityId}` (spec §3, §4, §7): the cart's lines split
 * into `available` (in stock in the city, the city visible to customers) and `notAvailable` (the rest), with
 * the city's pickup points, delivery methods and payment methods (see {@link cityDeliveryOptions}). For a
 * hidden city nothing is available. Same access rule as {@link getCart}; a fixed number of queries. For a carrier
 * city (cart.carrier.ts, issue 34 item 2) the carrier's points, door delivery and prices instead.
 * @throws AppError 404 cartNotFound, 404 cityNotFound; 403 for a bad token on an owned cart (spec §8).
 */
export async function splitCart(
  db: DbOrTrx,
  uuid: string,
  cityId: number,
  requester: ListRequester,
  kaspiOn = false,
  lang: CatalogueLang | null = null,
  shipping: ShippingDeps | null = null,
): Promise<SplitCart> {
  const cart = await requireList(db, CART_LIST, uuid, requester);
  const say = await shopperSay(db, lang);
  const options = await cityDeliveryOptions(db, cityId, kaspiOn, say);
  const lines = await linesFor(db, cart.id, options.city);
  const items = toCart(cart.id, lines, options.city, say).items;
  const split = {
    available: items.filter((i) => i.inStock),
    notAvailable: items.filter((i) => !i.inStock),
  };
  const carrier = isCarrierCity(options.city, shipping)
    ? await carrierCheckout(db, shipping, options.city, lines, kaspiOn, lang)
    : null;
  if (carrier && servedByShop(options.city)) {
    // Staff offer the carrier here too (decision 070): its points and door delivery beside the shop's own.
    const methods = mergeMethods(options.deliveryMethods, carrier.deliveryMethods);
    return {
      ...split,
      availablePickupPointList: [...options.pickupPoints, ...carrier.pickupPoints],
      availableDeliveryMethods: methods,
      availablePaymentMethods: offeredPaymentMethods(methods, paymentMethodRules(kaspiOn)),
      carrierDelivery: carrier.carrierDelivery,
    };
  }
  if (carrier) {
    return {
      ...split,
      availablePickupPointList: carrier.pickupPoints,
      availableDeliveryMethods: carrier.deliveryMethods,
      availablePaymentMethods: carrier.paymentMethods,
      carrierDelivery: carrier.carrierDelivery,
    };
  }
  return {
    ...split,
    availablePickupPointList: options.pickupPoints,
    availableDeliveryMethods: options.deliveryMethods,
    availablePaymentMethods: options.paymentMethods,
  };
}

/**
 * The lines of a cart for a city, for the order flow: each with `skuId`, `externalId`, `qty`, unit prices
 * `price`/`originalPrice` in whole tenge, the exact units in the city (`cityQuantity`) and over visible cities
 * (`visibleQuantity`), `inStock` (spec §4: units in the city, city visible, product still sold) and the
 * decoded `stockCount` (spec §9), plus product data (slug, name, brand, size, colour, first image).
 * Ordered by when they were added; an unknown cart has no lines. Two queries (city, lines), whatever the
 * number of lines. Does NOT check who may use the cart: claim it first ({@link claimCart}).
 * Within a transaction that then changes the cart, lock order is cart row first (as add-or-update does).
 * @throws AppError 404 cityNotFound.
 */
export async function loadCartLines(db: DbOrTrx, cartUuid: string, cityId: number): Promise<CartLine[]> {
  const city = await requireCity(db, cityId);
  return linesFor(db, cartUuid.toLowerCase(), city);
}

/**
 * Deletes lines of a cart — the given SKUs (by `skuId`), or every line when `skuIds` is omitted — e.g. the
 * lines just ordered. Pass the order's transaction so the lines go only if the order is committed.
 * @returns the number of lines deleted.
 */
export async function removeCartLines(
  db: DbOrTrx,
  cartUuid: string,
  skuIds?: readonly number[],
): Promise<number> {
  return repo.deleteLines(db, cartUuid.toLowerCase(), skuIds);
}

/**
 * Claims the cart `cartUuid` (any case) for an order of `customerId`, in the order's transaction: locks its
 * row — the order's first lock, the one every change of the cart takes — and attaches an anonymous cart to the
 * customer. The cart module's rules apply: a cart unknown, merged into another one, or another customer's is
 * refused. A customer who already has another cart may still order from this one (it is then theirs too).
 * @returns the cart's uuid (lower case).
 * @throws AppError 404 cartNotFound (nothing changed).
 */
export async function claimCart(
  trx: DbOrTrx,
  cartUuid: string,
  customerId: string,
  nowIso: string,
): Promise<string> {
  return (await claimList(trx, CART_LIST, cartUuid, customerId, nowIso)).id;
}
