import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { EpaySimulator } from '@kiim/tools/epay-simulator';
import { TEST_CARDS, payWithCard } from '@kiim/tools/epay-simulator/browser';
import { eventually, smsCode, type RunningShop } from './shop.ts';

// A card-online order paid through an ePay simulator the test controls (admin-refunds.e2e.ts, fiscal-receipt.e2e.ts):
// the customer registered by SMS code, two SKUs of two products in Алматы, pickup, paid with the approved test card.

/** A JSON call of the shop's API; fails the test on an error answer. @returns the answer's `data`. */
export async function shopApi<T>(
  shop: RunningShop,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(shop.url + url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  expect(res.status, `${method} ${url}: ${JSON.stringify(json)}`).toBe(200);
  return json.data;
}

/** Two SKUs (of two products) with stock in Алматы (city 1), read from the shop's database. */
function twoSkus(shop: RunningShop): { externalId: string }[] {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
  try {
    return db
      .prepare(
        `select min(sku.external_id) as externalId from stock
         join sku on sku.id = stock.sku_id join product on product.id = sku.product_id
         where stock.city_id = 1 and stock.quantity >= 5 and product.is_active = 1
         group by product.id order by product.id limit 2`,
      )
      .all() as { externalId: string }[];
  } finally {
    db.close();
  }
}

/**
 * A customer registered by SMS code (`mobile`) with a card-online pickup order in Алматы of one unit of two SKUs,
 * paid on `sim`. @returns the customer's token and the order (number, amount in tenge, lines).
 */
export async function paidCardOrder(shop: RunningShop, sim: EpaySimulator, mobile = '77057700001') {
  const api = <T>(method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    shopApi<T>(shop, method, url, body, headers);
  await api('POST', '/api/customer/register-by-mobile', { mobile, name: 'Айгерим', surname: 'Касымова' });
  const { token } = await api<{ token: string }>('POST', '/api/customer/register-by-mobile/confirm', {
    ...{ mobile, code: await smsCode(shop, mobile) },
    ...{ name: 'Айгерим', surname: 'Касымова' },
  });
  const auth = { 'x-authorization': token };
  let cart = '';
  for (const l of twoSkus(shop))
    cart = (
      await api<{ uuid: string }>(
        'PUT',
        '/api/cart/add-or-update-item',
        { ...(cart ? { uuid: cart } : {}), externalId: l.externalId, regionId: 1, qty: 1 },
        auth,
      )
    ).uuid;
  const [point] = await api<{ id: number }[]>('GET', '/api/city/1/pickup-points');
  const { order } = await api<{ order: { number: string; amount: number; lines: { price: number }[] } }>(
    'POST',
    '/api/order/create',
    {
      order: {
        ...{ cartUuid: cart, regionId: 1, deliveryMethodId: 1, paymentId: 3 },
        ...{ pickupPointId: point!.id, idempotencyKey: crypto.randomUUID() },
      },
    },
    auth,
  );
  const started = await api<{ payment: unknown }>(
    'POST',
    '/api/payment/halyk/auth',
    { orderNumber: order.number },
    auth,
  );
  await payWithCard(sim.url, started.payment, TEST_CARDS.approved);
  await sim.idle();
  await eventually(
    async () =>
      (await api<{ status: string }>('GET', `/api/order/details/${order.number}`, undefined, auth)).status,
  ).toBe('paid');
  return { token, order };
}
