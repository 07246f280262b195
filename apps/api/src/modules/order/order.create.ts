import { OrderErrorCode, type Order, type OrderDraft } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { claimCart, removeCartLines } from '#app/modules/cart/cart.service.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import type { WrittenNotices } from '#app/modules/notification/notification.service.ts';
import type { OrderDeps } from './order.lifecycle.ts';
import { deliverOrderNotices, recordOrderAccepted } from './order.notify.ts';
import * as repo from './order.repository.ts';
import { draftFingerprint } from './order.rules.ts';
import { getOrder, orderOf } from './order.service.ts';
import type { CatalogueLang } from '#app/modules/catalog/catalog.texts.ts';
import type { OrderRow } from './order.table.ts';
import { checkDraft } from './steps/check-draft.ts';
import { numberOrder } from './steps/number-order.ts';
import { openOrderPayment } from './steps/open-payment.ts';
import { planStock, takeStock } from './steps/reserve-stock.ts';
import { writeOrder } from './steps/write-order.ts';
import { confirmCarrierParcel } from '#app/modules/shipping/shipping.choice.ts';
import { recordCarrierChoice } from '#app/modules/shipping/shipping.orders.ts';
import type { PlannedLine } from '#app/modules/inventory/inventory.allocate.ts';
import type { CartLine } from '#app/modules/cart/cart.service.ts';

/** Planned order lines as the carrier's parcel sees them: units of a SKU from a city. */
const sourcedUnits = (planned: readonly PlannedLine<CartLine>[]) =>
  planned.map((p) => ({ skuId: p.line.skuId, sourceCityId: p.sourceCityId, qty: p.qty }));

// Placing an order: the business process as a flow of named steps (order/steps/, and the cart and inventory
// modules' own steps). Lock order inside the transaction: the cart row, the stock rows in (SKU, city) order,
// the order-number counter (SQLite only: PostgreSQL numbers from a sequence, no lock), then what taking the
// stock locks (the stock summary rows), and the catalogue version last of all — on PostgreSQL at COMMIT, by a
// deferred trigger (migration 20261214T090000) — the same in every writer, so parallel orders never deadlock.

/**
 * The answer for an order that already exists under the draft's idempotency key: the same order when the
 * draft is the same (a retry), else 409.
 * @throws AppError 409 `OrderErrorCode.idempotencyKeyReused` for a different draft under the key.
 */
async function replay(
  db: DbOrTrx,
  customerId: string,
  existing: OrderRow,
  fingerprint: string,
  lang: CatalogueLang | null,
): Promise<Order> {
  if (existing.request_hash !== fingerprint) {
    throw new AppError(
      409,
      OrderErrorCode.idempotencyKeyReused,
      'Этот заказ уже оформлен с другими данными. Обновите страницу и оформите заказ заново',
    );
  }
  return getOrder(db, customerId, existing.number, lang);
}

/**
 * Places an order (spec §7 `POST /api/order/create`) for the signed-in customer:
 * 1. validate the draft against the city's checkout options (no writes);
 * then in ONE transaction:
 * 2. claim the cart (the cart module: its row locked, an anonymous cart attached to the customer), and re-read
 *    the idempotency key under that lock;
 * 3. plan the stock: the lines in stock in `regionId` — and, with `includeOtherCityItems`, what other visible
 *    cities hold — planned under the stock rows' lock (the inventory module);
 * 4. remove the ordered lines from the cart (lines not ordered stay);
 *    (a carrier order: any visible city's, and the units must make the parcel its signed quote was for);
 * 5. number the order; 6. write it with its lines and first status (and the carrier choice, decision 069);
 * 7. open its ePay payment (card online);
 * 8. write the «order accepted» SMS and email to the notification outbox (issue 13), from what was just written;
 * 9. take the stock — last, because a stock change locks its summary rows (and, on SQLite, the catalogue version)
 *    until commit, which serialises orders on them: every write that does not need them comes before (issue 14). On
 *    PostgreSQL the version is bumped at COMMIT itself (decision 018, amendment «checkout path»);
 * and after commit: 10. start sending the SMS without waiting for it (decision 023: a failure is logged and left to
 *    the worker, never fails the order; the app's close waits for a send under way).
 *
 * Idempotent per (customer, `idempotencyKey`): a retry with the same draft answers the same order; parallel
 * requests with one key make one order (the losers re-read it).
 * @returns the order as `getOrder` answers it, made from the rows written (not read back); amounts in tenge
 *   (`amount` = items + delivery: 0 for pickup, the city's courier price for courier).
 * @throws AppError 400 field errors (`pickupPointId`, `delivery.street`, `delivery.building`,
 *   `delivery.contactName`, `delivery.contactPhone`, `delivery.regionId`); 404 cityNotFound; 404 cartNotFound
 *   (unknown, merged away or another customer's cart); 422 paymentMethodNotOffered, deliveryMethodNotOffered
 *   (courier where there is none, any method in a hidden city), emptyCart (no line at all, or only products no
 *   longer sold); 409 insufficientStock (`details.lines: [{externalId, requested, available}]`, nothing
 *   written); 409 `OrderErrorCode.idempotencyKeyReused` for a different draft under a used key.
 */
