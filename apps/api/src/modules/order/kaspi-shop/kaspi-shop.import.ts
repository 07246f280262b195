import { DeliveryMethod, PaymentMethod } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { normaliseMobile } from '#app/lib/phone.ts';
import { customerForMobile } from '#app/modules/customer/customer.service.ts';
import { allocate, type AllocatableLine } from '#app/modules/inventory/inventory.allocate.ts';
import { lockStock, reserveStock } from '#app/modules/inventory/inventory.service.ts';
import type { KaspiShopLine } from '#app/modules/kaspi/kaspi.merchant.client.ts';
import type { ShopOrderDoc } from '#app/modules/kaspi/kaspi.merchant.protocol.ts';
import { recordInitialStatus, SHOP_STOCK_ACTOR } from '../order.lifecycle.ts';
import * as orders from '../order.repository.ts';
import { orderStockNote } from '../order.rules.ts';
import type { OrderLineRow, OrderRow } from '../order.table.ts';
import { numberOrder } from '../steps/number-order.ts';
import { recordKaspiShopMoney } from './kaspi-shop.money.ts';
import * as repo from './kaspi-shop.repository.ts';

// One Kaspi Магазин order into Kiim (issue 33 item 6): a Kiim order with channel «Kaspi», the Kaspi code, the
// buyer's phone and lines mapped by SKU, its stock reserved through the inventory module in the same transaction.
// What cannot be reserved is never oversold: the order is kept for staff with the reason, without taking stock.

/** Why an import did not create an order: it exists already (a retried poll, another instance). */
export type ImportOutcome = 'created' | 'exists';

/** A line of Kaspi's order with our SKU, if the catalogue has it. */
interface KaspiLine extends AllocatableLine {
  sku: repo.SkuSnapshot | undefined;
  price: number;
}

/** Kaspi's lines summed per SKU (two entries of one SKU are one line here), in Kaspi's order. */
function mergeLines(lines: readonly KaspiShopLine[]): KaspiShopLine[] {
  const by = new Map<string, KaspiShopLine>();
  for (const l of lines) {
    const had = by.get(l.sku);
    by.set(l.sku, had ? { ...had, quantity: had.quantity + l.quantity } : { ...l });
  }
  return [...by.values()];
}

/** `Артикул A — нужно 2, есть 1`, the parts of a shortage staff read. */
const shortText = (short: { externalId: string; requested: number; available: number }[]) =>
  short.map((s) => `${s.externalId} — нужно ${s.requested}, есть ${s.available}`).join('; ');

/**
 * Plans where each unit comes from (the serving city first, then other visible cities, inventory.allocate.ts) under
 * the stock rows' lock. @returns the plan, or the Russian reason nothing is reserved.
 */
async function planKaspiStock(trx: DbOrTrx, lines: KaspiLine[], cityId: number) {
  const unknown = lines.filter((l) => !l.sku).map((l) => l.externalId);
  if (unknown.length)
    return {
      problem: `Артикулы не найдены в каталоге Kiim: ${unknown.join(', ')}. Товар не зарезервирован.`,
    };
  const stock = await lockStock(
    trx,
    lines.map((l) => l.skuId),
  );
  for (const l of lines)
    l.visibleQuantity = stock.filter((s) => s.skuId === l.skuId).reduce((n, s) => n + s.quantity, 0);
  const plan = allocate(lines, stock, cityId, true);
  if (plan.short.length)
    return {
      problem:
        `Не хватает товара (продан на сайте раньше): ${shortText(plan.short)}. Товар не зарезервирован: ` +
        'свяжитесь с покупателем или отмените заказ с причиной «нет в наличии».',
    };
  return { plan };
}

/**
 * Imports one Kaspi order in ONE transaction: the buyer (a customer by mobile), the order (status `paid` — Kaspi
 * collected the money, recorded as an `authorized` payment `kaspi_shop` —, payment 4, pickup or courier as Kaspi
 * delivers), its lines and stock reserved; or, when a
 * SKU is unknown or the units are gone, the order with `kaspi_problem` and no line or stock taken.
 * @param cityId the city whose stock serves Kaspi's store (others complete it).
 * @returns `exists` when the Kaspi order was imported already (unique (channel, kaspi_order_id) absorbs a race).
 * @throws AppError 400 when the buyer's phone is not a Kazakh mobile (the poll logs it and retries later).
 */
