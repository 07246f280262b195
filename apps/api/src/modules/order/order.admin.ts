import {
  type OrderCarrier,
  ADMIN_ORDER_PAGE_SIZE,
  AdminOrderErrorCode,
  DeliveryMethod,
  ErrorCode,
  ORDER_STATUSES,
  PaymentMethod,
  isPaidOnline,
  type AdminCancelBody,
  type AdminHandoverBody,
  type AdminOrder,
  type AdminOrderAction,
  type AdminOrderActionBody,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type OrderStatus,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { addDays, startOfLocalDay } from '#app/lib/zoned-day.ts';
import { listCities } from '#app/modules/catalog/catalog.service.ts';
import * as inventory from '#app/modules/inventory/inventory.service.ts';
import { paymentOfOrder } from '#app/modules/payment/payment.service.ts';
import { receiptsOfOrderForStaff } from '#app/modules/fiscal/fiscal.admin.ts';
import { attemptRefund, oweRefundUpTo, refundsOfOrder } from '#app/modules/payment/refund.service.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as adminRepo from './order.admin.repository.ts';
import { chainHistory, toOrderLine } from './order.mapper.ts';
import { moveOrder, type OrderDeps } from './order.lifecycle.ts';
import { deliverOrderNotices } from './order.notify.ts';
import * as repo from './order.repository.ts';
import { assemble, changeStatusByBackoffice, orderChanged } from './order.service.ts';
import { orderStockNote } from './order.rules.ts';
import { queueOrderReturn, queueOrderSale } from './order.fiscal.ts';
import { canTransition } from './order.status.ts';
import type { OrderLineRow, OrderRow } from './order.table.ts';
import { pageOf } from '#app/lib/paging.ts';
import { kaspiFactsOf } from './kaspi-shop/kaspi-shop.view.ts';
import { carrierActions, shipOrder, staffShipment } from './order.carrier.ts';

// The back office's orders (issue 15, docs/decisions/019): the list with its filters, the order page, the staff's
// steps (confirm, picked — inside new/paid; the status moves of order.status.ts through the order service), the
// internal note and the handover with partial refusal. Every change claims the order's version the member saw.

const orderNotFound = () => notFound(ErrorCode.orderNotFound, 'Заказ не найден');

/** Search text → what to look for: an order number (6–15 digits), a phone's digits (4+), else a name. */
function searchOf(q: string | undefined): Pick<adminRepo.OrderFilter, 'number' | 'phoneDigits' | 'name'> {
  const text = q?.trim();
  if (!text) return {};
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s()+-]+$/.test(text) && digits.length >= 4) {
    const phone = digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
    return /^\d{6,15}$/.test(text) ? { number: text, phoneDigits: phone } : { phoneDigits: phone };
  }
  return { name: text };
}

/**
 * `GET /api/admin/orders`: one page (25, newest first) of the orders matching the filters; the date range is in
 * local days of each order's city (its time zone), both ends included.
 */
export async function listAdminOrders(db: DbOrTrx, q: AdminOrderListQuery): Promise<AdminOrderPage> {
  let ranges: adminRepo.CityRange[] | undefined;
  if (q.from || q.to) {
    const cities = (await listCities(db, null, true)).filter((c) => !q.cityId || c.id === q.cityId);
    ranges = cities.map((c) => ({
      cityId: c.id,
      fromIso: q.from ? startOfLocalDay(q.from, c.timeZone).toISOString() : null,
      toIso: q.to ? startOfLocalDay(addDays(q.to, 1), c.timeZone).toISOString() : null,
    }));
  }
  const filter: adminRepo.OrderFilter = {
    status: q.status,
    customerId: q.customerId,
    cityId: q.cityId,
    deliveryMethodId: q.deliveryMethodId,
    paymentId: q.paymentId,
    paid: q.paid === undefined ? undefined : q.paid === 'yes',
    ranges,
    ...searchOf(q.q),
  };
  const { rows, total } = await adminRepo.selectOrderPage(
    db,
    filter,
    (q.page - 1) * ADMIN_ORDER_PAGE_SIZE,
    ADMIN_ORDER_PAGE_SIZE,
  );
  return pageOf(
    rows.map((r) => ({
      number: r.number,
      status: r.status as OrderStatus,
      createdAt: r.created_at,
      timeZone: r.time_zone,
      cityId: r.city_id,
      cityName: r.city_name,
      deliveryMethodId: r.delivery_method_id,
      paymentId: r.payment_id,
      paid: r.ever_paid === 1,
      amount: Number(r.total_amount),
      customerName:
        r.delivery_contact_name ?? ([r.customer_name, r.customer_surname].filter(Boolean).join(' ') || null),
      phone: r.delivery_contact_phone ?? r.customer_mobile,
      lineCount: r.line_count,
      confirmedAt: r.confirmed_at,
      pickedAt: r.picked_at,
    })),
    q.page,
    total,
    ADMIN_ORDER_PAGE_SIZE,
  );
}

