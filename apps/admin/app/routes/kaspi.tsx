import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { AdminBrand, AdminCategory, AdminCity, KaspiFeedState } from '@kiim/contract';
import type { Route } from './+types/kaspi';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject } from '../lib/form.ts';
import { Field, FormAlert, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { KaspiShopPollStatus } from '../components/KaspiShopPollStatus.tsx';

const API = '/kaspi/feed';
const MODE: Record<KaspiFeedState['payMode'], string> = {
  off: 'выключено',
  simulator: 'симулятор',
  live: 'рабочий режим',
};
const REASON = { no_name: 'нет названия', zero_price: 'цена 0' } as const;

/** «Kaspi» (permission catalogue.edit; issue 33 Part B item 7): the feed state, cities, categories and brands. */
export async function clientLoader() {
  const [state, cities, categories, brands] = await Promise.all([
    screenData<KaspiFeedState>(API),
    screenData<{ items: AdminCity[] }>('/catalogue/cities'),
    screenData<{ items: AdminCategory[] }>('/catalogue/categories'),
    screenData<{ items: AdminBrand[] }>('/catalogue/brands'),
  ]);
  return { state, cities: cities.items, categories: categories.items, brands: brands.items };
}

const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? NaN : Number(v));

/** `intent`: settings (company, merchant, secret keep/new/off), mapping (rows), marks (on/off by category or brand), reserve. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const f = formObject(await request.formData());
  const one = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
  switch (one('intent')) {
    case 'settings':
      return attempt(() =>
        adminApi('PUT', `${API}/settings`, {
          company: one('company'),
          merchantId: one('merchantId'),
          secret: one('secret') || 'keep',
        }),
      );
    case 'mapping': {
      const ids = list(f.storeId);
      const stores = ids
        .map((storeId, i) => ({
          storeId: storeId.trim(),
          cityId: num(list(f.storeCity)[i]),
          defaultReserve: num(list(f.defaultReserve)[i]) || 0,
        }))
        .filter((s) => s.storeId !== '');
      const cities = list(f.kaspiCityId)
        .map((kaspiCityId, i) => ({ cityId: num(list(f.cityId)[i]), kaspiCityId: kaspiCityId.trim() }))
        .filter((c) => c.kaspiCityId !== '');
      return attempt(() => adminApi('PUT', `${API}/mapping`, { stores, cities }));
    }
    case 'marks': {
      const [kind, id] = one('target').split(':');
      return attempt(() =>
        adminApi('POST', `${API}/marks`, {
          on: one('on') === 'yes',
          ...(kind === 'brand' ? { brandId: Number(id) } : { categoryId: Number(id) }),
        }),
      );
    }
    case 'reserve':
      return attempt(() =>
        adminApi('PUT', `${API}/reserve`, {
          skuId: num(one('skuId')),
          storeId: one('reserveStore'),
          units: one('units').trim() === '' ? null : num(one('units')),
        }),
      );
    default:
      return { ok: false as const, errors: { _form: 'Неизвестное действие' }, at: Date.now() };
  }
}

type Props = Awaited<ReturnType<typeof clientLoader>>;

/** Connection modes from configuration and the state of the Kaspi orders import. */
function Connection({ state }: Props) {
  return (
    <section className="panel">
      <h2>Подключение</h2>
      <p>
        Kaspi Pay: {MODE[state.payMode]}. Заказы Kaspi Магазина: {MODE[state.shopMode]}.
      </p>
      <KaspiShopPollStatus />
    </section>
  );
}

