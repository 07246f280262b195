import { ORDER_STATUSES } from '@kiim/contract';
import { describe, expect, it } from 'vitest';
import { lineName } from './onec.sale.ts';
import { askedStatus, STATUS_TEXT } from './onec.sale.words.ts';
import { takenOf } from './onec.orders.ts';

// Status texts both ways (issue 28 item 13), line names without empty parts, and what a session remembers of a query.

describe('status texts', () => {
  it('every status the shop writes reads back as itself (new and awaiting payment as «open»)', () => {
    for (const s of ORDER_STATUSES)
      expect([s, askedStatus(STATUS_TEXT[s])]).toEqual([
        s,
        s === 'new' || s === 'awaiting_payment' ? 'open' : s,
      ]);
  });

  it('reads the texts of 1C and Bitrix: the name first, then the code in brackets', () => {
    const cases: [string, string | null][] = [
      ['[N] Принят, ожидается оплата', 'open'],
      ['[P] Оплачен, формируется к отправке', 'paid'],
      ['[F] Доставлен', 'completed'],
      ['[F] Выполнен', 'completed'],
      ['Открыт', 'open'],
      ['  К выполнению ', 'open'],
      ['Закрыт', 'completed'],
      ['Отменён', 'cancelled'],
      ['Отгружен', 'shipped'],
      ['[DA] Готов к выдаче', 'ready_for_pickup'],
      ['[F] Свой статус магазина', 'completed'],
      ['[Z] Свой статус магазина', null],
      ['Доставляется дроном', null],
      ['', null],
    ];
    for (const [said, asked] of cases) expect([said, askedStatus(said)]).toEqual([said, asked]);
  });
});

describe('line names', () => {
  it('leave out a missing colour or size instead of writing «, ,»', () => {
    expect(lineName({ product_name: 'Джинсы', colour_name: 'Синий', size: '44' })).toBe(
      'Джинсы, Синий, размер 44',
    );
    expect(lineName({ product_name: 'Ремень', colour_name: ' ', size: '90' })).toBe('Ремень, размер 90');
    expect(lineName({ product_name: 'Шарф', colour_name: '', size: '' })).toBe('Шарф');
  });
});

describe('what a query handed out', () => {
  it('keeps number and version; lists of older sessions and damaged ones hand out nothing', () => {
    expect(takenOf('["100001@3","100002@0"]')).toEqual([
      { number: '100001', version: 3 },
      { number: '100002', version: 0 },
    ]);
    expect(takenOf('["100001"]')).toEqual([]);
    expect(takenOf('{')).toEqual([]);
    expect(takenOf(null)).toEqual([]);
  });
});
