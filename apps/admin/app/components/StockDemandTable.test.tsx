// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StockAlertDemandItem } from '@kiim/contract';
import { StockDemandTable, type DemandSort } from './StockDemandTable.tsx';

// «Что дозаказать» (issue 35 item 4): one line per SKU and city with how many shoppers wait and since when; the
// sortable headers link to `?sort=` keeping the city filter and dropping the page, the sort in use is marked.

const item = (more: Partial<StockAlertDemandItem>): StockAlertDemandItem => ({
  skuId: 1,
  externalId: 'KIIM-1-M',
  size: 'M',
  productId: 10,
  productName: 'Пуховик с капюшоном',
  cityId: 1,
  cityName: 'Алматы',
  live: 3,
  oldest: '2026-11-20T06:00:00.000Z',
  ...more,
});

function renderTable(items: StockAlertDemandItem[], sort: DemandSort, query = '') {
  const Stub = createRoutesStub([
    { path: '/stock/demand', Component: () => <StockDemandTable items={items} sort={sort} query={query} /> },
  ]);
  render(<Stub initialEntries={['/stock/demand']} />);
}

afterEach(cleanup);

describe('the demand table', () => {
  it('shows each SKU and city with its waiting count, product linked to its card', () => {
    renderTable(
      [
        item({}),
        item({ skuId: 2, externalId: 'KIIM-1-L', size: 'L', cityId: 2, cityName: 'Астана', live: 1 }),
      ],
      'live',
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Алматы')).toBeTruthy();
    expect(within(rows[0]!).getByText('3')).toBeTruthy();
    expect(within(rows[1]!).getByText('Астана')).toBeTruthy();
    expect(within(rows[1]!).getByText('KIIM-1-L')).toBeTruthy();
    const product = within(rows[0]!).getByRole('link', { name: 'Пуховик с капюшоном' });
    expect(product.getAttribute('href')).toBe('/catalogue/10');
  });

  it('sorts by a header: links keep the city, drop the page, and mark the sort in use', () => {
    renderTable([item({})], 'oldest', 'cityId=2&page=3&sort=oldest');
    const live = screen.getByRole('link', { name: 'Ждут: сортировать по числу ждущих' });
    expect(live.getAttribute('href')).toBe('/stock/demand?cityId=2&sort=live');
    expect(live.getAttribute('aria-current')).toBeNull();
    const oldest = screen.getByRole('link', { name: 'Ждут с: сортировать по времени ожидания' });
    expect(oldest.getAttribute('aria-current')).toBe('true');
    const product = screen.getByRole('link', { name: 'Товар: сортировать по товару' });
    expect(product.getAttribute('href')).toBe('/stock/demand?cityId=2&sort=product');
  });

  it('says so when nobody waits', () => {
    renderTable([], 'live');
    expect(screen.getByText('Никто не ждёт поступления: подписок нет.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
