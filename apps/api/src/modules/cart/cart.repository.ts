import { sql } from 'kysely';
import { CART_LINE_MAX_QTY } from '@kiim/contract';
import { ANSWER_BEFORE_SYNC, type Db, type DbOrTrx } from '#app/db/database.ts';
import { fixedQuery, fixedRead } from '#app/db/fixed-query.ts';
import { pickupPointCount } from './cart.lines.repository.ts';

// The cart module's Kysely writes and reads of its lines (conventions: repository; what a line shows is read in
// cart.lines.repository.ts); the `cart` rows themselves (owner, lock, merge) go through the customer-owned list kit
// (modules/owned-list/owned-list.ts). Every function takes a database handle or an open transaction first. Times are ISO 8601 UTC text; prices whole tenge. The add to
// cart's statements are fixed queries (db/fixed-query.ts: built and compiled once, issue 14).

/** The SKU with this ERP identifier and whether its product is still sold, or undefined. */
export async function findSkuByExternalId(
  db: DbOrTrx,
  externalId: string,
): Promise<{ id: number; is_active: number } | undefined> {
  return (await skuByExternalId(db, externalId)).rows[0];
}

const skuByExternalId = fixedQuery((db: DbOrTrx, externalId: string) =>
  db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 'p.is_active'])
    .where('s.external_id', '=', externalId),
);

/** A city with the delivery facts the cart needs. `courier_price` in tenge. */
export interface CartCityRecord {
  id: number;
  visible_for_customers: number;
  courier_available: number;
  courier_price: number;
  /** Read by {@link findCity} only (a new cart's own read leaves them out). */
  name?: string;
  cdek_code?: number | null;
  carrier_in_own_city?: number;
  /** Scalar subquery: typed nullable, never null in practice. */
  pickup_point_count: number | null;
}

/** The city with its number of pickup points, or undefined. */
export async function findCity(db: DbOrTrx, cityId: number): Promise<CartCityRecord | undefined> {
  return (await cityById(db, cityId))[0];
}

const cityById = fixedRead((db: DbOrTrx, cityId: number) =>
  db
    .selectFrom('city as c')
    .select((eb) => [
      'c.id',
      'c.visible_for_customers',
      'c.courier_available',
      'c.courier_price',
      'c.name',
      'c.cdek_code',
      'c.carrier_in_own_city',
      pickupPointCount(eb).as('pickup_point_count'),
    ])
    .where('c.id', '=', cityId),
);

/**
 * Adds a positive `delta` to a line in one atomic upsert: a new line gets `delta`, an existing one
 * `qty + delta`, capped at {@link CART_LINE_MAX_QTY}. Both are positive, so `CHECK (qty > 0)` cannot fire.
 */
export async function addToLine(
  db: DbOrTrx,
  cartId: string,
  skuId: number,
  delta: number,
  nowIso: string,
): Promise<void> {
  if (!(delta > 0)) throw new RangeError(`addToLine needs a positive delta, got ${delta}`);
  await upsertLine(db, cartId, skuId, Math.min(delta, CART_LINE_MAX_QTY), nowIso);
}

/**
 * The last place taken in cart `cartId` (0 when empty), read in the inserting statement under the cart's lock: a
 * line added now goes one after it, so two adds never share a place.
 */
const lastPosition = (cartId: string) =>
  sql<number>`(select coalesce(max(last.position), 0) from cart_item as last where last.cart_id = ${cartId})`;

