import { useFetcher, useLoaderData } from 'react-router';
import { CityInput, type AdminCity } from '@kiim/contract';
import type { Route } from './+types/catalogue-cities';
import { adminApi, screenData } from '../lib/api.ts';
import { errorsOf, formObject, submit } from '../lib/form.ts';
import { CatalogueTabs } from '../components/CatalogueTabs.tsx';
import { Field, FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** Cities and their delivery (permission catalogue.edit). */
export async function clientLoader() {
  return (await screenData<{ items: AdminCity[] }>('/catalogue/cities')).items;
}

/** Save one city's settings. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { id, ...values } = formObject(await request.formData());
  const body = {
    visibleForCustomers: values.visibleForCustomers === 'on',
    courierAvailable: values.courierAvailable === 'on',
    courierPrice: values.courierPrice,
    deliveryDays: values.deliveryDays,
  };
  return submit(CityInput, body, (b) => adminApi<AdminCity>('PUT', `/catalogue/cities/${id}`, b));
}

export default function Cities() {
  const cities = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1>Города</h1>
      <CatalogueTabs />
      <p className="hint">
        Скрытый город не виден покупателям, и его склад не показывается в наличии. Цена курьера — в тенге.
      </p>
      {cities.map((c) => (
        <CityForm key={c.id} city={c} />
      ))}
    </>
  );
}

function CityForm({ city }: { city: AdminCity }) {
  const fetcher = useFetcher<typeof clientAction>();
  const errors = errorsOf(fetcher.data);
  return (
    <section className="panel">
      <h2>{city.name}</h2>
      <fetcher.Form method="post" noValidate className="inline-form">
        <input type="hidden" name="id" value={city.id} />
        <label className="check">
          <input type="checkbox" name="visibleForCustomers" defaultChecked={city.visibleForCustomers} /> Виден
          покупателям
        </label>
        <label className="check">
          <input type="checkbox" name="courierAvailable" defaultChecked={city.courierAvailable} /> Есть курьер
        </label>
        <Field
          label="Цена курьера, ₸"
          name="courierPrice"
          inputMode="numeric"
          defaultValue={city.courierPrice}
          error={errors.courierPrice}
        />
        <Field
          label="Срок доставки, дней"
          name="deliveryDays"
          inputMode="numeric"
          defaultValue={city.deliveryDays}
          error={errors.deliveryDays}
        />
        <button className="button" disabled={fetcher.state !== 'idle'}>
          Сохранить
        </button>
        {fetcher.data?.ok && fetcher.state === 'idle' && <span role="status">Сохранено</span>}
      </fetcher.Form>
      <FormAlert message={errors._form} />
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
