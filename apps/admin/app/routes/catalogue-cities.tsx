import { useLoaderData } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { CityInput, KAZAKHSTAN_TIME_ZONES, type AdminCity } from '@kiim/contract';
import type { Route } from './+types/catalogue-cities';
import { screenData } from '../lib/api.ts';
import { structureAction } from '../lib/structure.ts';
import type { ListFeatures } from '../components/DataTable.tsx';
import { Field } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { StructureRow } from '../components/StructureRow.tsx';
import {
  NameCell,
  NameFields,
  StructureForm,
  StructureList,
  StructureScreen,
  useEditing,
  useFormAnswer,
} from '../components/StructureScreen.tsx';

/** Cities with their delivery (permission catalogue.edit, issue 27); `?edit={id}` opens one in the form. */
export async function clientLoader() {
  return (await screenData<{ items: AdminCity[] }>('/catalogue/cities')).items;
}

/** Create a city, save the one being edited, or a row's button: up, down, show, hide, delete. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return structureAction('cities', CityInput, await request.formData());
}

/** Kazakhstan's zones first, then every other zone the browser knows. */
const TIME_ZONES = [
  ...KAZAKHSTAN_TIME_ZONES,
  ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []).filter(
    (z) => !(KAZAKHSTAN_TIME_ZONES as readonly string[]).includes(z),
  ),
];

const rows = createColumnHelper<ListFeatures, AdminCity>();
const columns = (count: number) =>
  rows.columns([
    rows.accessor('position', { header: '№' }),
    rows.accessor('name', {
      header: 'Город',
      cell: (c) => <NameCell name={c.getValue()} nameKk={c.row.original.nameKk} />,
    }),
    rows.accessor('timeZone', { header: 'Часовой пояс' }),
    rows.accessor('courierAvailable', {
      header: 'Курьер',
      cell: (c) => {
        const { courierPrice, deliveryDays } = c.row.original;
        const days = deliveryDays === 0 ? 'в тот же день' : `за ${deliveryDays} дн.`;
        return c.getValue() ? `${courierPrice.toLocaleString('ru-RU')} ₸, ${days}` : 'Нет';
      },
    }),
    rows.accessor('visibleForCustomers', {
      header: 'Покупатели',
      cell: (c) => (c.getValue() ? 'Видят' : 'Скрыт'),
    }),
    rows.display({
      id: 'actions',
      header: 'Действия',
      cell: (c) => (
        <StructureRow
          id={c.row.original.id}
          name={c.row.original.name}
          hidden={!c.row.original.visibleForCustomers}
          movable
          first={c.row.original.position === 1}
          last={c.row.original.position === count}
        />
      ),
    }),
  ]);

export default function Cities() {
  const cities = useLoaderData<typeof clientLoader>();
  const editing = useEditing(cities);
  return (
    <StructureScreen
      title="Города"
      hint="Скрытый город не виден покупателям, и его склад не показывается в наличии. Удалить можно только город, к которому ещё ничего не относится: ни пункты выдачи, ни остатки, ни заказы."
      form={<CityForm key={editing?.id ?? 'new'} editing={editing} />}
    >
      <StructureList
        heading="Все города"
        caption="Города"
        columns={columns(cities.length)}
        data={cities}
        empty="Городов пока нет: добавьте первый."
      />
    </StructureScreen>
  );
}

/** The fields of a new city or of the one being edited. */
function CityForm({ editing }: { editing: AdminCity | undefined }) {
  const { errors } = useFormAnswer();
  const text = (name: keyof AdminCity) => String(editing?.[name] ?? '');
  return (
    <StructureForm editing={editing} newTitle="Новый город" addLabel="Добавить город">
      <NameFields name={text('name')} nameKk={text('nameKk')} errors={errors} />
      <Field
        label="Адрес (латиницей)"
        name="slug"
        defaultValue={text('slug')}
        placeholder="almaty"
        error={errors.slug}
      />
      <Field
        label="Часовой пояс"
        name="timeZone"
        list="time-zones"
        defaultValue={text('timeZone') || 'Asia/Almaty'}
        hint="Сроки и даты заказов города считаются в нём."
        error={errors.timeZone}
      />
      <datalist id="time-zones">
        {TIME_ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <label className="check">
        <input
          type="checkbox"
          name="visibleForCustomers"
          defaultChecked={editing ? editing.visibleForCustomers : true}
        />{' '}
        Виден покупателям
      </label>
      <label className="check">
        <input type="checkbox" name="courierAvailable" defaultChecked={editing?.courierAvailable} /> Есть
        курьер
      </label>
      <Field
        label="Цена курьера, ₸"
        name="courierPrice"
        inputMode="numeric"
        defaultValue={text('courierPrice') || '0'}
        error={errors.courierPrice}
      />
      <Field
        label="Срок курьерской доставки, дней"
        name="deliveryDays"
        inputMode="numeric"
        defaultValue={text('deliveryDays') || '1'}
        hint="0 — в тот же день. Покупатель видит срок при оформлении заказа и на странице товара."
        error={errors.deliveryDays}
      />
    </StructureForm>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
