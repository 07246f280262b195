// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeSettingsView } from '@kiim/contract';
import { ExchangeSettingsForm } from './ExchangeSettingsForm.tsx';

// The 1C exchange's settings panel (decision 028): only price types in tenge can be chosen, «Розничная» is the
// automatic choice, the default city's wording follows how many cities there are, and saving posts `kind=settings`
// to the screen's action and says «Сохранено».

const priceTypes: ExchangeSettingsView['priceTypes'] = [
  { id: 'pt-1', name: 'Оптовая', currency: 'KZT', tenge: true },
  { id: 'pt-2', name: 'Розничная', currency: 'KZT', tenge: true },
  { id: 'pt-3', name: 'Dollar', currency: 'USD', tenge: false },
];
const settings = (more: Partial<ExchangeSettingsView> = {}): ExchangeSettingsView => ({
  priceType: null,
  originalPriceType: null,
  defaultCityId: null,
  groupByArticle: false,
  publishWithoutPictures: false,
  priceTypes,
  ...more,
});
const almaty = { id: 1, name: 'Алматы' };
const astana = { id: 2, name: 'Астана' };

/** Renders the panel on a stub screen whose action records what was posted and answers `answer`. */
function renderPanel(
  view: ExchangeSettingsView,
  cities = [almaty, astana],
  answer: unknown = { ok: true, at: 1 },
) {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: '/catalogue/exchange',
      Component: () => <ExchangeSettingsForm settings={view} cities={cities} />,
      action: async ({ request }) => {
        posted.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={['/catalogue/exchange']} />);
  return posted;
}

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(cleanup);

describe('the 1C exchange settings panel', () => {
  it('waits for offers.xml when 1C has sent no price types yet', () => {
    renderPanel(settings({ priceTypes: [] }));
    expect(screen.getByText('Типы цен появятся после первой загрузки offers.xml из 1С.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });

  it('offers only the price types in tenge and names the others apart', () => {
    renderPanel(settings());
    expect(optionsOf('Тип цены, по которой продаём')).toEqual([
      '— выберите —',
      'Оптовая (KZT)',
      'Розничная (KZT)',
    ]);
    expect(optionsOf('Тип цены до скидки (зачёркнутая)')).toEqual([
      '— без скидок —',
      'Оптовая (KZT)',
      'Розничная (KZT)',
    ]);
    expect(screen.getByText(/Не в тенге и не могут быть выбраны/).textContent).toContain(
      'Dollar (USD) — не в тенге',
    );
  });

  it('preselects «Розничная» while none is chosen, and says so', () => {
    renderPanel(settings());
    expect((screen.getByLabelText('Тип цены, по которой продаём') as HTMLSelectElement).value).toBe(
      'Розничная',
    );
    expect(screen.getByText(/сейчас «Розничная»/)).toBeTruthy();
  });

  it('keeps the type the staff chose', () => {
    renderPanel(settings({ priceType: 'Оптовая', originalPriceType: 'Розничная', defaultCityId: 2 }));
    expect((screen.getByLabelText('Тип цены, по которой продаём') as HTMLSelectElement).value).toBe(
      'Оптовая',
    );
    expect((screen.getByLabelText('Тип цены до скидки (зачёркнутая)') as HTMLSelectElement).value).toBe(
      'Розничная',
    );
    expect((screen.getByLabelText('Город для остатков без склада') as HTMLSelectElement).value).toBe('2');
  });

  it('words the default city by how many cities there are', () => {
    renderPanel(settings(), [almaty]);
    expect(optionsOf('Город для остатков без склада')).toEqual(['— единственный город —', 'Алматы']);
    cleanup();
    renderPanel(settings(), [almaty, astana]);
    expect(optionsOf('Город для остатков без склада')[0]).toBe('— не загружать —');
  });

  it('posts kind=settings with the choices and says «Сохранено»', async () => {
    const posted = renderPanel(settings());
    fireEvent.change(screen.getByLabelText('Город для остатков без склада'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /с одинаковым артикулом/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Публиковать товары без фотографий' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('status')).textContent).toBe('Сохранено');
    expect(posted).toEqual([
      {
        kind: 'settings',
        priceType: 'Розничная',
        originalPriceType: '',
        defaultCityId: '1',
        groupByArticle: 'on',
        publishWithoutPictures: 'on',
      },
    ]);
  });

  it('shows the action’s refusal by field and no «Сохранено»', async () => {
    renderPanel(settings(), [almaty, astana], {
      ok: false,
      at: 1,
      errors: { priceType: 'Выберите тип цены в тенге', _form: 'Настройки не сохранены' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Выберите тип цены в тенге')).toBeTruthy();
    expect(screen.getByText('Настройки не сохранены')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
