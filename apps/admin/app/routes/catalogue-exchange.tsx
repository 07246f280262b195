import { useFetcher, useLoaderData } from 'react-router';
import {
  ExchangeSettings,
  GroupMappingBody,
  PropertyMappingBody,
  WarehouseMappingBody,
  type AdminCatalogueOptions,
  type ExchangeGroup,
  type ExchangeProperty,
  type ExchangeSettingsView,
  type ExchangeWarehouse,
} from '@kiim/contract';
import type { Route } from './+types/catalogue-exchange';
import { adminApi, screenData } from '../lib/api.ts';
import { errorsOf, formObject, submit } from '../lib/form.ts';
import { CatalogueTabs } from '../components/CatalogueTabs.tsx';
import { ExchangePropertiesPanel } from '../components/ExchangePropertiesPanel.tsx';
import { ExchangeSettingsForm } from '../components/ExchangeSettingsForm.tsx';
import { FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

// The 1C exchange's mappings (issue 12 item 3, docs/decisions/021), permission catalogue.edit: which shop category
// each 1C group's products go to (the category with the same words is suggested; products of an unmapped group wait
// unpublished), and which city each 1C warehouse's stock is (the city of the same name is suggested). Every save is
// audited by the API (exchange.group_mapped, exchange.warehouse_mapped); what each 1C property fills (size, colour,
// composition, care: issue 28 items 3 and 10, exchange.property_mapped).

/** Groups, warehouses, properties, the settings, and the categories and cities to choose from. */
export async function clientLoader() {
  const [groups, warehouses, properties, settings, options] = await Promise.all([
    screenData<{ items: ExchangeGroup[] }>('/exchange/groups'),
    screenData<{ items: ExchangeWarehouse[] }>('/exchange/warehouses'),
    screenData<{ items: ExchangeProperty[] }>('/exchange/properties'),
    screenData<ExchangeSettingsView>('/exchange/settings'),
    screenData<AdminCatalogueOptions>('/catalogue/options'),
  ]);
  return {
    ...{ groups: groups.items, warehouses: warehouses.items, properties: properties.items },
    ...{ settings, options },
  };
}

/**
 * Saves one mapping: `kind` group (→ categoryId) or warehouse (→ cityId), an empty choice unmaps; `kind` property
 * (→ role, empty: the name's suggestion); or `kind` settings (price types, default city, grouping by article,
 * publishing products without pictures).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = formObject(await request.formData()) as Record<string, string>;
  const { kind, externalId, target } = form;
  if (kind === 'settings')
    return submit(
      ExchangeSettings,
      {
        priceType: form.priceType ?? '',
        originalPriceType: form.originalPriceType || null,
        defaultCityId: form.defaultCityId ? Number(form.defaultCityId) : null,
        groupByArticle: form.groupByArticle === 'on',
        publishWithoutPictures: form.publishWithoutPictures === 'on',
      },
      (b) => adminApi<ExchangeSettingsView>('PUT', '/exchange/settings', b),
    );
  if (kind === 'property')
    return submit(PropertyMappingBody, { name: form.name ?? '', role: form.role || null }, (b) =>
      adminApi<{ items: ExchangeProperty[] }>('PUT', '/exchange/properties', b),
    );
  const id = encodeURIComponent(externalId ?? '');
  const chosen = target ? Number(target) : null;
  if (kind === 'group')
    return submit(GroupMappingBody, { categoryId: chosen }, (b) =>
      adminApi<{ items: ExchangeGroup[] }>('PUT', `/exchange/groups/${id}`, b),
    );
  return submit(WarehouseMappingBody, { cityId: chosen }, (b) =>
    adminApi<{ items: ExchangeWarehouse[] }>('PUT', `/exchange/warehouses/${id}`, b),
  );
}

export default function CatalogueExchange() {
  const { groups, warehouses, properties, settings, options } = useLoaderData<typeof clientLoader>();
  const unmapped = groups.filter((g) => g.categoryId === null);
  const waiting = unmapped.reduce((n, g) => n + g.unpublishedCount, 0);
  const withoutPictures = groups.reduce((n, g) => n + g.waitingForPicturesCount, 0);
  const categoryName = (id: number | null) => options.categories.find((c) => c.id === id)?.name;
  const cityName = (id: number | null) => options.cities.find((c) => c.id === id)?.name;
  // Unmapped groups first (they hold products waiting to be shown), then by name.
  const ordered = [...groups].sort(
    (a, b) => Number(a.categoryId !== null) - Number(b.categoryId !== null) || a.name.localeCompare(b.name),
  );
  return (
    <>
      <h1>Обмен с 1С</h1>
      <CatalogueTabs />
      <section className="panel" aria-labelledby="groups-title">
        <h2 id="groups-title">Группы 1С и категории</h2>
        <p className="hint">
          Товары группы попадают в выбранную категорию. Пока категория не выбрана, новые товары группы ждут
          здесь черновиками и не видны покупателям; после выбора категории они появятся на сайте с размерами,
          ценами и остатками, присланными из 1С. Товары без группы в 1С собраны в «Товары без группы в 1С».
          Категория с похожим названием только предлагается — сохраните её, если она подходит.
        </p>
        {groups.length > 0 && (
          <p role="status">
            {unmapped.length === 0
              ? 'Все группы сопоставлены.'
              : `Не сопоставлено групп: ${unmapped.length}; скрытых товаров в них: ${waiting}.`}
          </p>
        )}
        {withoutPictures > 0 && (
          <p role="status">
            Не показаны покупателям — нет фотографий: {withoutPictures}. Добавьте фотографии в 1С или в
            карточке товара, либо включите «Публиковать товары без фотографий» в настройках ниже.
          </p>
        )}
        {groups.length === 0 ? (
          <p>Групп пока нет: они появятся после первой загрузки import.xml из 1С.</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Группа 1С</th>
                <th scope="col">Товаров</th>
                <th scope="col">Скрыто</th>
                <th scope="col">Категория</th>
              </tr>
            </thead>
            <tbody>
              {ordered.map((g) => (
                <tr key={g.externalId}>
                  <td data-label="Группа 1С">
                    {g.name}
                    {g.parentExternalId && (
                      <small className="hint">
                        {' '}
                        (в группе «{groups.find((p) => p.externalId === g.parentExternalId)?.name ?? '—'}»)
                      </small>
                    )}
                  </td>
                  <td data-label="Товаров">{g.productCount}</td>
                  <td data-label="Скрыто">
                    {g.unpublishedCount}
                    {g.waitingForPicturesCount > 0 && (
                      <small className="hint"> (нет фотографий: {g.waitingForPicturesCount})</small>
                    )}
                  </td>
                  <td data-label="Категория">
                    <MappingForm
                      kind="group"
                      externalId={g.externalId}
                      label={`Категория для группы «${g.name}»`}
                      current={g.categoryId}
                      suggested={g.suggestedCategoryId}
                      suggestedName={categoryName(g.suggestedCategoryId)}
                      none="— не сопоставлена —"
                      choices={options.categories.map((c) => [c.id, c.name] as const)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" aria-labelledby="warehouses-title">
        <h2 id="warehouses-title">Склады 1С и города</h2>
        <p className="hint">
          Остатки склада загружаются в выбранный город (остатки нескольких складов одного города
          складываются). Остатки склада без города не загружаются. Город с похожим названием только
          предлагается — сохраните его, если он подходит.
        </p>
        {warehouses.length === 0 ? (
          <p>Складов пока нет: они появятся после первой загрузки offers.xml из 1С.</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Склад 1С</th>
                <th scope="col">Город</th>
              </tr>
            </thead>
            <tbody>
              {warehouses.map((w) => (
                <tr key={w.externalId}>
                  <td data-label="Склад 1С">{w.name}</td>
                  <td data-label="Город">
                    <MappingForm
                      kind="warehouse"
                      externalId={w.externalId}
                      label={`Город для склада «${w.name}»`}
                      current={w.cityId}
                      suggested={w.suggestedCityId}
                      suggestedName={cityName(w.suggestedCityId)}
                      none="— остатки не загружаются —"
                      choices={options.cities.map((c) => [c.id, c.name] as const)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ExchangePropertiesPanel properties={properties} />
      <ExchangeSettingsForm settings={settings} cities={options.cities} />
    </>
  );
}

/** One mapping's choice with its save button; the suggestion (same words) is preselected while none is chosen. */
function MappingForm(props: {
  kind: 'group' | 'warehouse';
  externalId: string;
  label: string;
  current: number | null;
  suggested: number | null;
  suggestedName: string | undefined;
  none: string;
  choices: readonly (readonly [number, string])[];
}) {
  const fetcher = useFetcher<typeof clientAction>();
  const errors = errorsOf(fetcher.data);
  const initial = props.current ?? props.suggested;
  return (
    <fetcher.Form method="post" noValidate className="inline-form">
      <input type="hidden" name="kind" value={props.kind} />
      <input type="hidden" name="externalId" value={props.externalId} />
      <select name="target" aria-label={props.label} defaultValue={initial === null ? '' : String(initial)}>
        <option value="">{props.none}</option>
        {props.choices.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <button className="button" disabled={fetcher.state !== 'idle'}>
        Сохранить
      </button>
      {props.current === null && props.suggestedName && (
        <small className="hint">Предлагается: {props.suggestedName}</small>
      )}
      {fetcher.data?.ok && fetcher.state === 'idle' && <span role="status">Сохранено</span>}
      <FormAlert message={errors._form ?? errors.categoryId ?? errors.cityId} />
    </fetcher.Form>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
