import { useFetcher } from 'react-router';
import type { ExchangeSettingsView } from '@kiim/contract';
import { errorsOf, type FormResult } from '../lib/form.ts';
import { FormAlert, SelectField } from './Form.tsx';

// The 1C exchange's settings (issue 28, docs/decisions/028): the price type the shop sells at, chosen among those the
// last offers.xml sent (only types in tenge can be chosen: another currency is never taken 1:1), the crossed-out
// type, the city that gets stock 1C sends without warehouses, and whether 1C products sharing an article make one card
// (issue 28 item 11), and whether products without pictures are shown (issue 28 item 9). Saved by the screen's action
// (`kind=settings`).

/** The settings panel; `cities` to choose the default city from. */
export function ExchangeSettingsForm(props: {
  settings: ExchangeSettingsView;
  cities: readonly { id: number; name: string }[];
}) {
  const fetcher = useFetcher<FormResult>();
  const errors = errorsOf(fetcher.data);
  const { settings } = props;
  const types = settings.priceTypes;
  const label = (t: ExchangeSettingsView['priceTypes'][number]) =>
    t.tenge ? `${t.name} (${t.currency || 'валюта не указана'})` : `${t.name} (${t.currency}) — не в тенге`;
  const tenge = types.filter((t) => t.tenge);
  const automatic = tenge.find((t) => t.name.toLowerCase() === 'розничная') ?? tenge[0];
  return (
    <section className="panel" aria-labelledby="exchange-settings-title">
      <h2 id="exchange-settings-title">Цены и остатки из 1С</h2>
      <p className="hint">
        Сайт продаёт только в тенге: цены в другой валюте не загружаются. Пока тип цены не выбран, берётся
        «Розничная» в тенге, а если её нет — первый тип цены в тенге
        {automatic ? ` (сейчас «${automatic.name}»)` : ''}.
      </p>
      {types.length === 0 ? (
        <p>Типы цен появятся после первой загрузки offers.xml из 1С.</p>
      ) : (
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="kind" value="settings" />
          <SelectField
            label="Тип цены, по которой продаём"
            name="priceType"
            defaultValue={settings.priceType ?? automatic?.name ?? ''}
            error={errors.priceType}
            options={[['', '— выберите —'], ...tenge.map((t) => [t.name, label(t)] as const)]}
          />
          <SelectField
            label="Тип цены до скидки (зачёркнутая)"
            name="originalPriceType"
            defaultValue={settings.originalPriceType ?? ''}
            options={[['', '— без скидок —'], ...tenge.map((t) => [t.name, label(t)] as const)]}
          />
          <SelectField
            label="Город для остатков без склада"
            name="defaultCityId"
            defaultValue={settings.defaultCityId === null ? '' : String(settings.defaultCityId)}
            error={errors.defaultCityId}
            options={[
              ['', props.cities.length === 1 ? '— единственный город —' : '— не загружать —'],
              ...props.cities.map((c) => [String(c.id), c.name] as const),
            ]}
          />
          <label className="check">
            <input type="checkbox" name="groupByArticle" defaultChecked={settings.groupByArticle} />{' '}
            Объединять в одну карточку товары 1С с одинаковым артикулом
          </label>
          <p className="hint">
            Включите, если в 1С каждый цвет — отдельный товар: цвета одного артикула станут переключателями
            цвета в одной карточке. Иначе карточка — это один товар 1С с его характеристиками.
          </p>
          <label className="check">
            <input
              type="checkbox"
              name="publishWithoutPictures"
              defaultChecked={settings.publishWithoutPictures}
            />{' '}
            Публиковать товары без фотографий
          </label>
          <p className="hint">
            Выключено: товар, пришедший из 1С без единой фотографии (ни у товара, ни у его цветов), не
            показывается покупателям и ждёт фотографий — из следующей выгрузки 1С или добавленных в карточке
            товара. Включено: такие товары сразу показываются, если у них есть цена.
          </p>
          {types.some((t) => !t.tenge) && (
            <p className="hint">
              Не в тенге и не могут быть выбраны:{' '}
              {types
                .filter((t) => !t.tenge)
                .map(label)
                .join(', ')}
              .
            </p>
          )}
          <button className="button" disabled={fetcher.state !== 'idle'}>
            Сохранить
          </button>
          {fetcher.data?.ok && fetcher.state === 'idle' && <span role="status">Сохранено</span>}
          <FormAlert message={errors._form} />
        </fetcher.Form>
      )}
    </section>
  );
}