/** The feed URL, the last build with its problems, and the settings form. */
function FeedPanel({ state }: Props) {
  const errors = errorsOf(useActionData<typeof clientAction>());
  const busy = useNavigation().state !== 'idle';
  const url =
    state.feedPath && typeof window !== 'undefined'
      ? window.location.origin + state.feedPath
      : state.feedPath;
  return (
    <section className="panel">
      <h2>Прайс-лист</h2>
      <p>Адрес для Kaspi: {url ? <code>{url}</code> : 'прайс-лист выключен — создайте адрес.'}</p>
      {state.lastBuild ? (
        <p>
          Последняя сборка {new Date(state.lastBuild.at).toLocaleString('ru-RU')}: предложений{' '}
          {state.lastBuild.offers}, {Math.ceil(state.lastBuild.bytes / 1024)} КБ.
        </p>
      ) : (
        <p className="muted">Kaspi ещё не забирал прайс-лист.</p>
      )}
      {state.lastBuild && state.lastBuild.problems.length > 0 && (
        <ul aria-label="Не попали в прайс-лист">
          {state.lastBuild.problems.slice(0, 50).map((p) => (
            <li key={p.sku}>
              {p.sku}: {REASON[p.reason]}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="product-form">
        <input type="hidden" name="intent" value="settings" />
        <Field label="Компания" name="company" defaultValue={state.company} error={errors.company} />
        <Field
          label="ID продавца (merchant)"
          name="merchantId"
          defaultValue={state.merchantId}
          error={errors.merchantId}
        />
        <SelectField
          label="Адрес прайс-листа"
          name="secret"
          defaultValue="keep"
          options={[
            ['keep', 'Оставить как есть'],
            ['new', 'Создать новый адрес (старый перестанет работать)'],
            ['off', 'Выключить прайс-лист'],
          ]}
        />
        <button className="button" disabled={busy}>
          Сохранить
        </button>
      </Form>
    </section>
  );
}

/** How many SKUs are on Kaspi, and bulk marking by category or brand. */
function MarksPanel({ state, categories, brands }: Props) {
  const errors = errorsOf(useActionData<typeof clientAction>());
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="panel">
      <h2>Товары на Kaspi</h2>
      <p>Отмечено размеров: {state.markedSkus}. Снятые с Kaspi уходят из прайс-листа как «нет в наличии».</p>
      <Form method="post" className="product-form">
        <input type="hidden" name="intent" value="marks" />
        <SelectField
          label="Категория или бренд"
          name="target"
          error={errors.categoryId ?? errors.brandId}
          options={[
            ...categories.map((c) => [`category:${c.id}`, `Категория: ${c.name}`] as const),
            ...brands.map((b) => [`brand:${b.id}`, `Бренд: ${b.name}`] as const),
          ]}
        />
        <button className="button" name="on" value="yes" disabled={busy}>
          Выставить на Kaspi
        </button>{' '}
        <button className="button secondary" name="on" value="no" disabled={busy}>
          Снять с Kaspi
        </button>
      </Form>
    </section>
  );
}

/** Kaspi stores → our cities with default reserves, and our cities → Kaspi cityId. */
function MappingPanel({ state, cities }: Props) {
  const errors = errorsOf(useActionData<typeof clientAction>());
  const busy = useNavigation().state !== 'idle';
  const cityOptions = cities.map((c) => [String(c.id), c.name] as const);
  return (
    <section className="panel">
      <h2>Склады и города</h2>
      <Form method="post" className="product-form">
        <input type="hidden" name="intent" value="mapping" />
        <FormAlert message={errors.stores ?? errors.cities} />
        {[...state.stores, { storeId: '', cityId: cities[0]?.id ?? 0, defaultReserve: 0 }].map((s, i) => (
          <fieldset key={`${s.storeId}-${i}`}>
            <legend>{s.storeId === '' ? 'Новый склад Kaspi' : `Склад ${s.storeId}`}</legend>
            <Field label="ID склада в Kaspi (PP1…)" name="storeId[]" defaultValue={s.storeId} />
            <SelectField
              label="Наш город"
              name="storeCity[]"
              defaultValue={String(s.cityId)}
              options={cityOptions}
            />
            <Field
              label="Резерв, шт."
              name="defaultReserve[]"
              type="number"
              min={0}
              defaultValue={s.defaultReserve}
            />
          </fieldset>
        ))}
        {cities.map((c) => (
          <div key={c.id}>
            <input type="hidden" name="cityId[]" value={c.id} />
            <Field
              label={`Код КАТО для Kaspi: ${c.name}`}
              name="kaspiCityId[]"
              defaultValue={state.cities.find((x) => x.cityId === c.id)?.kaspiCityId ?? ''}
            />
          </div>
        ))}
        <button className="button" disabled={busy}>
          Сохранить склады и города
        </button>
      </Form>
    </section>
  );
}

/** Safety reserve of one SKU in one store. */
function ReservePanel({ state }: Props) {
  const errors = errorsOf(useActionData<typeof clientAction>());
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="panel">
      <h2>Резерв по размеру</h2>
      <p className="muted">Сколько штук не показывать Kaspi на складе. Пусто — резерв склада по умолчанию.</p>
      <Form method="post" className="product-form">
        <input type="hidden" name="intent" value="reserve" />
        <Field label="ID размера (SKU)" name="skuId" type="number" min={1} error={errors.skuId} />
        <SelectField
          label="Склад Kaspi"
          name="reserveStore"
          error={errors.storeId}
          options={state.stores.map((s) => [s.storeId, s.storeId] as const)}
        />
        <Field label="Резерв, шт." name="units" type="number" min={0} error={errors.units} />
        <button className="button" disabled={busy || state.stores.length === 0}>
          Сохранить резерв
        </button>
      </Form>
    </section>
  );
}

/**
 * «Kaspi»: connection state, the feed URL and last build, SKUs on Kaspi with bulk marking by category or brand,
 * store and city mapping and the safety reserve. Data: {@link clientLoader}; changes: {@link clientAction}.
 */
export default function Kaspi() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <h1>Kaspi</h1>
      {result?.ok && (
        <p className="notice" role="status">
          Сохранено. Следующий запрос Kaspi получит новый прайс-лист.
        </p>
      )}
      <FormAlert message={errorsOf(result)._form} />
      <Connection {...data} />
      <FeedPanel {...data} />
      <MarksPanel {...data} />
      <MappingPanel {...data} />
      <ReservePanel {...data} />
    </>
  );
}

/** The screen's error (no permission, the API unreachable). */
export function ErrorBoundary() {
  return <ScreenError />;
}
