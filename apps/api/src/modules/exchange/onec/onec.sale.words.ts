import type { OrderStatus } from '@kiim/contract';
import { childrenOf, child, textOf, type XNode } from './xml.stream.ts';

// The words of order statuses as 1C and the Bitrix exchange write them (issue 28 item 13): «[N] Принят» — the status
// code in brackets, then its name — and what each of our statuses is called in the documents the shop sends.

/** «Статус заказа» of each of our statuses in the documents for 1C (Bitrix's N, P and F for the common ones). */
export const STATUS_TEXT: Record<OrderStatus, string> = {
  new: '[N] Принят',
  awaiting_payment: '[N] Принят, ожидается оплата',
  paid: '[P] Оплачен, формируется к отправке',
  ready_for_pickup: '[RP] Готов к выдаче',
  handed_to_courier: '[DC] Передан курьеру',
  completed: '[F] Выполнен',
  cancelled: '[CA] Отменен',
};

/**
 * What a status from 1C asks for: one of our statuses, `shipped` (ready for pickup or handed to the courier, by the
 * delivery method), or `open` (the order is in work: any unfinished status is right, nothing moves).
 */
export type AskedStatus = OrderStatus | 'shipped' | 'open';

/** Status codes in brackets (Bitrix's and ours, {@link STATUS_TEXT}). */
const CODES: Record<string, AskedStatus> = {
  n: 'open',
  p: 'paid',
  f: 'completed',
  rp: 'ready_for_pickup',
  dc: 'handed_to_courier',
  ca: 'cancelled',
};

/** Status names of 1C:УТ 10/11, 1C:Розница, Bitrix and our own, lower case, «ё» as «е». */
const WORDS: Record<string, AskedStatus> = {
  принят: 'open',
  'принят, ожидается оплата': 'open',
  открыт: 'open',
  'в работе': 'open',
  новый: 'open',
  'не согласован': 'open',
  согласован: 'open',
  'к обеспечению': 'open',
  'к выполнению': 'open',
  'ожидается предоплата': 'open',
  'ожидается оплата': 'open',
  new: 'open',
  оплачен: 'paid',
  'оплачен, формируется к отправке': 'paid',
  paid: 'paid',
  'готов к выдаче': 'ready_for_pickup',
  ready_for_pickup: 'ready_for_pickup',
  'передан курьеру': 'handed_to_courier',
  handed_to_courier: 'handed_to_courier',
  отгружен: 'shipped',
  собран: 'shipped',
  'передан в доставку': 'shipped',
  'ожидается отгрузка': 'open',
  выполнен: 'completed',
  доставлен: 'completed',
  получен: 'completed',
  завершен: 'completed',
  закрыт: 'completed',
  completed: 'completed',
  отменен: 'cancelled',
  cancelled: 'cancelled',
};

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/** A status text from 1C («[F] Доставлен», «Открыт», «Оплачен, формируется к отправке») → what it asks for, or null. */
export function askedStatus(said: string): AskedStatus | null {
  const m = /^\[([^\]]{1,10})\]\s*(.*)$/.exec(said.trim());
  const name = norm(m ? m[2]! : said);
  const byName = WORDS[name] ?? WORDS[name.split(',')[0]!.trim()];
  if (byName) return byName;
  return m ? (CODES[norm(m[1]!)] ?? null) : null;
}

/** What one Документ from 1C says about an order. */
export interface StatusUpdate {
  /** «Номер» and «Ид» of the document: the order is looked up by id, else by number. */
  number: string;
  id: string;
  /** The status asked for (null: not recognised or not given), and 1C's words for it, for the answer. */
  status: AskedStatus | null;
  said: string;
  /** «Заказ оплачен» when sent. */
  paid: boolean | null;
}

const isTrue = (v: string | undefined) => ['true', 'да', '1', 'yes'].includes(norm(v ?? ''));

/**
 * Reads a Документ: «Отменен» or ПометкаУдаления (cancelled), else «Финальный статус» (completed), else «Статус
 * заказа» (or «Статус»); «Заказ оплачен» separately.
 */
export function parseStatusUpdate(d: XNode): StatusUpdate {
  const requisites = new Map(
    childrenOf(child(d, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => [
      norm(textOf(r, 'Наименование')),
      textOf(r, 'Значение'),
    ]),
  );
  const paidText = requisites.get('заказ оплачен');
  const base = {
    number: textOf(d, 'Номер').trim().slice(0, 50),
    id: textOf(d, 'Ид').trim().slice(0, 100),
    paid: paidText === undefined || paidText.trim() === '' ? null : isTrue(paidText),
  };
  if (isTrue(requisites.get('отменен')) || isTrue(textOf(d, 'ПометкаУдаления')))
    return { ...base, status: 'cancelled', said: 'Отменен' };
  if (isTrue(requisites.get('финальный статус')))
    return { ...base, status: 'completed', said: 'Финальный статус' };
  const said = (requisites.get('статус заказа') ?? requisites.get('статус') ?? '').trim().slice(0, 100);
  return { ...base, status: said ? askedStatus(said) : null, said };
}
