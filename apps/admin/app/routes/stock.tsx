import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  STOCK_MOVEMENT_REASON_NAME,
  type AdminCatalogueOptions,
  type LowStockPage,
  type StockMovement,
  type StockMovementPage,
} from '@kiim/contract';
import type { Route } from './+types/stock';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { Field, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

type LowRow = LowStockPage['items'][number];

/**
 * Stock (permission stock.edit): sizes running out (`?threshold=2&cityId=1`) or, with `?productId=…`, the movement
 * history of a product's sizes — who changed how many units where, when and why.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const p = new URL(request.url).searchParams;
  const q = new URLSearchParams();
  for (const k of ['cityId', 'page']) if (p.get(k)) q.set(k, p.get(k)!);
  const cities = (await screenData<AdminCatalogueOptions>('/catalogue/options').catch(() => ({ cities: [] })))
    .cities;
  if (p.get('productId')) {
    q.set('productId', p.get('productId')!);
    return {
      kind: 'history' as const,
      cities,
      history: await screenData<StockMovementPage>(`/catalogue/stock/movements?${q}`),
    };
  }
  if (p.get('threshold')) q.set('threshold', p.get('threshold')!);
  return { kind: 'low' as const, cities, low: await screenData<LowStockPage>(`/catalogue/stock/low?${q}`) };
}

const low = createColumnHelper<ListFeatures, LowRow>();
const lowColumns = low.columns([
  low.accessor('productName', {
    header: 'Товар',
    cell: (c) => <Link to={`/catalogue/${c.row.original.productId}`}>{c.getValue()}</Link>,
  }),
  low.accessor('size', { header: 'Размер', cell: (c) => c.getValue() }),
  low.accessor('externalId', { header: 'Код', cell: (c) => <code>{c.getValue()}</code> }),
  low.accessor('cityName', { header: 'Город', cell: (c) => c.getValue() }),
  low.accessor('quantity', { header: 'Осталось, шт.', cell: (c) => c.getValue() }),
]);

const moves = createColumnHelper<ListFeatures, StockMovement>();
const moveColumns = moves.columns([
  moves.accessor('at', { header: 'Когда', cell: (c) => formatDateTime(c.getValue()) }),
  moves.accessor('size', { header: 'Размер', cell: (c) => `${c.row.original.productName}, ${c.getValue()}` }),
  moves.accessor('cityName', { header: 'Город', cell: (c) => c.getValue() }),
  moves.accessor('after', {
    header: 'Было → стало',
    cell: (c) => `${c.row.original.before} → ${c.getValue()}`,
  }),
  moves.accessor('reason', {
    header: 'Причина',
    cell: (c) =>
      STOCK_MOVEMENT_REASON_NAME[c.getValue()] + (c.row.original.note ? `: ${c.row.original.note}` : ''),
  }),
  moves.accessor('actor', { header: 'Кто', cell: (c) => c.getValue() }),
]);

export default function Stock() {
  const data = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  const page = data.kind === 'low' ? data.low : data.history;
  return (
    <>
      <h1>{data.kind === 'low' ? 'Заканчивающиеся размеры' : 'История движения товара'}</h1>
      {data.kind === 'low' && (
        <p>
          <Link to="/stock/demand">Что дозаказать</Link> — размеры, о поступлении которых просили покупатели.
        </p>
      )}
      {data.kind === 'history' && (
        <p>
          <Link to={`/catalogue/${params.get('productId')}`}>← К товару</Link> ·{' '}
          <Link to="/stock">Заканчивающиеся размеры</Link>
        </p>
      )}
      <Form method="get" className="panel filters" key={params.toString()}>
        {data.kind === 'history' && (
          <input type="hidden" name="productId" value={params.get('productId') ?? ''} />
        )}
        <SelectField
          label="Город"
          name="cityId"
          defaultValue={params.get('cityId') ?? ''}
          options={[['', 'Все'], ...data.cities.map((c) => [String(c.id), c.name] as const)]}
        />
        {data.kind === 'low' && (
          <Field
            label="Не больше, шт."
            name="threshold"
            inputMode="numeric"
            defaultValue={params.get('threshold') ?? '2'}
          />
        )}
        <button className="button" type="submit">
          Показать
        </button>
      </Form>
      <section className="panel">
        {data.kind === 'low' ? (
          <DataTable
            caption="Заканчивающиеся размеры"
            columns={lowColumns}
            data={data.low.items}
            rowId={(r) => `${r.skuId}:${r.cityId}`}
            empty="Все размеры в достатке."
          />
        ) : (
          <DataTable
            caption="История движения"
            columns={moveColumns}
            data={data.history.items}
            rowId={(r) => String(r.id)}
            empty="Остатки этого товара ещё не меняли."
          />
        )}
        <Pager label="Страницы списка" page={page.page} pageCount={page.pageCount} />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