const upsertLine = fixedQuery((db: DbOrTrx, cartId: string, skuId: number, qty: number, nowIso: string) =>
  db
    .insertInto('cart_item')
    .values({
      cart_id: cartId,
      sku_id: skuId,
      qty,
      position: sql<number>`${lastPosition(cartId)} + 1`,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'sku_id']).doUpdateSet({
        qty: sql<number>`case when cart_item.qty + excluded.qty > ${sql.lit(CART_LINE_MAX_QTY)} then ${sql.lit(
          CART_LINE_MAX_QTY,
        )} else cart_item.qty + excluded.qty end`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    ),
);

/**
 * PostgreSQL only: a new anonymous cart `uuid` with its first line — `qty` (≥ 1, capped at {@link CART_LINE_MAX_QTY})
 * of SKU `skuId`, place 1, added at `nowIso` — in ONE statement sent alone and committed without waiting for its fsync
 * (`ANSWER_BEFORE_SYNC`, decision 005 amendment «add to cart on PostgreSQL: one statement»): one round trip where a
 * transaction takes four (`begin`, the two inserts, `commit`). The line's insert reads the cart's id from the cart's
 * insert (a data-modifying CTE), so both rows are written or neither; the rows are those the two inserts of a
 * transaction would write.
 * @throws RangeError for `qty` < 1; the database's error when `uuid` is taken or the SKU is unknown (nothing written).
 */
export async function insertCartWithFirstLine(
  db: Db,
  uuid: string,
  skuId: number,
  qty: number,
  nowIso: string,
): Promise<void> {
  if (!(qty >= 1)) throw new RangeError(`insertCartWithFirstLine needs a positive qty, got ${qty}`);
  await cartWithFirstLine(db, uuid, skuId, Math.min(qty, CART_LINE_MAX_QTY), nowIso);
}

const cartWithFirstLine = fixedQuery(
  (db: DbOrTrx, uuid: string, skuId: number, qty: number, nowIso: string) =>
    db
      .with('new_cart', (w) =>
        w
          .insertInto('cart')
          .values({
            id: uuid,
            customer_id: null,
            merged_into_id: null,
            merged_at: null,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .returning(['id', ANSWER_BEFORE_SYNC.as('synchronous_commit')]),
      )
      .insertInto('cart_item')
      .values({
        // Null (refused: NOT NULL) unless the cart's insert turned synchronous_commit off for this statement.
        cart_id: (eb) =>
          eb
            .selectFrom('new_cart')
            .select('new_cart.id')
            .where('new_cart.synchronous_commit', '=', sql.lit('off')),
        sku_id: skuId,
        qty,
        position: sql.lit(1),
        created_at: nowIso,
        updated_at: nowIso,
      }),
);

/**
 * Applies a negative `delta` to a line (spec §4): deletes it when `qty + delta ≤ 0`, otherwise lowers it.
 * Exactly one of the two statements matches and neither writes a quantity ≤ 0, so `CHECK (qty > 0)` cannot
 * fire; a missing line is left missing. Run it under the cart's lock (`withLockedList`) in the same transaction so that no
 * other change to the line slips between the two statements.
 * @returns whether the line was deleted.
 */
export async function subtractFromLine(
  db: DbOrTrx,
  cartId: string,
  skuId: number,
  delta: number,
  nowIso: string,
): Promise<boolean> {
  if (!(delta < 0)) throw new RangeError(`subtractFromLine needs a negative delta, got ${delta}`);
  const removed = -delta;
  const deleted = await db
    .deleteFrom('cart_item')
    .where('cart_id', '=', cartId)
    .where('sku_id', '=', skuId)
    .where('qty', '<=', removed)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) > 0) return true;
  await db
    .updateTable('cart_item')
    .set({ qty: sql<number>`qty - ${removed}`, updated_at: nowIso })
    .where('cart_id', '=', cartId)
    .where('sku_id', '=', skuId)
    .where('qty', '>', removed)
    .execute();
  return false;
}

/** Deletes the given SKUs' lines of a cart (all lines when `skuIds` is undefined). @returns lines deleted. */
export async function deleteLines(db: DbOrTrx, cartId: string, skuIds?: readonly number[]): Promise<number> {
  if (skuIds && skuIds.length === 0) return 0;
  const result = await db
    .deleteFrom('cart_item')
    .where('cart_id', '=', cartId)
    .$if(skuIds !== undefined, (qb) => qb.where('sku_id', 'in', skuIds as number[]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The pickup points of a city, ordered by id (the first one is preselected, spec §4). */
export async function selectPickupPoints(db: DbOrTrx, cityId: number) {
  return pickupPointsOf(db, cityId);
}

const pickupPointsOf = fixedRead((db: DbOrTrx, cityId: number) =>
  db
    .selectFrom('pickup_point')
    .select([
      'id',
      'city_id',
      'title',
      'building_name',
      'address_city',
      'address_street_number',
      'address_entrance_number',
      'address_floor',
      'address_apartment_number',
      'address_comment',
      'opening_hours',
      'longitude',
      'latitude',
    ])
    .where('city_id', '=', cityId)
    .orderBy('id'),
);

/**
 * Adds every line of `sourceId` to `destinationId` in ONE statement: a SKU missing from the destination is
 * copied (keeping when it was added to the source), one present in both gets the sum of the quantities,
 * capped at {@link CART_LINE_MAX_QTY}. Quantities are all positive, so `CHECK (qty > 0)` cannot fire.
 * Run under the lock of both carts (the kit's merge).
 */
export async function addLinesFrom(
  db: DbOrTrx,
  sourceId: string,
  destinationId: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('cart_item')
    .columns(['cart_id', 'sku_id', 'qty', 'position', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('cart_item as src')
        .select([
          sql<string>`cast(${destinationId} as text)`.as('cart_id'),
          'src.sku_id',
          sql<number>`case when src.qty > ${sql.lit(CART_LINE_MAX_QTY)} then ${sql.lit(CART_LINE_MAX_QTY)} else src.qty end`.as(
            'qty',
          ),
          // After the destination's lines, in the source's order (the order within one millisecond).
          sql<number>`${lastPosition(destinationId)} + src.position`.as('position'),
          'src.created_at',
          sql<string>`cast(${nowIso} as text)`.as('updated_at'),
        ])
        // The WHERE also keeps SQLite from reading ON CONFLICT as a join constraint.
        .where('src.cart_id', '=', sourceId),
    )
    .onConflict((oc) =>
      oc.columns(['cart_id', 'sku_id']).doUpdateSet({
        qty: sql<number>`case when cart_item.qty + excluded.qty > ${sql.lit(CART_LINE_MAX_QTY)} then ${sql.lit(
          CART_LINE_MAX_QTY,
        )} else cart_item.qty + excluded.qty end`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    )
    .execute();
}

/** The SKU and quantity of every line of a cart, in the order they were added (no prices, no stock). */
export async function selectContents(
  db: DbOrTrx,
  cartId: string,
): Promise<{ external_id: string; qty: number }[]> {
  return db
    .selectFrom('cart_item as ci')
    .innerJoin('sku as s', 's.id', 'ci.sku_id')
    .select(['s.external_id', 'ci.qty'])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.created_at')
    .orderBy('ci.position')
    .orderBy('ci.sku_id')
    .execute();
}
