import type { FastifyRequest } from 'fastify';
import { markOrdersExported, ordersToExport, type TakenOrder } from '#app/modules/order/order.exchange.ts';
import * as repo from '../exchange.repository.ts';
import { ordersXml } from './onec.sale.ts';
import { sessionActor, type ExchangeSession } from './onec.session.ts';

// `type=sale&mode=query` and `mode=success` (issue 28 item 13, issue 29 item 9, docs/decisions/033): query hands
// out the orders 1C has not taken at their current version and remembers in the session which version of each it
// showed; success marks exactly those versions taken (audited), so a change made between the two is sent again.

/** Most orders one `type=sale&mode=query` hands out (1C asks again after `success`). */
export const SALE_BATCH = 500;

/** «number@version»: how the session keeps an order handed out (the session's list holds strings). */
const keyOf = (o: TakenOrder) => `${o.number}@${o.version}`;

/** The orders a session handed out; entries of another shape (sessions of older versions) are skipped. */
export function takenOf(saleNumbers: string | null): TakenOrder[] {
  let list: unknown;
  try {
    list = JSON.parse(saleNumbers ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((s) => {
    const m = typeof s === 'string' ? /^(\d{1,20})@(\d{1,9})$/.exec(s) : null;
    return m ? [{ number: m[1]!, version: Number(m[2]) }] : [];
  });
}

/** `mode=query`: the package of orders for 1C (CommerceML 2.08); the session remembers what it showed. */
export async function saleQuery(request: FastifyRequest, s: ExchangeSession): Promise<string> {
  const { db, clock } = request.server;
  const now = clock.now();
  const orders = await ordersToExport(db, SALE_BATCH);
  const shown = orders.map((o) => keyOf({ number: o.order.number, version: o.order.version }));
  await repo.setSaleNumbers(db, s.id, shown, now.toISOString());
  return ordersXml(orders, now);
}

/** `mode=success`: the versions the last query showed are taken by 1C, audited for the session's key or member. */
export async function saleSuccess(request: FastifyRequest, s: ExchangeSession): Promise<string> {
  await markOrdersExported(request.server.db, takenOf(s.sale_numbers), sessionActor(request, s));
  return 'success';
}
