import type { FastifyBaseLogger } from 'fastify';
import type { FiscalQueue } from '#app/modules/fiscal/fiscal.service.ts';
import type { Db } from '#app/db/database.ts';
import { releaseStock } from '#app/modules/inventory/inventory.service.ts';
import { kaspiStoreCities } from '#app/modules/kaspi/kaspi.feed.settings.ts';
import type { KaspiShop } from '#app/modules/kaspi/kaspi.merchant.client.ts';
import type { ShopOrderDoc } from '#app/modules/kaspi/kaspi.merchant.protocol.ts';
import { moveOrder, SHOP_STOCK_ACTOR } from '../order.lifecycle.ts';
import type { NoticeDeps } from '../order.notify.ts';
import * as orders from '../order.repository.ts';
import { orderStockNote } from '../order.rules.ts';
import type { OrderRow } from '../order.table.ts';
import { importKaspiOrder } from './kaspi-shop.import.ts';
import { settleKaspiShopEnded, kaspiShopFiscal } from './kaspi-shop.money.ts';
import * as repo from './kaspi-shop.repository.ts';

// The Kaspi Магазин poll (issue 33 item 6, decision 064): new orders of a creation-date window with overlap, and
// the end of orders Kaspi cancelled or took back. Kaspi has no webhooks (decision 055), so this is the only way in.

/** The poll state's row name. */
export const POLL_NAME = 'kaspi-shop-orders';
/** Each poll re-reads this much before the last window's end: an order that slid between pages is found. */
export const OVERLAP_MS = 10 * 60_000;
/** The first poll reads a day back; no window reaches more than 14 days back (Kaspi's limit, kaspi.md C). */
const FIRST_WINDOW_MS = 24 * 3600_000;
const MAX_WINDOW_MS = 14 * 24 * 3600_000;
/** Kaspi's statuses that end an order it had: units go back to stock. */
const ENDED = new Set(['CANCELLED', 'RETURNED']);

/** What the poll needs. */
export interface KaspiShopPollDeps extends NoticeDeps {
  db: Db;
  log: FastifyBaseLogger;
  shop: KaspiShop;
  /** Where the receipts of Kaspi's returns go (decision 076); none: no receipt. */
  fiscal?: FiscalQueue;
  /** `kaspi-kassa`: the seller's Kaspi Касса issues them, the shop none (KASPI_SHOP_RECEIPTS, decision 077). */
  kaspiShopReceipts?: 'shop' | 'kaspi-kassa';
  /** The city whose stock serves Kaspi orders (others complete it); undefined: the first visible city. */
  cityId?: number;
}

