import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// The money of Kaspi Магазин orders imported before decision 076 (issue 33 item 6): each order of channel `kaspi`
// with a total and no payment gets its payment row `kaspi_shop` — `charged` (paid when its status history says
// completed) for a completed order, `cancelled` for a cancelled one, else `authorized` (Kaspi still holds it).
// No fiscal receipt is made for the past: a late receipt is staff's decision, not a migration's.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const orders: {
    id: string;
    number: string;
    status: string;
    total_amount: number;
    kaspi_code: string | null;
  }[] = await db
    .selectFrom('order')
    .select(['id', 'number', 'status', 'total_amount', 'kaspi_code'])
    .where('channel', '=', 'kaspi')
    .where('total_amount', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('payment').select('payment.id').whereRef('payment.order_id', '=', 'order.id'))),
    )
    .execute();
  const now = new Date().toISOString();
  for (const o of orders) {
    const status =
      o.status === 'completed' ? 'charged' : o.status === 'cancelled' ? 'cancelled' : 'authorized';
    const completedAt =
      status === 'charged'
        ? ((await db
            .selectFrom('order_status_history')
            .select('created_at')
            .where('order_id', '=', o.id)
            .where('to_status', '=', 'completed')
            .executeTakeFirst()) as { created_at: string } | undefined)
        : undefined;
    await db
      .insertInto('payment')
      .values({
        id: randomUUID(),
        order_id: o.id,
        invoice_id: o.number,
        provider: 'kaspi_shop',
        secret_hash: randomBytes(32).toString('hex'),
        amount: Number(o.total_amount),
        currency: 'KZT',
        status,
        transaction_id: null,
        card_mask: null,
        approval_code: null,
        reference: o.kaspi_code,
        failure_reason: null,
        failure_code: null,
        refunded_amount: 0,
        auth_count: 0,
        last_auth_at: null,
        last_checked_at: null,
        paid_at: status === 'charged' ? (completedAt?.created_at ?? now) : null,
        return_requested_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** Removes the rows this migration made (and any later `kaspi_shop` payment with them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const ids = db.selectFrom('payment').select('id').where('provider', '=', 'kaspi_shop');
  await db.deleteFrom('payment_event').where('payment_id', 'in', ids).execute();
  await db.deleteFrom('payment').where('provider', '=', 'kaspi_shop').execute();
}
