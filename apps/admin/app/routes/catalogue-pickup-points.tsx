import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { PickupPointInput, type AdminCity, type PickupPoint } from '@kiim/contract';
import type { Route } from './+types/catalogue-pickup-points';
import { adminApi, screenData } from '../lib/api.ts';
import { errorsOf, formObject, submit } from '../lib/form.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { CatalogueTabs } from '../components/CatalogueTabs.tsx';
import { Field, FormAlert, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** Pickup points (permission catalogue.edit); `?edit={id}` opens one in the form. */
export async function clientLoader() {
  const [points, cities] = await Promise.all([
    screenData<{ items: PickupPoint[] }>('/catalogue/pickup-points'),
    screenData<{ items: AdminCity[] }>('/catalogue/cities'),
  ]);
  return { points: points.items, cities: cities.items };
}

/** Create a point, or save the one being edited. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { id, ...values } = formObject(await request.formData());
  return submit(PickupPointInput, values, (b) =>
    id
      ? adminApi<PickupPoint>('PUT', `/catalogue/pickup-points/${id}`, b)
      : adminApi<PickupPoint>('POST', '/catalogue/pickup-points', b),
  );
}

const rows = createColumnHelper<ListFeatures, PickupPoint>();
const columns = rows.columns([
  rows.accessor('title', {
    header: 'Пункт',
    cell: (c) => (
      <>
        <strong>{c.getValue()}</strong>
        <br />
        <small>
          {c.row.original.addressCity}, {c.row.original.addressStreetNumber}
        </small>
      </>
    ),
  }),
  rows.accessor('openingHours', { header: 'Часы работы', cell: (c) => c.getValue() }),
  rows.display({
    id: 'edit',
    header: 'Действия',
    cell: (c) => <Link to={`?edit=${c.row.original.id}`}>Изменить</Link>,
  }),
]);

const FIELDS: [keyof PickupPoint, string][] = [
  ['title', 'Название'],
  ['buildingName', 'Здание (необязательно)'],
  ['addressCity', 'Город в адресе'],
  ['addressStreetNumber', 'Улица и дом'],
  ['addressEntranceNumber', 'Подъезд'],
  ['addressFloor', 'Этаж'],
  ['addressApartmentNumber', 'Офис или квартира'],
  ['addressComment', 'Как найти'],
  ['openingHours', 'Часы работы'],
  ['latitude', 'Широта'],
  ['longitude', 'Долгота'],
];

export default function PickupPoints() {
  const { points, cities } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const errors = errorsOf(result);
  const [params] = useSearchParams();
  const editing = points.find((p) => String(p.id) === params.get('edit'));
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <h1>Пункты выдачи</h1>
      <CatalogueTabs />
      <section className="panel">
        <h2>{editing ? `Изменить: ${editing.title}` : 'Новый пункт выдачи'}</h2>
        {result?.ok && (
          <p className="notice" role="status">
            Пункт сохранён.
          </p>
        )}
        <Form
          method="post"
          noValidate
          className="product-form"
          key={`${editing?.id ?? 'new'}-${result?.ok ? result.at : ''}`}
        >
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <SelectField
            label="Город"
            name="regionId"
            defaultValue={String(editing?.regionId ?? '')}
            error={errors.regionId}
            options={[['', 'Выберите'], ...cities.map((c) => [String(c.id), c.name] as const)]}
          />
          {FIELDS.map(([name, label]) => (
            <Field
              key={name}
              label={label}
              name={name}
              defaultValue={String(editing?.[name] ?? '')}
              error={errors[name]}
            />
          ))}
          <FormAlert message={errors._form} />
          <button className="button" disabled={busy}>
            {editing ? 'Сохранить' : 'Добавить пункт'}
          </button>
        </Form>
        {editing && <Link to="?">Отменить изменение</Link>}
      </section>
      <section className="panel">
        <h2>Все пункты</h2>
        <DataTable
          caption="Пункты выдачи"
          columns={columns}
          data={points}
          rowId={(p) => String(p.id)}
          empty="Пунктов выдачи пока нет."
        />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