/** What one poll did. */
export interface PollReport {
  created: number;
  existing: number;
  failed: number;
  ended: number;
  error: string | null;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * One poll: lists the orders created in [last window's end − {@link OVERLAP_MS}, now] in the importable states and
 * imports those not yet imported, each in its own transaction (importKaspiOrder); then reads the archive back to
 * the oldest open Kaspi order and ends ours that Kaspi cancelled or took back. A malformed answer or a failed order
 * is logged and recorded as the last error, and the window does not move on, so the next poll retries it; nothing
 * is half-imported. @returns counts and the last error.
 */
export async function pollKaspiShop(deps: KaspiShopPollDeps, now: Date): Promise<PollReport> {
  const { db, shop } = deps;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const state = await repo.findPoll(db, POLL_NAME);
  const last = state?.window_to ? Number(state.window_to) : nowMs - FIRST_WINDOW_MS;
  const from = Math.max(last - OVERLAP_MS, nowMs - MAX_WINDOW_MS);
  const report: PollReport = { created: 0, existing: 0, failed: 0, ended: 0, error: null };
  try {
    const cityId = deps.cityId ?? (await repo.mainCityId(db));
    if (cityId === undefined)
      throw new Error('Нет города, видимого покупателям: заказы Kaspi некуда принять');
    const storeCity = await kaspiStoreCities(db);
    const listed = await shop.listOrders(from, nowMs);
    const known = await repo.importedKaspiIds(
      db,
      listed.map((o) => o.id),
    );
    for (const doc of listed.filter((o) => !known.has(o.id))) {
      try {
        const lines = await shop.entries(doc.id);
        // The store staff mapped to a city serves the order; an unmapped one falls back to the main city.
        const point = doc.attributes.pickupPointId;
        const orderCity = (point ? storeCity(point) : undefined) ?? cityId;
        if ((await importKaspiOrder(db, doc, lines, orderCity, now)) === 'created') report.created++;
        else report.existing++;
      } catch (err) {
        report.failed++;
        report.error = `Заказ Kaspi ${doc.attributes.code}: ${errorText(err)}`;
        deps.log.warn({ err, kaspiOrderId: doc.id }, 'kaspi shop: order not imported, retried next poll');
      }
    }
    report.ended = await endOrders(deps, nowMs, nowIso);
  } catch (err) {
    report.error = errorText(err);
    deps.log.warn({ err }, 'kaspi shop: poll failed, retried next time');
  }
  const clean = report.error === null;
  await repo.savePoll(db, POLL_NAME, {
    ...(clean ? { window_from: String(from), window_to: String(nowMs), last_success_at: nowIso } : {}),
    last_poll_at: nowIso,
    last_error: report.error,
    imported: report.created,
  });
  return report;
}

/**
 * Reads Kaspi's archive back to the oldest open Kaspi order of ours and ends each one Kaspi cancelled or took back.
 * @returns how many were ended.
 */
async function endOrders(deps: KaspiShopPollDeps, nowMs: number, nowIso: string): Promise<number> {
  const open = await repo.openKaspiOrders(deps.db, 500);
  if (open.length === 0) return 0;
  const oldest = Math.min(...open.map((o) => Date.parse(o.kaspi_created_at ?? o.created_at)));
  const from = Math.max(oldest - 1000, nowMs - MAX_WINDOW_MS);
  const archive = await deps.shop.listOrders(from, nowMs, ['ARCHIVE']);
  let ended = 0;
  for (const doc of archive) {
    const ours = open.find((o) => o.kaspi_order_id === doc.id);
    if (ours && ENDED.has(doc.attributes.status) && (await endOrder(deps, ours, doc, nowIso))) ended++;
  }
  return ended;
}

/**
 * Ends one order Kaspi cancelled (ours cancelled, its units back, by the lifecycle) or took back after completion
 * (units restocked, the order stays completed), in one transaction, once (a conditional update of kaspi_status).
 * @returns true when this call ended it.
 */
export async function endOrder(
  deps: Pick<KaspiShopPollDeps, 'db' | 'fiscal' | 'kaspiShopReceipts' | keyof NoticeDeps>,
  order: OrderRow,
  doc: ShopOrderDoc,
  nowIso: string,
): Promise<boolean> {
  const status = doc.attributes.status;
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.setKaspiStatus(trx, order.id, order.kaspi_status, status, nowIso))) return false;
    const fresh = (await orders.findOrderById(trx, order.id))!;
    if (fresh.status !== 'completed') {
      const why = status === 'RETURNED' ? 'возвращён в Kaspi' : 'отменён в Kaspi';
      await moveOrder(trx, deps, fresh, 'cancelled', 'kaspi', why, nowIso);
      await settleKaspiShopEnded(trx, kaspiShopFiscal(deps), order.id, false, status, nowIso);
      return true;
    }
    // Taken back after the handover: Kaspi refunds its buyer; the payment and the return receipt follow.
    await settleKaspiShopEnded(trx, kaspiShopFiscal(deps), order.id, true, status, nowIso);
    const lines = await orders.findOrderLines(trx, [order.id]);
    await releaseStock(
      trx,
      lines.map((l) => ({ skuId: l.sku_id, cityId: l.source_city_id, qty: l.qty - l.refused_qty })),
      nowIso,
      {
        reason: 'order_cancelled',
        actor: SHOP_STOCK_ACTOR,
        note: orderStockNote(order.number, 'возврат в Kaspi'),
      },
    );
    return true;
  });
}
