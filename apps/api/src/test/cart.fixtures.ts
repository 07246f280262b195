import type { Db } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { issueToken } from '#app/modules/customer/customer.token.ts';

// Test fixtures shared by the cart and wishlist tests: SKUs chosen from the seeded catalogue by their stock,
// and customers with tokens. Test-only (imported by *.test.ts files).

/** SKUs of active products with exact stock in `cityId` in [min, max], ordered by id. */
export async function skusWithStock(db: Db, cityId: number, min: number, max = 1_000_000) {
  return db
    .selectFrom('stock as st')
    .innerJoin('sku as s', 's.id', 'st.sku_id')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 's.external_id', 's.product_id', 'p.price', 'p.original_price', 'st.quantity'])
    .where('st.city_id', '=', cityId)
    .where('st.quantity', '>=', min)
    .where('st.quantity', '<=', max)
    .where('p.is_active', '=', 1)
    .orderBy('s.id')
    .execute();
}

/** SKUs of active products with no stock in `cityId` but stock in another city visible to customers. */
export async function skusOnlyElsewhere(db: Db, cityId: number) {
  return db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 's.external_id', 's.product_id'])
    .where('p.is_active', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('stock as st')
            .select('st.sku_id')
            .whereRef('st.sku_id', '=', 's.id')
            .where('st.city_id', '=', cityId)
            .where('st.quantity', '>', 0),
        ),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('stock as st')
          .innerJoin('city as c', 'c.id', 'st.city_id')
          .select('st.sku_id')
          .whereRef('st.sku_id', '=', 's.id')
          .where('c.visible_for_customers', '=', 1)
          .where('st.quantity', '>', 0),
      ),
    )
    .orderBy('s.id')
    .execute();
}

/** A customer with a fresh token (issued `issuedAt`, default now). */
export async function newCustomer(db: Db, mobile: string, issuedAt = new Date()) {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('customer')
    .values({
      id,
      mobile,
      name: null,
      surname: null,
      email: null,
      gender: null,
      birth_date: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, token: await issueToken(db, id, issuedAt, 'code') };
}

/** A token of `customerId` issued 40 days ago: expired (spec §8 `Token has expired`). */
export const expiredToken = (db: Db, customerId: string) =>
  issueToken(db, customerId, new Date(Date.now() - 40 * 24 * 3600 * 1000), 'code');