/** What staff may do now: the staff steps in new/paid, then the moves the order's life allows. */
function actionsOf(o: OrderRow, carrier: OrderCarrier | null = null): AdminOrderAction[] {
  const status = o.status as OrderStatus;
  const out: AdminOrderAction[] = [];
  const preparing = status === 'new' || status === 'paid';
  if (preparing && !o.confirmed_at) out.push('confirm');
  if (preparing && o.confirmed_at && !o.picked_at) out.push('pick');
  if (preparing && o.picked_at) {
    const to = o.delivery_method_id === DeliveryMethod.pickup ? 'ready_for_pickup' : 'handed_to_courier';
    if (canTransition(status, to, 'backoffice', o.delivery_method_id)) out.push(to);
  }
  if (status === 'ready_for_pickup' || status === 'handed_to_courier') out.push('handover', 'complete');
  if (canTransition(status, 'cancelled', 'backoffice', o.delivery_method_id)) out.push('cancel');
  if (carrier) return carrierActions(out, carrier);
  // A Kaspi order is handed over and cancelled through Kaspi (kaspi-shop.actions.ts), never here alone.
  return o.channel === 'kaspi'
    ? out.filter((a) => a !== 'handover' && a !== 'complete' && a !== 'cancel')
    : out;
}

/** Tenge of the refused units of the lines. */
const refusedAmountOf = (lines: readonly OrderLineRow[]) =>
  lines.reduce((sum, l) => sum + l.refused_qty * Number(l.price), 0);

/**
 * `GET /api/admin/orders/:number`: the order page (lines with SKUs and images, amounts, delivery, contact, comment,
 * payment, history with actors, staff note and steps, what is due, the actions allowed now, the version).
 * @throws AppError 404 orderNotFound.
 */
export async function getAdminOrder(db: DbOrTrx, number: string): Promise<AdminOrder> {
  const row = await repo.findOrderByNumber(db, number);
  if (!row) throw orderNotFound();
  const [[order], lines, parties, history, refunds, fiscalReceipts] = await Promise.all([
    assemble(db, [row]),
    repo.findOrderLines(db, [row.id]),
    adminRepo.selectOrderParties(db, row.id),
    adminRepo.selectHistory(db, row.id),
    refundsOfOrder(db, row.id),
    receiptsOfOrderForStaff(db, row.id),
  ]);
  const refusedAmount = refusedAmountOf(lines);
  const paidOnline = isPaidOnline(row.payment_id) ? (order!.payment?.amount ?? 0) : 0;
  const paidBack = order!.payment?.refundedAmount ?? 0;
  const toPay = Number(row.total_amount) - refusedAmount;
  return {
    ...order!,
    lines: lines.map((l) => ({ ...toOrderLine(l, row.city_id), id: l.id, skuId: l.sku_id })),
    version: row.version,
    staffNote: row.staff_note,
    confirmedAt: row.confirmed_at,
    pickedAt: row.picked_at,
    customer: {
      id: parties.customer_id,
      name: [parties.name, parties.surname].filter(Boolean).join(' ') || null,
      mobile: parties.mobile,
    },
    cityName: parties.city_name,
    history: chainHistory(history).map((h) => ({
      status: (ORDER_STATUSES as readonly string[]).includes(h.to_status)
        ? (h.to_status as OrderStatus)
        : 'new',
      at: h.created_at,
      actor: h.actor,
      reason: h.reason,
    })),
    refusedAmount,
    amountDue:
      row.status === 'cancelled' || row.status === 'completed' || row.channel === 'kaspi'
        ? 0
        : Math.max(0, toPay - (paidOnline - paidBack)),
    actions: actionsOf(row, order!.carrier),
    refunds,
    fiscalReceipts,
    kaspi: kaspiFactsOf(row),
    shipment: order!.carrier ? await staffShipment(db, row.id) : null,
  };
}

/** Reads an order for a change and checks the member's version before anything is done. */
async function orderForChange(db: DbOrTrx, number: string, version: number): Promise<OrderRow> {
  const row = await repo.findOrderByNumber(db, number);
  if (!row) throw orderNotFound();
  if (row.version !== version) throw orderChanged();
  return row;
}

