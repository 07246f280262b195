import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db, DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import type { StockAlertRow, StockAlertTable } from './stock-alert.table.ts';

/**
 * Data access of the stock-alert module, the only place with its Kysely queries (docs/decisions/052). Times are
 * ISO 8601 UTC text. The outbox moves copy those of notification.repository.ts (docs/decisions/023): every move
 * of a claimed row is conditional on its `claim_id` and status.
 */

/** Live subscriptions of these (SKU, city) pairs become due now. @returns how many. */
export async function markDue(
  db: DbOrTrx,
  pairs: readonly { skuId: number; cityId: number }[],
  nowIso: string,
): Promise<number> {
  if (pairs.length === 0) return 0;
  const r = await db
    .updateTable('stock_alert')
    .set({ status: 'pending', next_attempt_at: nowIso, updated_at: nowIso })
    .where('status', '=', 'live')
    .where((eb) =>
      eb.or(pairs.map((p) => eb.and([eb('sku_id', '=', p.skuId), eb('city_id', '=', p.cityId)]))),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whether any subscription is live (waiting for stock). */
export async function anyLive(db: DbOrTrx): Promise<boolean> {
  const r = await db
    .selectFrom('stock_alert')
    .select('id')
    .where('status', '=', 'live')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** Writes a live subscription unless the contact has one for the SKU and city. @returns the live one. */
export async function insertLive(db: DbOrTrx, row: StockAlertTable): Promise<StockAlertRow> {
  await db
    .insertInto('stock_alert')
    .values(row)
    .onConflict((oc) =>
      // The partial index's predicate as a literal: SQLite matches it to the index only when written the same way.
      oc
        .columns(['sku_id', 'city_id', 'channel', 'recipient'])
        .where(sql<boolean>`status = 'live'`)
        .doNothing(),
    )
    .execute();
  return db
    .selectFrom('stock_alert')
    .selectAll()
    .where('sku_id', '=', row.sku_id)
    .where('city_id', '=', row.city_id)
    .where('channel', '=', row.channel)
    .where('recipient', '=', row.recipient)
    .where('status', '=', 'live')
    .executeTakeFirstOrThrow();
}

/** How many live subscriptions a contact has (a bound against filling the table). */
export async function liveCountOf(db: DbOrTrx, recipient: string): Promise<number> {
  const r = await db
    .selectFrom('stock_alert')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('recipient', '=', recipient)
    .where('status', '=', 'live')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Ends a live subscription by its token. @returns the row as it is now, or undefined for an unknown token. */
export async function cancelByToken(
  db: DbOrTrx,
  token: string,
  nowIso: string,
): Promise<StockAlertRow | undefined> {
  await db
    .updateTable('stock_alert')
    .set({ status: 'cancelled', updated_at: nowIso })
    .where('token', '=', token)
    .where('status', '=', 'live')
    .execute();
  return db.selectFrom('stock_alert').selectAll().where('token', '=', token).executeTakeFirst();
}

/** Claims up to `limit` due rows (pending and due, or claimed with a lapsed lease), as claimDue of decision 023. */
export async function claimDue(
  db: Db,
  opts: { nowIso: string; leaseUntil: string; claimId: string; limit: number },
): Promise<StockAlertRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = (eb: ExpressionBuilder<Database, 'stock_alert'>) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', opts.nowIso)]),
        eb.and([eb('status', '=', 'claimed'), eb('lease_until', '<', opts.nowIso)]),
      ]);
    let q = trx
      .selectFrom('stock_alert')
      .select('id')
      .where(due)
      .orderBy('next_attempt_at')
      .limit(opts.limit);
    if (isPostgres(trx)) q = q.forUpdate().skipLocked();
    const chosen = (await q.execute()).map((r) => r.id);
    if (chosen.length === 0) return [];
    await trx
      .updateTable('stock_alert')
      .set({
        status: 'claimed',
        claim_id: opts.claimId,
        lease_until: opts.leaseUntil,
        updated_at: opts.nowIso,
      })
      .where('id', 'in', chosen)
      .where(due)
      .execute();
    return trx
      .selectFrom('stock_alert')
      .selectAll()
      .where('claim_id', '=', opts.claimId)
      .where('status', '=', 'claimed')
      .execute();
  });
}

