import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { StockAlertDemandItem } from '@kiim/contract';
import { formatDateTime } from '../lib/format.ts';
import { DataTable, type ListFeatures } from './DataTable.tsx';

/** How the demand is sorted (`?sort=`): most waiting first, longest wait first, or by product. */
export type DemandSort = 'live' | 'oldest' | 'product';

const SORT_NAME: Record<DemandSort, string> = {
  live: 'по числу ждущих',
  oldest: 'по времени ожидания',
  product: 'по товару',
};

/**
 * A column header that sorts the list by it: a link to `?sort=…` keeping the other filters (`query`), marked
 * `aria-current` when it is the sort in use, its accessible name saying how it sorts.
 */
function SortHeader({
  label,
  sort,
  current,
  query,
}: {
  label: string;
  sort: DemandSort;
  current: DemandSort;
  query: string;
}) {
  const q = new URLSearchParams(query);
  q.set('sort', sort);
  q.delete('page');
  return (
    <Link
      to={`?${q}`}
      aria-current={sort === current ? 'true' : undefined}
      aria-label={`${label}: сортировать ${SORT_NAME[sort]}`}
      className={sort === current ? 'sort sort--on' : 'sort'}
    >
      {label}
      {sort === current ? ' ▼' : ''}
    </Link>
  );
}

const col = createColumnHelper<ListFeatures, StockAlertDemandItem>();

/** The columns, their sortable headers bound to the sort in use and the current filters. */
const columnsFor = (current: DemandSort, query: string) =>
  col.columns([
    col.accessor('productName', {
      header: () => <SortHeader label="Товар" sort="product" current={current} query={query} />,
      cell: (c) => <Link to={`/catalogue/${c.row.original.productId}`}>{c.getValue()}</Link>,
    }),
    col.accessor('size', { header: 'Размер', cell: (c) => c.getValue() }),
    col.accessor('externalId', { header: 'Код', cell: (c) => <code>{c.getValue()}</code> }),
    col.accessor('cityName', { header: 'Город', cell: (c) => c.getValue() }),
    col.accessor('live', {
      header: () => <SortHeader label="Ждут" sort="live" current={current} query={query} />,
      cell: (c) => c.getValue(),
    }),
    col.accessor('oldest', {
      header: () => <SortHeader label="Ждут с" sort="oldest" current={current} query={query} />,
      cell: (c) => formatDateTime(c.getValue()),
    }),
  ]);

/**
 * «Что дозаказать» (issue 35 item 4): sizes shoppers wait for, one line per SKU and city with how many live
 * «Сообщить о поступлении» subscriptions it has and since when; headers sort the list (`?sort=`).
 */
export function StockDemandTable({
  items,
  sort,
  query,
}: {
  items: StockAlertDemandItem[];
  sort: DemandSort;
  /** The screen's current search string (filters kept when the sort changes). */
  query: string;
}) {
  return (
    <DataTable
      caption={`Что дозаказать, ${SORT_NAME[sort]}`}
      columns={columnsFor(sort, query)}
      data={items}
      rowId={(r) => `${r.skuId}:${r.cityId}`}
      empty="Никто не ждёт поступления: подписок нет."
    />
  );
}
