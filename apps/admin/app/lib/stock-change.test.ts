import { describe, expect, it } from 'vitest';
import { StockChangesInput } from '@kiim/contract';
import { parseWith } from '@kiim/contract/forms';
import { changeCell, changeErrors, effectWords, levelAfter, stockChangeOf } from './stock-change.ts';

const sizes = [
  { id: 11, size: 'S' },
  { id: 12, size: 'M' },
];
const cities = [
  { id: 1, name: 'Алматы' },
  { id: 2, name: 'Астана' },
];

describe('the stock grid read as one change (issue 27 item 6)', () => {
  it('sends a line per filled cell, sizes then cities, with one reason and note', () => {
    const { body, lines } = stockChangeOf(
      {
        reason: 'receipt',
        note: 'Поставка №7',
        [changeCell(12, 2)]: ' 4 ',
        [changeCell(11, 1)]: '5',
        [changeCell(11, 2)]: '',
      },
      sizes,
      cities,
    );
    const parsed = parseWith(StockChangesInput, body);
    expect(parsed.ok && parsed.value).toEqual({
      reason: 'receipt',
      note: 'Поставка №7',
      lines: [
        { skuId: 11, cityId: 1, quantity: 5 },
        { skuId: 12, cityId: 2, quantity: 4 },
      ],
    });
    expect(lines).toEqual([
      { cell: changeCell(11, 1), label: 'Размер S, Алматы' },
      { cell: changeCell(12, 2), label: 'Размер M, Астана' },
    ]);
  });

  it('names the line and the field of a refusal, under the cell and in the form’s message', () => {
    const { body, lines } = stockChangeOf(
      { reason: 'damage', [changeCell(11, 2)]: '1', [changeCell(12, 1)]: '-2' },
      sizes,
      cities,
    );
    const parsed = parseWith(StockChangesInput, body);
    const errors = changeErrors(parsed.ok ? {} : parsed.errors, lines);
    expect(errors[changeCell(12, 1)]).toBe('Количество не может быть меньше нуля');
    expect(errors._form).toBe('Размер M, Алматы: Количество не может быть меньше нуля');
    // The API's refusal already names the product, size and city: shown as it is.
    const api = '«Платье», размер S (KIIM-1-S), Астана: остаток не может стать меньше нуля.';
    expect(changeErrors({ 'lines.0.quantity': api }, lines)).toEqual({
      [changeCell(11, 2)]: api,
      _form: api,
    });
  });

  it('asks for at least one number when every cell is empty', () => {
    const { body, lines } = stockChangeOf({ reason: 'stocktake' }, sizes, cities);
    const parsed = parseWith(StockChangesInput, body);
    expect(changeErrors(parsed.ok ? {} : parsed.errors, lines)).toEqual({
      _form: 'Укажите количество хотя бы для одного размера',
    });
  });

  it('says what the reason does: adds, sets or takes away', () => {
    expect(effectWords('receipt')).toEqual({ column: 'Прибавить, шт.', button: 'Прибавить к остаткам' });
    expect(effectWords('stocktake').button).toBe('Установить остатки');
    expect(effectWords('damage').button).toBe('Списать с остатков');
    expect(levelAfter('receipt', 5, '3')).toBe(8);
    expect(levelAfter('return', 0, '1')).toBe(1);
    expect(levelAfter('stocktake', 5, '3')).toBe(3);
    expect(levelAfter('damage', 2, '3')).toBe(-1);
    expect(levelAfter('receipt', 5, '')).toBeNull();
    expect(levelAfter('receipt', 5, '2,5')).toBeNull();
  });
});
