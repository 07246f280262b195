import type { FastifyRequest } from 'fastify';
import type { OrderStatus } from '@kiim/contract';
import { DeliveryMethod } from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import { orderState } from '#app/modules/order/order.exchange.ts';
import { orderDeps } from '#app/modules/order/order.lifecycle.ts';
import { changeStatusByBackoffice } from '#app/modules/order/order.service.ts';
import type { Actor } from '#app/modules/staff/staff.audit.ts';
import { parseStatusUpdate, type StatusUpdate } from './onec.sale.ts';
import { readXml, XmlFileError } from './xml.stream.ts';

// Status updates from 1C (`type=sale&mode=file`, issue 12 item 3): each Документ names an order (Номер) and its
// status in 1C; the order moves through the shop's state machine as the ERP would move it (audited, the shopper gets
// the SMS). A status the order already has changes nothing; `paid` is set only by a verified card payment.

/** The status to move to, or why not. */
function target(
  u: StatusUpdate,
  current: { status: string; delivery_method_id: number },
): OrderStatus | string {
  if (u.status === null) return `заказ ${u.number}: статус «${u.said}» не распознан`;
  if (u.status === 'paid')
    return current.status === 'paid'
      ? current.status
      : `заказ ${u.number}: оплату отмечает только платёжная система`;
  if (u.status === 'shipped')
    return current.delivery_method_id === DeliveryMethod.pickup ? 'ready_for_pickup' : 'handed_to_courier';
  return u.status;
}

async function applyOne(request: FastifyRequest, u: StatusUpdate, actor: Actor): Promise<string | null> {
  const current = await orderState(request.server.db, u.number);
  if (!current) return `заказ ${u.number} не найден`;
  const to = target(u, current);
  if (
    ![
      'new',
      'awaiting_payment',
      'paid',
      'ready_for_pickup',
      'handed_to_courier',
      'completed',
      'cancelled',
    ].includes(to)
  )
    return to;
  if (to === current.status) return null;
  try {
    await changeStatusByBackoffice(
      orderDeps(request.server),
      u.number,
      to as OrderStatus,
      `Статус из 1С: ${u.said}`,
      actor,
    );
    return null;
  } catch (e) {
    if (e instanceof AppError) return `заказ ${u.number}: ${e.message}`;
    throw e;
  }
}

/** Applies the documents of an orders file. @returns the protocol's answer: `success` with notes, or `failure`. */
export async function applyStatusFile(request: FastifyRequest, file: string, actor: Actor): Promise<string> {
  const notes: string[] = [];
  const updates: StatusUpdate[] = [];
  try {
    await readXml(
      file,
      (name, path) => name === 'Документ' && path.at(-1) === 'КоммерческаяИнформация',
      async (nodes) => {
        updates.push(...nodes.map(parseStatusUpdate));
      },
    );
  } catch (e) {
    if (e instanceof XmlFileError) return `failure\n${e.message}`;
    throw e;
  }
  for (const u of updates) {
    const note = await applyOne(request, u, actor);
    if (note) notes.push(note);
  }
  return ['success', `Обработано документов: ${updates.length}`, ...notes].join('\n');
}
