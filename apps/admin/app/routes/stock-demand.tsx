import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import type { AdminCatalogueOptions, StockAlertDemandPage } from '@kiim/contract';
import type { Route } from './+types/stock-demand';
import { screenData } from '../lib/api.ts';
import { SelectField } from '../components/Form.tsx';
import { Pager } from '../components/Pager.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { StockDemandTable, type DemandSort } from '../components/StockDemandTable.tsx';

const SORTS: readonly DemandSort[] = ['live', 'oldest', 'product'];

/**
 * «Что дозаказать» (permission stock.edit, issue 35 item 4): live back-in-stock subscriptions by SKU and city
 * (`GET /api/admin/stock-alerts/demand`), `?sort=live|oldest|product&cityId=&page=`.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const p = new URL(request.url).searchParams;
  const sort = SORTS.find((s) => s === p.get('sort')) ?? 'live';
  const q = new URLSearchParams({ sort });
  for (const k of ['cityId', 'page']) if (p.get(k)) q.set(k, p.get(k)!);
  const [options, demand] = await Promise.all([
    screenData<AdminCatalogueOptions>('/catalogue/options').catch(() => ({ cities: [] })),
    screenData<StockAlertDemandPage>(`/stock-alerts/demand?${q}`),
  ]);
  return { sort, cities: options.cities, demand };
}

export default function StockDemand() {
  const { sort, cities, demand } = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  return (
    <>
      <h1>Что дозаказать</h1>
      <p>
        Размеры, о поступлении которых просили покупатели. <Link to="/stock">Заканчивающиеся размеры</Link>
      </p>
      <Form method="get" className="panel filters" key={params.toString()}>
        <input type="hidden" name="sort" value={sort} />
        <SelectField
          label="Город"
          name="cityId"
          defaultValue={params.get('cityId') ?? ''}
          options={[['', 'Все'], ...cities.map((c) => [String(c.id), c.name] as const)]}
        />
        <button className="button" type="submit">
          Показать
        </button>
      </Form>
      <section className="panel">
        <StockDemandTable items={demand.items} sort={sort} query={params.toString()} />
        <Pager
          label="Страницы списка"
          page={demand.page}
          pageCount={Math.max(1, Math.ceil(demand.total / demand.pageSize))}
        />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
