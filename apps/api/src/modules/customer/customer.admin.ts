import {
  ADMIN_CUSTOMER_PAGE_SIZE,
  ErrorCode,
  type AdminCustomer,
  type AdminCustomerListQuery,
  type AdminCustomerPage,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './customer.repository.ts';
import type { CustomerRow } from './customer.table.ts';
import { pageOf } from '#app/lib/paging.ts';

// The back office's customers (issue 15, decision 019): search, profile, block and unblock. Blocking revokes every
// token of the customer in the same transaction; customer.token.ts refuses to issue a new one while blocked.

const toAdmin = (r: CustomerRow, orderCount: number): AdminCustomer => ({
  id: r.id,
  mobile: r.mobile,
  name: r.name,
  surname: r.surname,
  email: r.email,
  createdAt: r.created_at,
  blockedAt: r.blocked_at,
  blockedReason: r.blocked_reason,
  orderCount,
});

/** Search text → a phone's digits (4 or more digits, a leading 8 read as 7) or part of a name. */
function searchOf(q: string | undefined): { phoneDigits?: string; name?: string } {
  const text = q?.trim();
  if (!text) return {};
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s()+-]+$/.test(text) && digits.length >= 4)
    return { phoneDigits: digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits };
  return { name: text };
}

/** `GET /api/admin/customers`: a page (25, newest first) of customers matching the phone or name. */
export async function listCustomers(db: DbOrTrx, q: AdminCustomerListQuery): Promise<AdminCustomerPage> {
  const { rows, total } = await repo.selectCustomerPage(
    db,
    searchOf(q.q),
    (q.page - 1) * ADMIN_CUSTOMER_PAGE_SIZE,
    ADMIN_CUSTOMER_PAGE_SIZE,
  );
  return pageOf(
    rows.map((r) => toAdmin(r, r.order_count)),
    q.page,
    total,
    ADMIN_CUSTOMER_PAGE_SIZE,
  );
}

/**
 * `GET /api/admin/customers/:id`: the customer's profile (their orders: `GET /api/admin/orders?customerId=`).
 * @throws AppError 404 for an unknown id.
 */
export async function customerForStaff(db: DbOrTrx, id: string): Promise<AdminCustomer> {
  const row = await repo.findCustomerById(db, id);
  if (!row) throw notFound(ErrorCode.notFound, 'Покупатель не найден');
  return toAdmin(row, await repo.countOrders(db, id));
}

/**
 * `POST /api/admin/customers/:id/block` and `…/unblock`: blocks (every token revoked, sign-in refused) or lets the
 * customer in again; audited as customer.blocked / customer.unblocked. Idempotent.
 * @throws AppError 404 for an unknown id.
 */
export async function setCustomerBlocked(
  db: Db,
  id: string,
  reason: string | null,
  actor: Actor,
): Promise<AdminCustomer> {
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await repo.findCustomerById(trx, id);
    if (!row) throw notFound(ErrorCode.notFound, 'Покупатель не найден');
    const block = reason !== null;
    if (Boolean(row.blocked_at) === block) return;
    await repo.setBlocked(trx, id, block ? nowIso : null, reason, nowIso);
    const revoked = block
      ? await repo.revokeTokens(trx, { customerId: id, keepId: null }, 'blocked', nowIso)
      : 0;
    await audit(
      trx,
      actor,
      block ? 'customer.blocked' : 'customer.unblocked',
      { type: 'customer', id },
      { blocked: Boolean(row.blocked_at), reason: row.blocked_reason },
      { blocked: block, reason, ...(block ? { tokensRevoked: revoked } : {}) },
    );
  });
  return customerForStaff(db, id);
}
