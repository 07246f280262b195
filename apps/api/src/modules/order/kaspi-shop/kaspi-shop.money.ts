import type { DbOrTrx } from '#app/db/database.ts';
import type { FiscalQueue } from '#app/modules/fiscal/fiscal.service.ts';
import { openMarketplacePayment, settleMarketplacePayment } from '#app/modules/payment/payment.service.ts';
import { queueOrderReturn, queueOrderSale } from '../order.fiscal.ts';
import type { OrderRow } from '../order.table.ts';

// The money of a Kaspi Магазин order (decision 076): Kaspi takes the buyer's money and pays it to the shop after
// the handover; the shop, the seller, issues the fiscal receipt. Each step runs in the caller's transaction — the
// one that moves the order — so the payment, the receipt and the order change together, once.

/**
 * Where a Kaspi Магазин sale's receipts go: the shop's fiscal queue, or none when the seller fiscalises Kaspi
 * Магазин sales in Kaspi Касса (KASPI_SHOP_RECEIPTS=kaspi-kassa, decision 077: a second receipt would double the sale
 * for the tax authority).
 */
export const kaspiShopFiscal = (deps: {
  fiscal?: FiscalQueue;
  kaspiShopReceipts?: 'shop' | 'kaspi-kassa';
}): FiscalQueue | undefined => (deps.kaspiShopReceipts === 'kaspi-kassa' ? undefined : deps.fiscal);

/** Kaspi's `PaymentType` on the receipt: money that came through Kaspi is `mobile` (4), as for Kaspi Pay. */
const KASPI_RECEIPT_TYPE = 'mobile' as const;

/**
 * Records the money of a just-imported Kaspi order: a payment `kaspi_shop`, `authorized` (Kaspi holds it), for the
 * order's total in tenge, invoice = our order number, reference = Kaspi's order code. Nothing when the total is 0.
 */
export async function recordKaspiShopMoney(
  trx: DbOrTrx,
  order: Pick<OrderRow, 'id' | 'number' | 'total_amount'> & { kaspi_code: string },
  nowIso: string,
): Promise<void> {
  await openMarketplacePayment(
    trx,
    {
      orderId: order.id,
      invoiceId: order.number,
      amount: Number(order.total_amount),
      reference: order.kaspi_code,
    },
    nowIso,
  );
}

/**
 * Kaspi completed the order (handed over by the buyer's code): the payment becomes `charged` and, when receipts
 * are on, the sale receipt of the units handed over is queued — both once (a conditional move; one sale per order).
 */
export async function settleKaspiShopCompleted(
  trx: DbOrTrx,
  fiscal: FiscalQueue | undefined,
  orderId: string,
  kaspiStatus: string,
  nowIso: string,
): Promise<void> {
  await settleMarketplacePayment(trx, orderId, 'charged', kaspiStatus, nowIso);
  if (fiscal) await queueOrderSale(trx, fiscal, orderId, { type: KASPI_RECEIPT_TYPE }, nowIso);
}

/**
 * Kaspi ended the order: before completion (cancelled by staff at Kaspi or by Kaspi) the payment becomes
 * `cancelled` — Kaspi gives its buyer the money back, no receipt was issued; after completion (RETURNED) it becomes
 * `refunded` and the return receipt of the whole sale is queued (event `kaspi-return`, once).
 */
export async function settleKaspiShopEnded(
  trx: DbOrTrx,
  fiscal: FiscalQueue | undefined,
  orderId: string,
  afterCompletion: boolean,
  kaspiStatus: string,
  nowIso: string,
): Promise<void> {
  if (!afterCompletion) {
    await settleMarketplacePayment(trx, orderId, 'cancelled', kaspiStatus, nowIso);
    return;
  }
  const moved = await settleMarketplacePayment(trx, orderId, 'refunded', kaspiStatus, nowIso);
  if (moved && fiscal) await queueOrderReturn(trx, fiscal, orderId, 'kaspi-return', 'all', nowIso);
}