export async function importKaspiOrder(
  db: DbOrTrx,
  doc: ShopOrderDoc,
  kaspiLines: readonly KaspiShopLine[],
  cityId: number,
  now: Date,
): Promise<ImportOutcome> {
  if (await repo.findKaspiOrder(db, doc.id)) return 'exists';
  const mobile = normaliseMobile(doc.attributes.customer?.cellPhone ?? '', 'cellPhone');
  const nowIso = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const merged = mergeLines(kaspiLines);
      const skus = await repo.skusByExternalId(
        trx,
        merged.map((l) => l.sku),
      );
      const lines: KaspiLine[] = merged.map((l) => {
        const sku = skus.find((s) => s.external_id === l.sku);
        const base = { skuId: sku?.id ?? 0, externalId: l.sku, qty: l.quantity, inStock: true };
        return { ...base, productActive: true, visibleQuantity: 0, sku, price: l.price };
      });
      const customer = await customerForMobile(trx, mobile, nowIso);
      const planned = await planKaspiStock(trx, lines, cityId);
      const number = await numberOrder(trx);
      const id = newId();
      const rows = lineRows(planned.plan?.planned ?? [], id, nowIso);
      const items = merged.reduce((s, l) => s + l.price * l.quantity, 0);
      await orders.insertOrder(
        trx,
        orderRow(
          doc,
          { id, number, customerId: customer.id, mobile, cityId },
          items,
          planned.problem,
          merged,
          nowIso,
        ),
        rows,
      );
      await recordInitialStatus(trx, id, 'paid', nowIso);
      // Kaspi holds the buyer's money until the handover (decision 076): recorded with the order.
      await recordKaspiShopMoney(
        trx,
        { id, number, total_amount: items, kaspi_code: doc.attributes.code },
        nowIso,
      );
      if (!planned.plan) return;
      // Last write: a stock change locks its summary rows until commit (as site orders, order.create.ts).
      const short = await reserveStock(
        trx,
        planned.plan.planned.map((p) => ({ skuId: p.line.skuId, cityId: p.sourceCityId, qty: p.qty })),
        nowIso,
        {
          reason: 'order',
          actor: SHOP_STOCK_ACTOR,
          note: orderStockNote(number, `Kaspi ${doc.attributes.code}`),
        },
      );
      if (short.length) throw new Error('kaspi import: stock changed under its lock');
    });
  } catch (err) {
    // Another importer committed the same Kaspi order first (unique (channel, kaspi_order_id)): one order.
    if (await repo.findKaspiOrder(db, doc.id)) return 'exists';
    throw err;
  }
  return 'created';
}

/** Our order lines of the planned units (Kaspi's price as ours; where each comes from). */
function lineRows(
  planned: readonly { line: KaspiLine; qty: number; sourceCityId: number }[],
  id: string,
  nowIso: string,
): OrderLineRow[] {
  return planned.map((p, i) => ({
    id: newId(),
    order_id: id,
    sku_id: p.line.skuId,
    external_id: p.line.externalId,
    product_slug: p.line.sku!.slug,
    product_name: p.line.sku!.name,
    size: p.line.sku!.size,
    colour_name: p.line.sku!.colour_name,
    image: null,
    qty: p.qty,
    price: p.line.price,
    original_price: p.line.price,
    amount: p.line.price * p.qty,
    source_city_id: p.sourceCityId,
    position: i + 1,
    refused_qty: 0,
    created_at: nowIso,
    updated_at: nowIso,
  }));
}

/** The order row of a Kaspi order: amounts in tenge as Kaspi charged them, no delivery charge of ours. */
function orderRow(
  doc: ShopOrderDoc,
  o: { id: string; number: string; customerId: string; mobile: string; cityId: number },
  items: number,
  problem: string | undefined,
  lines: readonly KaspiShopLine[],
  nowIso: string,
): OrderRow {
  const a = doc.attributes;
  const courier =
    a.deliveryMode !== undefined && a.deliveryMode !== null && a.deliveryMode !== 'DELIVERY_PICKUP';
  return {
    id: o.id,
    number: o.number,
    customer_id: o.customerId,
    city_id: o.cityId,
    status: 'paid',
    delivery_method_id: courier ? DeliveryMethod.courier : DeliveryMethod.pickup,
    payment_id: PaymentMethod.kaspi,
    pickup_point_id: null,
    customer_comment: a.pickupPointId ? `Kaspi: пункт ${a.pickupPointId}` : null,
    email: null,
    delivery_not_to_customer: 0,
    delivery_contact_name: null,
    delivery_contact_phone: o.mobile,
    ...{ delivery_region_id: null, delivery_street: null, delivery_building: null },
    ...{ delivery_entrance_number: null, delivery_floor: null, delivery_flat: null },
    items_amount: items,
    delivery_amount: 0,
    total_amount: items,
    idempotency_key: `kaspi:${doc.id}`,
    request_hash: 'kaspi',
    payment_expires_at: null,
    ...{ delivery_date_from: null, delivery_date_to: null, version: 0, staff_note: null },
    ...{ confirmed_at: null, picked_at: null, exchange_exported_at: null, exchange_exported_version: null },
    channel: 'kaspi',
    kaspi_order_id: doc.id,
    kaspi_code: a.code,
    kaspi_status: a.status,
    kaspi_created_at: new Date(a.creationDate).toISOString(),
    kaspi_problem: problem ?? null,
    kaspi_lines: JSON.stringify(lines.map((l) => ({ sku: l.sku, quantity: l.quantity, price: l.price }))),
    created_at: nowIso,
    updated_at: nowIso,
  };
}
