import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type {
  ExchangeGroupTable,
  ExchangeProductTable,
  ExchangeSessionTable,
  ExchangeWarehouseTable,
} from './exchange.table.ts';

// Data access of the exchange module (docs/decisions/021): 1C sessions, group and warehouse mappings, which shop
// product a 1C product became, and the exchange's settings.

export type ExchangeSessionRow = Selectable<ExchangeSessionTable>;
export type ExchangeGroupRow = Selectable<ExchangeGroupTable>;
export type ExchangeWarehouseRow = Selectable<ExchangeWarehouseTable>;
export type ExchangeProductRow = Selectable<ExchangeProductTable>;

export async function insertSession(db: DbOrTrx, row: Insertable<ExchangeSessionTable>): Promise<void> {
  await db.insertInto('exchange_session').values(row).execute();
}

/** A live session by its token's hash. */
export function findSession(db: DbOrTrx, tokenHash: string, nowIso: string) {
  return db
    .selectFrom('exchange_session')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Remembers the order numbers the last `type=sale&mode=query` handed out. */
export async function setSaleNumbers(
  db: DbOrTrx,
  id: string,
  numbers: string[],
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('exchange_session')
    .set({ sale_numbers: JSON.stringify(numbers), updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/** Forgets expired sessions. */
/** Deletes one session (its key or member may no longer act). */
export async function deleteSession(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('exchange_session').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: DbOrTrx, nowIso: string): Promise<void> {
  await db.deleteFrom('exchange_session').where('expires_at', '<=', nowIso).execute();
}

export function listGroups(db: DbOrTrx): Promise<ExchangeGroupRow[]> {
  return db.selectFrom('exchange_group').selectAll().orderBy('name').execute();
}

/** Adds or renames a group; its mapping is kept (a new group gets `category_id`). */
export async function upsertGroup(db: DbOrTrx, row: Insertable<ExchangeGroupTable>): Promise<void> {
  await db
    .insertInto('exchange_group')
    .values(row)
    .onConflict((oc) =>
      oc.column('external_id').doUpdateSet({
        name: row.name,
        parent_external_id: row.parent_external_id ?? null,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function setGroupCategory(db: DbOrTrx, id: string, categoryId: number | null, nowIso: string) {
  return (
    await db
      .updateTable('exchange_group')
      .set({ category_id: categoryId, updated_at: nowIso })
      .where('external_id', '=', id)
      .executeTakeFirst()
  ).numUpdatedRows;
}

export function listWarehouses(db: DbOrTrx): Promise<ExchangeWarehouseRow[]> {
  return db.selectFrom('exchange_warehouse').selectAll().orderBy('name').execute();
}

/** Adds or renames a warehouse; its mapping is kept (a new one gets `city_id`). */
export async function upsertWarehouse(db: DbOrTrx, row: Insertable<ExchangeWarehouseTable>): Promise<void> {
  await db
    .insertInto('exchange_warehouse')
    .values(row)
    .onConflict((oc) => oc.column('external_id').doUpdateSet({ name: row.name, updated_at: row.updated_at }))
    .execute();
}

export async function setWarehouseCity(db: DbOrTrx, id: string, cityId: number | null, nowIso: string) {
  return (
    await db
      .updateTable('exchange_warehouse')
      .set({ city_id: cityId, updated_at: nowIso })
      .where('external_id', '=', id)
      .executeTakeFirst()
  ).numUpdatedRows;
}

/** Shop products of 1C products by key (`Ид` or `Ид|Цвет`). */
export function productsByKeys(db: DbOrTrx, keys: readonly string[]): Promise<ExchangeProductRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exchange_product')
    .selectAll()
    .where('external_id', 'in', [...keys])
    .execute();
}

/** Every colour of the given 1C products. */
export function productsOf1cIds(db: DbOrTrx, ids: readonly string[]): Promise<ExchangeProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exchange_product')
    .selectAll()
    .where('product_1c_id', 'in', [...ids])
    .execute();
}

export async function upsertProductLink(db: DbOrTrx, row: Insertable<ExchangeProductTable>): Promise<void> {
  await db
    .insertInto('exchange_product')
    .values(row)
    .onConflict((oc) =>
      oc.column('external_id').doUpdateSet({
        group_external_id: row.group_external_id,
        publish: row.publish,
        listed_at: row.listed_at,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/**
 * Adds or updates many product links in one statement per 200 (a key listed twice: its last row counts); as
 * {@link upsertProductLink}, an existing link keeps its product and `priced`; its `packaging` is the row's (1C's last).
 */
export async function upsertProductLinks(
  db: DbOrTrx,
  rows: readonly Insertable<ExchangeProductTable>[],
): Promise<void> {
  const unique = [...new Map(rows.map((r) => [r.external_id, r])).values()];
  for (let i = 0; i < unique.length; i += 200)
    await db
      .insertInto('exchange_product')
      .values(unique.slice(i, i + 200))
      .onConflict((oc) =>
        oc.column('external_id').doUpdateSet((eb) => ({
          group_external_id: eb.ref('excluded.group_external_id'),
          publish: eb.ref('excluded.publish'),
          packaging: eb.ref('excluded.packaging'),
          listed_at: eb.ref('excluded.listed_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
}

/** Marks 1C products priced. */
export async function markPriced(db: DbOrTrx, productIds: readonly number[], nowIso: string): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .updateTable('exchange_product')
    .set({ priced: 1, updated_at: nowIso })
    .where('product_id', 'in', [...productIds])
    .execute();
}

/** Products a full import did not list (listed before `runIso`) that 1C still wants shown: now it does not. */
export async function unlistMissing(db: DbOrTrx, runIso: string): Promise<number[]> {
  const rows = await db
    .selectFrom('exchange_product')
    .select('product_id')
    .where('listed_at', '<', runIso)
    .where('publish', '=', 1)
    .execute();
  const ids = rows.map((r) => r.product_id);
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('exchange_product')
      .set({ publish: 0, updated_at: runIso })
      .where('product_id', 'in', ids.slice(i, i + 500))
      .execute();
  return ids;
}

/** Products linked to 1C, with their group. */
export function listProductLinks(db: DbOrTrx): Promise<ExchangeProductRow[]> {
  return db.selectFrom('exchange_product').selectAll().execute();
}

export async function getSetting(db: DbOrTrx, key: string): Promise<string | undefined> {
  return (await db.selectFrom('exchange_setting').select('value').where('key', '=', key).executeTakeFirst())
    ?.value;
}

export async function setSetting(db: DbOrTrx, key: string, value: string, nowIso: string): Promise<void> {
  await db
    .insertInto('exchange_setting')
    .values({ key, value, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso }))
    .execute();
}

/** Shop products per group (of links last listed in it). */
/** Per group (key '' for none): its shop products, and how many of them 1C's rules keep hidden (unpublished or unpriced). */
export async function productCountsByGroup(
  db: DbOrTrx,
): Promise<Map<string, { products: number; unpublished: number }>> {
  const rows = await db
    .selectFrom('exchange_product')
    .select(['group_external_id', (eb) => eb.fn.countAll<number>().as('n')])
    .select((eb) =>
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.or([eb('publish', '=', 0), eb('priced', '=', 0)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('hidden'),
    )
    .groupBy('group_external_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.group_external_id ?? '',
      { products: Number(r.n), unpublished: Number(r.hidden ?? 0) },
    ]),
  );
}

/** Products of 1C products last listed in a group. */
export function linksOfGroup(db: DbOrTrx, groupId: string): Promise<ExchangeProductRow[]> {
  return db.selectFrom('exchange_product').selectAll().where('group_external_id', '=', groupId).execute();
}

/** Sets whether 1C wants these products shown. */
export async function setPublish(
  db: DbOrTrx,
  productIds: readonly number[],
  publish: number,
  nowIso: string,
) {
  for (let i = 0; i < productIds.length; i += 500)
    await db
      .updateTable('exchange_product')
      .set({ publish, updated_at: nowIso })
      .where('product_id', 'in', productIds.slice(i, i + 500))
      .execute();
}

export async function deleteSetting(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('exchange_setting').where('key', '=', key).execute();
}