export async function createOrder(
  deps: OrderDeps,
  customer: CustomerRow,
  draft: OrderDraft,
  now: Date,
  lang: CatalogueLang | null = null,
): Promise<Order> {
  const { db } = deps;
  const fingerprint = draftFingerprint(draft);
  const earlier = await repo.findOrderByIdempotencyKey(db, customer.id, draft.idempotencyKey);
  if (earlier) return replay(db, customer.id, earlier, fingerprint, lang);

  const checkout = await checkDraft(db, draft, {
    kaspiOn: Boolean(deps.kaspi),
    shipping: deps.shipping ?? null,
    now,
  });
  // A carrier parcel may come from any visible city's stock (the split cart's offer planned it so).
  const planned = checkout.carrier ? { ...draft, includeOtherCityItems: true } : draft;
  const nowIso = now.toISOString();
  let placed: { order: Order; notices: WrittenNotices } | { replayOf: OrderRow };
  try {
    placed = await db.transaction().execute(async (trx) => {
      await claimCart(trx, draft.cartUuid, customer.id, nowIso);
      const twin = await repo.findOrderByIdempotencyKey(trx, customer.id, draft.idempotencyKey);
      if (twin) return { replayOf: twin };
      const plan = await planStock(trx, planned);
      if (checkout.carrier) await confirmCarrierParcel(trx, checkout.carrier, sourcedUnits(plan.planned));
      await removeCartLines(
        trx,
        draft.cartUuid,
        plan.ordered.map((l) => l.skuId),
      );
      const number = await numberOrder(trx);
      const { order, lines, history } = await writeOrder(trx, {
        customerId: customer.id,
        draft,
        fingerprint,
        checkout,
        planned: plan.planned,
        number,
        paymentWindowMinutes: deps.paymentWindowMinutes,
        now,
      });
      if (checkout.carrier) {
        await recordCarrierChoice(trx, order.id, checkout.carrier, checkout.cityName, nowIso);
      }
      const payment = await openOrderPayment(trx, order, nowIso);
      const point = checkout.pickupPoint ?? undefined;
      const notices = await recordOrderAccepted(trx, deps, { order, lines, point }, customer, nowIso);
      await takeStock(trx, plan, number, nowIso);
      const parts = {
        lines,
        pickupPoint: checkout.pickupPoint,
        timeZone: checkout.timeZone,
        history,
        payment,
      };
      return { order: orderOf(order, parts), notices };
    });
  } catch (err) {
    // A parallel request with the same key committed first (unique (customer_id, idempotency_key), or its
    // lines/stock are already gone): answer its order.
    const winner = await repo.findOrderByIdempotencyKey(db, customer.id, draft.idempotencyKey);
    if (winner) return replay(db, customer.id, winner, fingerprint, lang);
    throw err;
  }
  if ('replayOf' in placed) return replay(db, customer.id, placed.replayOf, fingerprint, lang);
  // The answer does not wait for the SMS (decision 023, issue 14): the row is committed, the outbox guarantees it.
  const { notices } = placed;
  deps.notifier.sendInBackground(() => deliverOrderNotices(deps, notices));
  // In another language the order is read back with its texts (decision 046); Russian answers what was written.
  // A carrier order is read back with its stored point and tracking (shipping.orders.ts).
  return lang || checkout.carrier ? getOrder(db, customer.id, placed.order.number, lang) : placed.order;
}