/** Marks a claimed row `sending` and counts the attempt. @returns false when the claim is no longer this one. */
export async function startSending(
  db: DbOrTrx,
  id: string,
  claimId: string,
  leaseUntil: string,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('stock_alert')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      lease_until: leaseUntil,
      updated_at: nowIso,
    }))
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'claimed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records an accepted send: the subscription has ended. */
export async function markSent(db: DbOrTrx, id: string, claimId: string, text: string, nowIso: string) {
  await db
    .updateTable('stock_alert')
    .set({
      status: 'sent',
      sent_at: nowIso,
      body_text: text,
      last_error: null,
      lease_until: null,
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'sending')
    .execute();
}

/** Records a refused send: due again at `nextAttemptAt`, or `failed` when it is null. */
export async function markRefused(
  db: DbOrTrx,
  id: string,
  claimId: string,
  error: string,
  nextAttemptAt: string | null,
  nowIso: string,
) {
  await db
    .updateTable('stock_alert')
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      next_attempt_at: nextAttemptAt ?? nowIso,
      last_error: error.slice(0, 500),
      claim_id: null,
      lease_until: null,
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'sending')
    .execute();
}

/** Rows still `sending` after their lease become `unknown` (never sent again automatically). */
export async function abandonStaleSends(db: DbOrTrx, nowIso: string): Promise<number> {
  const r = await db
    .updateTable('stock_alert')
    .set({ status: 'unknown', last_error: 'worker stopped during the send', updated_at: nowIso })
    .where('status', '=', 'sending')
    .where('lease_until', '<', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** One demand row: live subscriptions of a SKU in a city. */
export interface DemandRow {
  sku_id: number;
  city_id: number;
  external_id: string;
  size: string;
  product_id: number;
  product_name: string;
  city_name: string;
  live: number | string;
  oldest: string;
}

/** Live subscriptions counted by SKU and city (the back office's «что дозаказать»), sorted as asked. */
export async function demand(
  db: DbOrTrx,
  opts: { sort: 'live' | 'oldest' | 'product'; cityId?: number; offset: number; limit: number },
): Promise<{ rows: DemandRow[]; total: number }> {
  let base = db.selectFrom('stock_alert as a').where('a.status', '=', 'live');
  if (opts.cityId) base = base.where('a.city_id', '=', opts.cityId);
  const q = base
    .innerJoin('sku as s', 's.id', 'a.sku_id')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .innerJoin('city as c', 'c.id', 'a.city_id')
    .select((eb) => [
      'a.sku_id',
      'a.city_id',
      's.external_id',
      's.size',
      's.product_id',
      'p.name as product_name',
      'c.name as city_name',
      eb.fn.countAll<number | string>().as('live'),
      eb.fn.min('a.created_at').as('oldest'),
    ])
    .groupBy(['a.sku_id', 'a.city_id', 's.external_id', 's.size', 's.product_id', 'p.name', 'c.name']);
  const sorted =
    opts.sort === 'live'
      ? q.orderBy('live', 'desc').orderBy('oldest')
      : opts.sort === 'oldest'
        ? q.orderBy('oldest').orderBy('live', 'desc')
        : q.orderBy('p.name').orderBy('s.size_order');
  const [rows, count] = await Promise.all([
    sorted.orderBy('a.sku_id').orderBy('a.city_id').offset(opts.offset).limit(opts.limit).execute(),
    db
      .selectFrom(base.select(['a.sku_id', 'a.city_id']).distinct().as('d'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DemandRow[], total: Number(count.n) };
}
