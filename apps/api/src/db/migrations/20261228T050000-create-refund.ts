import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// - refund: one row per refund of a charged card payment (docs/decisions/035, superseding the single column of
//   027): what is owed back, ePay's `externalID` (unique: a retry reuses it, ePay never refunds it twice), its
//   state `owed | sending | paid | failed`, attempts, the next attempt time (exponential backoff), the last
//   error, who asked (`source`: `shop` or `cabinet` — made in ePay's cabinet and noticed by the payment job).
// - The amounts owed in `payment.refund_owed_to` (027) become `owed` rows with the externalID 027 sent, so a
//   refund already under way is not paid twice; the column is dropped.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refund')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('order.id'))
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payment.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('external_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('owed', 'sending', 'paid', 'failed')`),
    )
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('shop', 'cabinet')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refund_order_idx').on('refund').column('order_id').execute();
  await db.schema.createIndex('refund_due_idx').on('refund').columns(['status', 'next_attempt_at']).execute();
  await sql`
    insert into refund (id, order_id, payment_id, amount, external_id, status, source, attempts,
                        next_attempt_at, last_error, requested_by, paid_at, created_at, updated_at)
    select p.id || '-owed', p.order_id, p.id, p.refund_owed_to - p.refunded_amount,
           p.id || '-' || cast(p.refund_owed_to as text), 'owed', 'shop', 1,
           p.updated_at, null, 'system', null, p.updated_at, p.updated_at
    from payment p
    where p.status = 'charged' and p.refund_owed_to is not null and p.refund_owed_to > p.refunded_amount
  `.execute(db);
  await db.schema.alterTable('payment').dropColumn('refund_owed_to').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').addColumn('refund_owed_to', 'integer').execute();
  await sql`
    update payment set refund_owed_to = refunded_amount + (
      select sum(r.amount) from refund r where r.payment_id = payment.id and r.status in ('owed', 'sending')
    )
    where exists (select 1 from refund r where r.payment_id = payment.id and r.status in ('owed', 'sending'))
  `.execute(db);
  await db.schema.dropTable('refund').execute();
}
