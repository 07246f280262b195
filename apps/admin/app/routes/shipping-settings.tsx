import { useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import {
  CarrierCityInput,
  type CarrierCityOption,
  type CarrierCitySetting,
  type CarrierMode,
  type CarrierSettings,
} from '@kiim/contract';
import type { Route } from './+types/shipping-settings';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, submit, type FormResult } from '../lib/form.ts';
import { FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { ShipmentPointPicker } from '../components/ShipmentPointPicker.tsx';

// «Доставка СДЭК» (issue 34 item 6, docs/decisions/070; owner and manager, permission shipping.manage): the server's
// CDEK_MODE shown read-only, and per shop city its CDEK city code — chosen from CDEK's own city search, never typed
// — and «Предлагать доставку СДЭК и в этом городе». Every save is audited by the API.

const MODE_NAME: Record<CarrierMode, string> = {
  off: 'выключена (CDEK_MODE=off): покупателям СДЭК не предлагается',
  simulator: 'симулятор СДЭК для проверки (CDEK_MODE=simulator): настоящие посылки не отправляются',
  test: 'тестовая среда СДЭК (CDEK_MODE=test): настоящие посылки не отправляются',
  live: 'работает (CDEK_MODE=live): посылки регистрируются в СДЭК',
};

/** The settings: mode and cities. */
export async function clientLoader() {
  return screenData<CarrierSettings>('/shipping/settings');
}

/** Saves one city's code and switch (`id`, `cdekCode` — empty: none — and the `carrierInOwnCity` checkbox). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = Number(form.get('id'));
  return submit(
    CarrierCityInput,
    { cdekCode: form.get('cdekCode') ?? '', carrierInOwnCity: form.get('carrierInOwnCity') === 'on' },
    (body) => adminApi<CarrierCitySetting>('PUT', `/shipping/cities/${id}`, body),
  );
}

/** CDEK's cities whose name starts with the typed text, or the API's refusal (carrier off or not answering). */
async function searchCities(q: string): Promise<FormResult<{ items: CarrierCityOption[] }>> {
  return attempt(() =>
    adminApi<{ items: CarrierCityOption[] }>('GET', `/shipping/carrier-cities?q=${encodeURIComponent(q)}`),
  );
}

/** The search over CDEK's cities: type a name, «Найти», pick one of the answers (`onPick`). */
function CarrierCitySearch({
  city,
  onPick,
}: {
  city: CarrierCitySetting;
  onPick: (c: CarrierCityOption) => void;
}) {
  const [q, setQ] = useState(city.name);
  const [found, setFound] = useState<CarrierCityOption[] | null>(null);
  const [searchError, setSearchError] = useState('');
  const find = async () => {
    setSearchError('');
    const r = await searchCities(q.trim());
    if (r.ok) setFound(r.data.items);
    else setSearchError(Object.values(r.errors)[0] ?? 'Не удалось найти город');
  };
  return (
    <>
      <div className="filters">
        <label>
          Найти город в СДЭК{' '}
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void find();
            }}
          />
        </label>
        <button className="button small secondary" type="button" onClick={() => void find()}>
          Найти
        </button>
      </div>
      <FormAlert message={searchError} />
      {found && found.length === 0 && <p className="hint">СДЭК не знает города с таким названием.</p>}
      {found && found.length > 0 && (
        <ul className="plain-list" aria-label={`Города СДЭК для «${city.name}»`}>
          {found.map((c) => (
            <li key={c.code}>
              <button
                type="button"
                className="button small secondary"
                onClick={() => {
                  onPick(c);
                  setFound(null);
                }}
              >
                {c.name}, {c.region} (код {c.code})
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One city's row: its code with the search to change it, the switch and «Сохранить». */
function CityRow({ city, connected }: { city: CarrierCitySetting; connected: boolean }) {
  const fetcher = useFetcher<FormResult<CarrierCitySetting>>();
  const saved = fetcher.data?.ok ? fetcher.data.data : city;
  const [code, setCode] = useState<string>(city.cdekCode === null ? '' : String(city.cdekCode));
  const [label, setLabel] = useState<string>(city.cdekCode === null ? '' : `код ${city.cdekCode}`);
  const errors = errorsOf(fetcher.data);
  return (
    <section className="panel" aria-label={city.name} data-testid={`carrier-city-${city.id}`}>
      <h2>{city.name}</h2>
      <p>
        Код города в СДЭК:{' '}
        <strong data-testid="cdek-code">{saved.cdekCode === null ? 'не задан' : saved.cdekCode}</strong>
        {saved.cdekCode === null && ' — доставки СДЭК в этот город и из него нет.'}
      </p>
      {connected && (
        <CarrierCitySearch
          city={city}
          onPick={(c) => {
            setCode(String(c.code));
            setLabel(`${c.name}, ${c.region} — код ${c.code}`);
          }}
        />
      )}
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="id" value={city.id} />
        <input type="hidden" name="cdekCode" value={code} />
        <p className="hint" data-testid="cdek-choice">
          Будет сохранено: {code ? label : 'без доставки СДЭК'}{' '}
          {code && (
            <button
              type="button"
              className="button small secondary"
              onClick={() => {
                setCode('');
                setLabel('');
              }}
            >
              Убрать код
            </button>
          )}
        </p>
        <FormAlert message={errors.cdekCode} />
        <label className="checkbox">
          <input type="checkbox" name="carrierInOwnCity" defaultChecked={city.carrierInOwnCity} /> Предлагать
          доставку СДЭК и в этом городе
        </label>
        <p className="hint">
          Покупатели увидят пункты выдачи и курьера СДЭК рядом с пунктами и курьером магазина.
        </p>
        <FormAlert message={errors._form} />
        <button className="button" type="submit" disabled={fetcher.state !== 'idle'}>
          Сохранить
        </button>
        {fetcher.data?.ok && (
          <span role="status" className="notice">
            {' '}
            Сохранено
          </span>
        )}
      </fetcher.Form>
      {connected && <ShipmentPointPicker key={saved.cdekCode ?? 'none'} city={saved} />}
    </section>
  );
}

/** The screen: the mode (read-only) and a row per shop city. */
export default function ShippingSettings() {
  const settings = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1>Доставка СДЭК</h1>
      <p data-testid="carrier-mode">
        Доставка СДЭК: <strong>{MODE_NAME[settings.mode]}</strong>
      </p>
      <p className="hint">
        Режим, ключи и адрес СДЭК задаются в настройках сервера (CDEK_MODE, CDEK_CLIENT_ID,
        CDEK_CLIENT_SECRET) — см. docs/shipping.md. Здесь для каждого города магазина выберите его город в
        СДЭК: из городов с кодом отправляются посылки, и в них можно заказать доставку СДЭК.
      </p>
      {!settings.connected && (
        <p className="form-alert" role="alert">
          Поиск городов СДЭК недоступен, пока доставка СДЭК выключена.
        </p>
      )}
      {settings.cities.map((c) => (
        <CityRow key={c.id} city={c} connected={settings.connected} />
      ))}
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
