import type { DbOrTrx } from '#app/db/database.ts';
import { fixedQuery, fixedRead } from '#app/db/fixed-query.ts';

// Queries of the customer-owned list kit (owned-list.ts) on the header tables `cart` and `wishlist`, which
// have the same columns (id = the list's uuid, customer_id, merged_into_id, merged_at, created_at,
// updated_at). Each list module passes its own table; the items tables stay in the modules' repositories.
// Functions take `db | trx` first; times are ISO 8601 UTC text.

/** The header tables of customer-owned lists. */
export type ListTable = 'cart' | 'wishlist';

/**
 * A list as stored: `id` is its uuid (spec §3 cart/wishlist uuid), `customer_id` its owner (null while
 * anonymous), `merged_into_id` the list it was merged into (null while in use).
 */
export interface ListRecord {
  id: string;
  customer_id: string | null;
  merged_into_id: string | null;
}

const COLUMNS = ['id', 'customer_id', 'merged_into_id'] as const;

/** The list with this uuid (merged ones included), or undefined. */
export async function findList(db: DbOrTrx, table: ListTable, uuid: string): Promise<ListRecord | undefined> {
  return (await listById[table](db, uuid))[0];
}

/** Per table, fixed queries (db/fixed-query.ts): the hot ones of the add to cart and to the wishlist. */
const perTable = <F>(build: (table: ListTable) => F): Record<ListTable, F> => ({
  cart: build('cart'),
  wishlist: build('wishlist'),
});

/** A list's header by uuid: read at once on an idle SQLite connection (every cart answer starts with it). */
const listById = perTable((table) =>
  fixedRead((db: DbOrTrx, uuid: string) => db.selectFrom(table).select(COLUMNS).where('id', '=', uuid)),
);

const newList = perTable((table) =>
  fixedQuery((db: DbOrTrx, uuid: string, customerId: string | null, nowIso: string) =>
    db.insertInto(table).values({
      id: uuid,
      customer_id: customerId,
      merged_into_id: null,
      merged_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    }),
  ),
);

const lockById = perTable((table) =>
  fixedQuery((db: DbOrTrx, uuid: string, nowIso: string) =>
    db.updateTable(table).set({ updated_at: nowIso }).where('id', '=', uuid).returning(COLUMNS),
  ),
);

/**
 * The customer's list in use (not merged away): the one changed last when several are attached (an order may
 * attach a second cart at checkout), or undefined when they have none.
 */
export async function findCustomerList(
  db: DbOrTrx,
  table: ListTable,
  customerId: string,
): Promise<ListRecord | undefined> {
  return db
    .selectFrom(table)
    .select(COLUMNS)
    .where('customer_id', '=', customerId)
    .where('merged_into_id', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts a new list, anonymous (`customerId` null) or owned. */
export async function insertList(
  db: DbOrTrx,
  table: ListTable,
  uuid: string,
  customerId: string | null,
  nowIso: string,
): Promise<void> {
  await newList[table](db, uuid, customerId, nowIso);
}

/**
 * Sets the list's `updated_at` and returns it, or undefined when it does not exist. Inside a transaction this
 * write locks the row (PostgreSQL row lock; SQLite's write lock), so every change to one list's items is
 * serialised behind it: callers take it first, before touching the items.
 */
export async function lockList(
  db: DbOrTrx,
  table: ListTable,
  uuid: string,
  nowIso: string,
): Promise<ListRecord | undefined> {
  return (await lockById[table](db, uuid, nowIso)).rows[0];
}

/**
 * Locks several lists in one fixed order (ascending id), so two transactions locking the same pair (merge
 * A→B and B→A, or a repeated merge) never deadlock on PostgreSQL.
 * @returns the lists found, keyed by id (a missing id is absent).
 */
export async function lockLists(
  db: DbOrTrx,
  table: ListTable,
  uuids: readonly string[],
  nowIso: string,
): Promise<Map<string, ListRecord>> {
  const found = new Map<string, ListRecord>();
  for (const uuid of [...new Set(uuids)].sort()) {
    const row = await lockList(db, table, uuid, nowIso);
    if (row) found.set(row.id, row);
  }
  return found;
}

/** Makes the list the customer's (attach, spec §4). Run under {@link lockList}. */
export async function setListCustomer(
  db: DbOrTrx,
  table: ListTable,
  uuid: string,
  customerId: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ customer_id: customerId, updated_at: nowIso })
    .where('id', '=', uuid)
    .execute();
}

/** Marks a list as merged into `destinationId` (spec §4); its items must already be gone. */
export async function markListMerged(
  db: DbOrTrx,
  table: ListTable,
  uuid: string,
  destinationId: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ merged_into_id: destinationId, merged_at: nowIso, updated_at: nowIso })
    .where('id', '=', uuid)
    .execute();
}