const notNow = (text: string) => new AppError(409, 4015, text);

/**
 * `POST /api/admin/orders/:number/actions` and `…/cancel`: one step of the order's life. `confirm` and `pick` mark new/paid orders
 * (audited as order.confirmed / order.picked); `ready_for_pickup` (SMS to the customer) and `handed_to_courier`
 * need a picked order; `complete` and `cancel` (stock back, card money returned through ePay) move the status
 * through the order service (audited as order.status_changed).
 * @throws AppError 404; 409 4016 orderChanged (stale version); 409 4015 not allowed now; 502 4020 ePay refused.
 */
export async function runOrderAction(
  deps: OrderDeps,
  number: string,
  body: AdminOrderActionBody | ({ action: 'cancel' } & AdminCancelBody),
  actor: Actor,
): Promise<AdminOrder> {
  const row = await orderForChange(deps.db, number, body.version);
  const [order] = await assemble(deps.db, [row]);
  const allowed = actionsOf(row, order!.carrier);
  if (!allowed.includes(body.action))
    throw notNow('Это действие сейчас недоступно для заказа. Обновите страницу, чтобы увидеть его состояние');
  if (body.action === 'ship') {
    await shipOrder(deps, row, body.version, actor);
  } else if (body.action === 'confirm' || body.action === 'pick') {
    const nowIso = actor.at.toISOString();
    const field = body.action === 'confirm' ? 'confirmed_at' : 'picked_at';
    await deps.db.transaction().execute(async (trx) => {
      if (!(await adminRepo.claimVersion(trx, row.id, body.version, nowIso))) throw orderChanged();
      await adminRepo.updateStaffFields(trx, row.id, { [field]: nowIso });
      const what = body.action === 'confirm' ? 'order.confirmed' : 'order.picked';
      await audit(trx, actor, what, { type: 'order', id: number }, { [field]: null }, { [field]: nowIso });
    });
  } else {
    const to: OrderStatus =
      body.action === 'complete' ? 'completed' : body.action === 'cancel' ? 'cancelled' : body.action;
    const reason = body.action === 'cancel' ? body.reason : undefined;
    await changeStatusByBackoffice(deps, number, to, reason, actor, body.version);
  }
  return getAdminOrder(deps.db, number);
}

/**
 * `PUT /api/admin/orders/:number/note`: the internal note (empty clears it); audited as order.note_changed.
 * @throws AppError 404; 409 4016 orderChanged.
 */
export async function setOrderNote(
  db: DbOrTrx,
  number: string,
  note: string,
  version: number,
  actor: Actor,
): Promise<AdminOrder> {
  const row = await orderForChange(db, number, version);
  await db.transaction().execute(async (trx) => {
    if (!(await adminRepo.claimVersion(trx, row.id, version, actor.at.toISOString()))) throw orderChanged();
    await adminRepo.updateStaffFields(trx, row.id, { staff_note: note || null });
    await audit(
      trx,
      actor,
      'order.note_changed',
      { type: 'order', id: number },
      { note: row.staff_note },
      {
        note: note || null,
      },
    );
  });
  return getAdminOrder(db, number);
}

const handoverInvalid = (message: string) => new AppError(422, AdminOrderErrorCode.handoverInvalid, message);

/** Checks the refusals against the order's lines. @returns refused units by line id. */
function refusalsOf(
  lines: readonly OrderLineRow[],
  refused: AdminHandoverBody['refused'],
): Map<string, number> {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const out = new Map<string, number>();
  for (const r of refused) {
    const line = byId.get(r.lineId);
    if (!line) throw handoverInvalid('В заказе нет такой строки');
    if (out.has(r.lineId)) throw handoverInvalid('Строка заказа указана дважды');
    if (r.refusedQty > line.qty)
      throw handoverInvalid(`«${line.product_name}»: отказаться можно не больше чем от ${line.qty} шт.`);
    if (r.refusedQty > 0) out.set(r.lineId, r.refusedQty);
  }
  const taken = lines.reduce((sum, l) => sum + l.qty - (out.get(l.id) ?? 0), 0);
  if (taken === 0)
    throw handoverInvalid('Покупатель отказался от всего заказа — отмените заказ вместо выдачи');
  return out;
}

/**
 * The fiscal receipts of a handover (issue 32), in its transaction: cash or card on delivery — the sale of the
 * units taken, paid as staff recorded (`paidCash` tenge in cash, the rest by card; default the order's method);
 * card online — the return of the refused units, linked to the sale made at payment.
 */
