import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { ExchangeDraftOfferTable, ExchangeDraftTable } from './exchange.table.ts';

// Data access of the exchange's drafts (issue 28, docs/decisions/028): 1C products waiting for their group to be
// mapped, and the offers of them offers.xml sent meanwhile.

export type ExchangeDraftRow = Selectable<ExchangeDraftTable>;
export type ExchangeDraftOfferRow = Selectable<ExchangeDraftOfferTable>;

/** The group key of 1C products without Группы: they wait in a group of their own that staff map as any other. */
export const NO_GROUP = '-';
/** The name that group is listed under. */
export const NO_GROUP_NAME = 'Товары без группы в 1С';

const PAGE = 200;

/** Adds or replaces drafts (a key listed twice: its last row counts). */
export async function upsertDrafts(db: DbOrTrx, rows: readonly Insertable<ExchangeDraftTable>[]) {
  const unique = [...new Map(rows.map((r) => [r.product_1c_id, r])).values()];
  for (let i = 0; i < unique.length; i += PAGE)
    await db
      .insertInto('exchange_draft')
      .values(unique.slice(i, i + PAGE))
      .onConflict((oc) =>
        oc.column('product_1c_id').doUpdateSet((eb) => ({
          group_external_id: eb.ref('excluded.group_external_id'),
          name: eb.ref('excluded.name'),
          data: eb.ref('excluded.data'),
          listed_at: eb.ref('excluded.listed_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
}

/** Drafts by 1C product id. */
export function draftsOf(db: DbOrTrx, ids: readonly string[]): Promise<ExchangeDraftRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exchange_draft')
    .selectAll()
    .where('product_1c_id', 'in', [...ids])
    .execute();
}

/** Drafts whose group is mapped to a category now: at most `limit` after the 1C id `after`, in id order (keyset). */
export function mappedDrafts(db: DbOrTrx, after: string, limit: number) {
  return db
    .selectFrom('exchange_draft')
    .innerJoin('exchange_group', 'exchange_group.external_id', 'exchange_draft.group_external_id')
    .selectAll('exchange_draft')
    .select('exchange_group.category_id')
    .where('exchange_group.category_id', 'is not', null)
    .where('exchange_draft.product_1c_id', '>', after)
    .orderBy('exchange_draft.product_1c_id')
    .limit(limit)
    .execute();
}

/** Forgets drafts and their offers (made into shop products, deleted in 1C, or not listed by a full import). */
export async function deleteDrafts(db: DbOrTrx, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += PAGE) {
    const part = ids.slice(i, i + PAGE);
    await db.deleteFrom('exchange_draft_offer').where('product_1c_id', 'in', part).execute();
    await db.deleteFrom('exchange_draft').where('product_1c_id', 'in', part).execute();
  }
}

/** Drafts a full import did not list (listed before `runIso`): 1C no longer has them. @returns how many. */
export async function deleteUnlistedDrafts(db: DbOrTrx, runIso: string): Promise<number> {
  const ids = (
    await db.selectFrom('exchange_draft').select('product_1c_id').where('listed_at', '<', runIso).execute()
  ).map((r) => r.product_1c_id);
  await deleteDrafts(db, ids);
  return ids.length;
}

/** Adds or replaces offers of drafts. */
export async function upsertDraftOffers(db: DbOrTrx, rows: readonly Insertable<ExchangeDraftOfferTable>[]) {
  const unique = [...new Map(rows.map((r) => [r.external_id, r])).values()];
  for (let i = 0; i < unique.length; i += PAGE)
    await db
      .insertInto('exchange_draft_offer')
      .values(unique.slice(i, i + PAGE))
      .onConflict((oc) =>
        oc.column('external_id').doUpdateSet((eb) => ({
          data: eb.ref('excluded.data'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
}

/** The offers of drafts, in the order they came. */
export function draftOffersOf(db: DbOrTrx, ids: readonly string[]): Promise<ExchangeDraftOfferRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exchange_draft_offer')
    .selectAll()
    .where('product_1c_id', 'in', [...ids])
    .orderBy('created_at')
    .orderBy('external_id')
    .execute();
}

/** Drafts per group key. */
export async function draftCountsByGroup(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('exchange_draft')
    .select(['group_external_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('group_external_id')
    .execute();
  return new Map(rows.map((r) => [r.group_external_id, Number(r.n)]));
}
