import type { FastifyRequest } from 'fastify';
import { DeliveryMethod, PaymentMethod, type OrderStatus } from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import { markTakenAfterOwnChange, orderForExchange } from '#app/modules/order/order.exchange.ts';
import { orderDeps } from '#app/modules/order/order.lifecycle.ts';
import { changeStatusByBackoffice, STATUS_NAME } from '#app/modules/order/order.service.ts';
import type { Actor } from '#app/modules/audit/audit.ts';
import { parseStatusUpdate, type StatusUpdate } from './onec.sale.words.ts';
import { readXml, XmlFileError } from './xml.stream.ts';

// Order documents from 1C (`type=sale&mode=file`, issue 12 item 3, issue 28 item 13): each Документ names an order
// (Ид, else Номер) and says «Отменен», «Финальный статус», «Статус заказа» («[F] Доставлен», «Открыт»…) and «Заказ
// оплачен». The order moves only through its own state machine (order.status.ts) as the ERP would move it (audited,
// the shopper gets the SMS, a cancellation puts the stock back); a move the machine refuses is reported, never
// forced. `paid` is set only by a verified card payment. The answer has one line per document.

type Found = NonNullable<Awaited<ReturnType<typeof orderForExchange>>>;

/** Statuses in which a card-online order holds the shopper's money (it passed `paid`). */
const PAID_ONLINE: readonly string[] = ['paid', 'ready_for_pickup', 'handed_to_courier', 'completed'];

/** Whether the shop counts the order paid: card online once paid and not cancelled; on delivery once handed over. */
const paidHere = (o: Found) =>
  o.payment_id === PaymentMethod.cardOnline ? PAID_ONLINE.includes(o.status) : o.status === 'completed';

/**
 * Why «Заказ оплачен» from 1C cannot be taken as it is, or null when it agrees with the shop, is absent, or the
 * status line already answers it (a handover collects the money; «Оплачен» is answered by the status).
 */
function paidNote(u: StatusUpdate, o: Found, to: string | null): string | null {
  if (u.paid === null || u.paid === paidHere(o) || (u.paid && (to === 'completed' || u.status === 'paid')))
    return null;
  if (!u.paid) return '«Заказ оплачен: false» не применён: на сайте заказ оплачен';
  if (o.status === 'cancelled') return '«Заказ оплачен» не применён: заказ отменён';
  return o.payment_id === PaymentMethod.cardOnline
    ? '«Заказ оплачен» не применён: оплату картой отмечает только платёжная система'
    : '«Заказ оплачен» не применён: оплата при получении отмечается выдачей заказа';
}

/** The status to move to, `null` for «nothing to move», or why not (a text starting with «не применён»). */
function target(u: StatusUpdate, o: Found): { to: OrderStatus | null } | { refused: string } {
  const current = o.status as OrderStatus;
  const finished = current === 'completed' || current === 'cancelled';
  switch (u.status) {
    case null:
      return u.said ? { refused: 'не распознан' } : { to: null };
    case 'open':
      return finished ? { refused: `не применён: заказ уже ${STATUS_NAME[current]}` } : { to: null };
    case 'paid':
      if (o.payment_id === PaymentMethod.cardOnline && PAID_ONLINE.includes(current)) return { to: null };
      return { refused: 'не применён: оплату отмечает только платёжная система' };
    case 'shipped':
      return {
        to: o.delivery_method_id === DeliveryMethod.pickup ? 'ready_for_pickup' : 'handed_to_courier',
      };
    default:
      return { to: u.status };
  }
}

/** Applies one document. @returns its line of the answer. */
async function applyOne(request: FastifyRequest, u: StatusUpdate, actor: Actor): Promise<string> {
  const db = request.server.db;
  const o = await orderForExchange(db, u.number, u.id);
  if (!o) return `заказ ${u.number || u.id || '(без номера)'} не найден`;
  const said = u.said ? `«${u.said}»` : 'статус не указан';
  const t = target(u, o);
  const to = 'to' in t ? t.to : null;
  const notes = [paidNote(u, o, to)].filter(Boolean);
  const line = (text: string) => [`заказ ${o.number}: ${text}`, ...notes].join('; ');
  if ('refused' in t) return line(`${said} ${t.refused}`);
  if (to === null || to === o.status)
    return line(`${said} — без изменений (${STATUS_NAME[o.status as OrderStatus]})`);
  try {
    await changeStatusByBackoffice(orderDeps(request.server), o.number, to, `Статус из 1С: ${u.said}`, actor);
  } catch (e) {
    if (e instanceof AppError && e.statusCode < 500) return line(`${said} не применён — ${e.message}`);
    if (e instanceof AppError)
      return line(`${said} не применён сейчас — ${e.message}; пришлите документ снова`);
    throw e;
  }
  const after = await orderForExchange(db, o.number, o.id);
  if (after?.version === o.version + 1) await markTakenAfterOwnChange(db, o.id, o.version, after.version);
  return line(`${said} — ${STATUS_NAME[o.status as OrderStatus]} → ${STATUS_NAME[to]}`);
}

/**
 * Applies the documents of an orders file from 1C, one after another (each its own change).
 * @returns the protocol's answer: `success`, the count, a line per document saying what was applied or why not;
 *   `failure` and the reason for a file that is not XML.
 */
export async function applyStatusFile(request: FastifyRequest, file: string, actor: Actor): Promise<string> {
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
  const lines: string[] = [];
  for (const u of updates) lines.push(await applyOne(request, u, actor));
  return ['success', `Обработано документов: ${updates.length}`, ...lines].join('\n');
}