async function queueHandoverReceipts(
  trx: DbOrTrx,
  deps: OrderDeps,
  row: Pick<OrderRow, 'id' | 'payment_id'>,
  paidCash: number | undefined,
  refundId: string | null,
  refusedLines: readonly OrderLineRow[],
  refusals: ReadonlyMap<string, number>,
  nowIso: string,
): Promise<void> {
  if (!isPaidOnline(row.payment_id)) {
    const all = row.payment_id === PaymentMethod.cashOnDelivery ? 'cash' : 'card';
    const paid = paidCash === undefined ? ({ type: all } as const) : { cashSum: paidCash };
    await queueOrderSale(trx, deps.fiscal, row.id, paid, nowIso);
  } else if (refundId) {
    const units = refusedLines.map((line) => ({ line, count: refusals.get(line.id)! }));
    await queueOrderReturn(trx, deps.fiscal, row.id, `refund-${refundId}`, units, nowIso);
  }
}

/**
 * `POST /api/admin/orders/:number/handover`: the order is handed over (pickup desk or courier, spec: «Примерка при
 * получении») and completed; the refused units go back to stock in the order's city (inventory module; a stock
 * movement `order_cancelled` per SKU, by the member, «№ …: отказ при выдаче»), the amount
 * due drops by their price (cash / card on delivery), and for card online their price is refunded through ePay
 * after commit. Audited as order.handed_over with the refused lines and amounts.
 * @throws AppError 404; 409 4016 orderChanged; 409 4015 not ready or with the courier; 422 4017 bad lines;
 *   a refund ePay does not take now stays owed (shown on the order, retried by the payment job; decision 035).
 */
export async function handOver(
  deps: OrderDeps,
  number: string,
  body: AdminHandoverBody,
  actor: Actor,
): Promise<AdminOrder> {
  const row = await orderForChange(deps.db, number, body.version);
  if (!actionsOf(row).includes('handover'))
    throw notNow('Выдать можно только заказ, готовый к выдаче или переданный курьеру');
  const lines = await repo.findOrderLines(deps.db, [row.id]);
  const refusals = refusalsOf(lines, body.refused);
  const nowIso = actor.at.toISOString();
  const refusedLines = lines.filter((l) => refusals.has(l.id));
  const refusedAmount = refusedLines.reduce((s, l) => s + refusals.get(l.id)! * Number(l.price), 0);
  const { written: notices, owed } = await deps.db.transaction().execute(async (trx) => {
    if (!(await adminRepo.claimVersion(trx, row.id, body.version, nowIso))) throw orderChanged();
    const current = (await repo.findOrderById(trx, row.id))!;
    for (const l of refusedLines) await adminRepo.setRefusedQty(trx, l.id, refusals.get(l.id)!, nowIso);
    await inventory.releaseStock(
      trx,
      refusedLines.map((l) => ({ skuId: l.sku_id, cityId: row.city_id, qty: refusals.get(l.id)! })),
      nowIso,
      {
        reason: 'order_cancelled',
        actor: { type: actor.type, id: actor.id },
        note: orderStockNote(number, 'отказ при выдаче'),
      },
    );
    const units = [...refusals.values()].reduce((a, b) => a + b, 0);
    const reason = units ? `Выдан с частичным отказом: ${units} шт. на ${refusedAmount} ₸` : 'Выдан';
    const written = await moveOrder(trx, deps, current, 'completed', 'backoffice', reason, nowIso);
    if (!written) throw orderChanged();
    // The refund owed is a durable row written with the handover: sent at once after commit, and by the
    // payment job with backoff if ePay fails now (decision 035).
    const paid = isPaidOnline(row.payment_id) && (await paymentOfOrder(trx, row.id));
    const owed =
      paid && refusedAmount > 0
        ? await oweRefundUpTo(trx, paid, refusedAmount, `${actor.type}:${actor.id ?? ''}`, nowIso)
        : null;
    await queueHandoverReceipts(
      trx,
      deps,
      row,
      body.paidCash,
      owed?.id ?? null,
      refusedLines,
      refusals,
      nowIso,
    );
    await audit(
      trx,
      actor,
      'order.handed_over',
      { type: 'order', id: number },
      { status: current.status },
      {
        status: 'completed',
        refused: refusedLines.map((l) => ({ sku: l.external_id, qty: refusals.get(l.id)! })),
        refusedAmount,
      },
    );
    return { written, owed };
  });
  await deliverOrderNotices(deps, notices);
  if (owed) await attemptRefund(deps, owed, actor.at);
  return getAdminOrder(deps.db, number);
}
