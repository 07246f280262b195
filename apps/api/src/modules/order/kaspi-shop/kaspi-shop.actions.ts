import {
  KASPI_SHOP_CANCEL_REASON_NAMES,
  KaspiShopErrorCode,
  type AdminKaspiActionBody,
  type AdminOrder,
  type KaspiShopAction,
} from '@kiim/contract';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { AppError, badRequest } from '#app/lib/errors.ts';
import { KaspiShopError, type KaspiShop } from '#app/modules/kaspi/kaspi.merchant.client.ts';
import { isWrongSecurityCode, type ShopOrderDoc } from '#app/modules/kaspi/kaspi.merchant.protocol.ts';
import { getAdminOrder } from '../order.admin.ts';
import { claimVersion } from '../order.admin.repository.ts';
import { moveOrder, type OrderDeps } from '../order.lifecycle.ts';
import * as orders from '../order.repository.ts';
import { orderChanged } from '../order.service.ts';
import type { OrderRow } from '../order.table.ts';
import { DeliveryMethod, ErrorCode } from '@kiim/contract';
import { settleKaspiShopCompleted, settleKaspiShopEnded, kaspiShopFiscal } from './kaspi-shop.money.ts';
import * as repo from './kaspi-shop.repository.ts';

// The staff's actions on a Kaspi Магазин order from the order page (issue 33 item 6): accept, text the buyer the
// code, complete with the buyer's code, cancel with one of Kaspi's reasons. Kaspi is asked first; only what it
// accepted changes here, audited, under the order's version (decision 019).

const refused = (err: unknown) => {
  // Kaspi's status and structured code first, else its text (kaspi.merchant.protocol.ts; docs/kaspi.md).
  if (
    err instanceof KaspiShopError &&
    err.httpStatus !== undefined &&
    isWrongSecurityCode(err.httpStatus, err.body ?? '')
  )
    return new AppError(
      422,
      KaspiShopErrorCode.wrongSecurityCode,
      'Kaspi не принял код покупателя. Проверьте код из SMS покупателя и попробуйте снова',
    );
  const why = err instanceof Error ? err.message.slice(0, 300) : String(err);
  return new AppError(
    502,
    KaspiShopErrorCode.kaspiRefused,
    `Kaspi не выполнил действие, в заказе ничего не изменилось: ${why}`,
  );
};

/** Asks Kaspi; a refusal or fault is the Russian AppError of {@link refused}. */
async function ask(
  shop: KaspiShop,
  order: OrderRow,
  action: KaspiShopAction,
  body: AdminKaspiActionBody,
): Promise<ShopOrderDoc> {
  const id = order.kaspi_order_id!;
  const code = order.kaspi_code!;
  try {
    if (action === 'accept') return await shop.accept(id, code);
    if (action === 'send-code') return await shop.sendCode(id, code);
    if (action === 'complete') return await shop.complete(id, code, body.securityCode!);
    return await shop.cancel(id, code, body.reason!);
  } catch (err) {
    throw refused(err);
  }
}

/** Checks what the action needs before Kaspi is asked. @throws AppError 400/404/409/422. */
async function orderFor(
  deps: OrderDeps,
  shop: KaspiShop | null,
  number: string,
  action: KaspiShopAction,
  body: AdminKaspiActionBody,
): Promise<{ order: OrderRow; shop: KaspiShop }> {
  if (action === 'complete' && !body.securityCode)
    throw badRequest({ securityCode: ['Введите код из SMS покупателя'] });
  if (action === 'cancel' && !body.reason) throw badRequest({ reason: ['Выберите причину отмены'] });
  const order = await orders.findOrderByNumber(deps.db, number);
  if (!order) throw new AppError(404, ErrorCode.orderNotFound, 'Заказ не найден');
  if (order.channel !== 'kaspi' || !order.kaspi_order_id || !order.kaspi_code)
    throw new AppError(409, KaspiShopErrorCode.notKaspiOrder, 'Это заказ с сайта, а не из Kaspi Магазина');
  if (!shop)
    throw new AppError(
      422,
      KaspiShopErrorCode.kaspiShopOff,
      'Kaspi Магазин не подключён (KASPI_SHOP_MODE=off)',
    );
  if (order.version !== body.version) throw orderChanged();
  return { order, shop };
}

/**
 * `POST /api/admin/orders/:number/kaspi/:action`: `accept` (Kaspi's ACCEPTED_BY_MERCHANT), `send-code` (Kaspi texts
 * the buyer a code), `complete` with the buyer's `securityCode` (our order completed), `cancel` with one of Kaspi's
 * three `reason`s (our order cancelled, its units back). Kaspi first; then, in one transaction under the version,
 * our order and the audit entry (`order.kaspi_<action>`).
 * @throws AppError 400 field errors; 404; 409 4061 not a Kaspi order, 4016 stale version; 422 4062 Kaspi Магазин
 *   off, 4064 wrong code; 502 4063 Kaspi refused or did not answer (nothing changed here).
 */
export async function runKaspiAction(
  deps: OrderDeps,
  shopOrNull: KaspiShop | null,
  number: string,
  action: KaspiShopAction,
  body: AdminKaspiActionBody,
  actor: Actor,
): Promise<AdminOrder> {
  const { order, shop } = await orderFor(deps, shopOrNull, number, action, body);
  const answer = await ask(shop, order, action, body);
  const nowIso = actor.at.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await claimVersion(trx, order.id, body.version, nowIso))) throw orderChanged();
    const status = answer.attributes.status;
    if (status !== order.kaspi_status)
      await repo.setKaspiStatus(trx, order.id, order.kaspi_status, status, nowIso);
    const stockActor = { type: actor.type, id: actor.id };
    let current = (await orders.findOrderById(trx, order.id))!;
    if (action === 'complete' && current.status !== 'completed') {
      if (current.status === 'new' || current.status === 'paid') {
        const handing =
          current.delivery_method_id === DeliveryMethod.pickup ? 'ready_for_pickup' : 'handed_to_courier';
        await moveOrder(
          trx,
          deps,
          current,
          handing,
          'backoffice',
          'Kaspi: выдача по коду',
          nowIso,
          stockActor,
        );
        current = (await orders.findOrderById(trx, order.id))!;
      }
      await moveOrder(
        trx,
        deps,
        current,
        'completed',
        'backoffice',
        'Kaspi: выдан по коду покупателя',
        nowIso,
        stockActor,
      );
    }
    // Kaspi accepted the buyer's code: its money is the shop's and the sale receipt is due (decision 076).
    if (action === 'complete')
      await settleKaspiShopCompleted(trx, kaspiShopFiscal(deps), order.id, status, nowIso);
    if (action === 'cancel') {
      const why = `Kaspi: ${KASPI_SHOP_CANCEL_REASON_NAMES[body.reason!]}`;
      await moveOrder(trx, deps, current, 'cancelled', 'backoffice', why, nowIso, stockActor);
      await settleKaspiShopEnded(trx, kaspiShopFiscal(deps), order.id, false, status, nowIso);
    }
    const entity = { type: 'order', id: number };
    await audit(
      trx,
      actor,
      `order.kaspi_${action.replace('-', '_')}`,
      entity,
      { kaspiStatus: order.kaspi_status, status: order.status },
      { kaspiStatus: status, ...(body.reason ? { reason: body.reason } : {}) },
    );
  });
  return getAdminOrder(deps.db, number);
}
