// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub, useActionData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCatalogueOptions, AdminProduct } from '@kiim/contract';
import type { ProductAnswer } from '../../lib/product-form.ts';
import { browserFormData } from '../../test/stub-api.testing.ts';
import { ProductStock } from './ProductStock.tsx';

// The product's stock form (issue 27 item 6): the reason decides what the typed numbers do (add, set, take away)
// and the button's words, each cell shows the level it would leave, the grid is posted as one `stock` form, a
// refused line's message shows under its cell with the numbers kept, and a saved change clears the grid.

const product = {
  id: 5,
  skus: [
    { id: 11, size: 'S', externalId: 'TS-S', stock: { 1: 3, 2: 0 } },
    { id: 12, size: 'M', externalId: 'TS-M', stock: { 1: 1 } },
  ],
} as unknown as AdminProduct;
const options = {
  cities: [
    { id: 1, name: 'Алматы' },
    { id: 2, name: 'Астана' },
  ],
} as unknown as AdminCatalogueOptions;

/** Renders the form on a stub product screen whose action records what was posted and answers in turn. */
function renderForm(...answers: ProductAnswer['result'][]) {
  const posted: Record<string, string>[] = [];
  const Screen = () => (
    <ProductStock product={product} options={options} answer={useActionData() as ProductAnswer | undefined} />
  );
  const Stub = createRoutesStub([
    {
      path: '/catalogue/5',
      Component: Screen,
      action: async ({ request }) => {
        posted.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
        return { intent: 'stock', result: answers.shift() };
      },
    },
  ]);
  render(<Stub initialEntries={['/catalogue/5']} />);
  return posted;
}

const cell = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(cell(label), { target: { value } });
const afterOf = (label: string) => cell(label).closest('td')!.querySelector('.stock-after')?.textContent;

beforeEach(browserFormData);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the product’s stock form', () => {
  it('shows the level each cell would leave as the reason says: add, set or take away', () => {
    renderForm();
    type('S, Алматы: Прибавить, шт.', '2');
    expect(afterOf('S, Алматы: Прибавить, шт.')).toBe('станет 5');
    expect(screen.getByRole('button', { name: 'Прибавить к остаткам' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Причина'), { target: { value: 'stocktake' } });
    expect(afterOf('S, Алматы: Новый остаток, шт.')).toBe('станет 2');
    expect(screen.getByRole('button', { name: 'Установить остатки' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Причина'), { target: { value: 'damage' } });
    type('M, Алматы: Списать, шт.', '4');
    expect(afterOf('M, Алматы: Списать, шт.')).toBe('станет -3');
    expect(
      cell('M, Алматы: Списать, шт.').closest('td')!.querySelector('.stock-after.field-error'),
    ).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Списать с остатков' })).toBeTruthy();
  });

  it('posts the reason, note and only the cells typed, as the `stock` form', async () => {
    const posted = renderForm({ ok: true, at: 1, data: { items: [{}, {}] } });
    type('S, Астана: Прибавить, шт.', '4');
    type('M, Алматы: Прибавить, шт.', '1');
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: 'Поставка №7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Прибавить к остаткам' }));
    expect((await screen.findByText(/Остатки сохранены/)).textContent).toBe(
      'Остатки сохранены: изменено строк — 2.',
    );
    const sent = posted[0]!;
    expect(sent).toMatchObject({ intent: 'stock', reason: 'receipt', note: 'Поставка №7' });
    expect(Object.entries(sent).filter(([k, v]) => k.startsWith('qty.') && v !== '')).toEqual([
      ['qty.11.2', '4'],
      ['qty.12.1', '1'],
    ]);
    // A saved change clears the typed numbers.
    expect(cell('S, Астана: Прибавить, шт.').value).toBe('');
  });

  it('shows a refused line under its cell and above the button, keeping what was typed', async () => {
    renderForm({
      ok: false,
      at: 2,
      errors: {
        'qty.12.1': 'Остаток не может стать меньше нуля',
        _form: 'Размер M, Алматы: остаток не может стать меньше нуля',
      },
    });
    fireEvent.change(screen.getByLabelText('Причина'), { target: { value: 'damage' } });
    type('M, Алматы: Списать, шт.', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Списать с остатков' }));
    const td = (await screen.findByText('Остаток не может стать меньше нуля')).closest('td')!;
    expect(within(td).getByLabelText('M, Алматы: Списать, шт.')).toBeTruthy();
    expect(screen.getByText('Размер M, Алматы: остаток не может стать меньше нуля')).toBeTruthy();
    expect(cell('M, Алматы: Списать, шт.').value).toBe('4');
    expect(screen.queryByText(/Остатки сохранены/)).toBeNull();
  });
});
