import { useFetcher } from 'react-router';
import type { ExchangeProperty, PropertyRole } from '@kiim/contract';
import { errorsOf, type FormResult } from '../lib/form.ts';
import { FormAlert } from './Form.tsx';

// The 1C properties and what each fills on the site (issue 28 items 3, 10, 11): size, colour, composition, care or
// nothing. The name's suggestion applies until the staff choose; the next import from 1C applies a choice. Saved by
// the exchange screen's action (`kind=property`), audited by the API (exchange.property_mapped).

const ROLE_NAME: Record<PropertyRole, string> = {
  size: 'Размер',
  colour: 'Цвет',
  composition: 'Состав',
  care: 'Уход',
  none: 'Не показывать',
};
const SOURCE_NAME: Record<ExchangeProperty['source'], string> = {
  property: 'свойство',
  requisite: 'реквизит товара',
  characteristic: 'характеристика',
};

/** The panel: one row per property name 1C sent, with its role's choice. */
export function ExchangePropertiesPanel({ properties }: { properties: readonly ExchangeProperty[] }) {
  return (
    <section className="panel" aria-labelledby="properties-title">
      <h2 id="properties-title">Свойства 1С</h2>
      <p className="hint">
        Что каждое свойство из 1С заполняет на сайте: размер, цвет, состав или уход. Пока вы не выбрали,
        действует то, что подсказывает название («Состав ткани», «Материал» — состав; «Рекомендации по уходу»
        — уход; «Размер», «Цвет товара» — размер и цвет). Выбор применится при следующей загрузке из 1С.
      </p>
      {properties.length === 0 ? (
        <p>Свойства появятся после первой загрузки import.xml из 1С.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Свойство 1С</th>
              <th scope="col">Пример значения</th>
              <th scope="col">Что заполняет</th>
            </tr>
          </thead>
          <tbody>
            {properties.map((p) => (
              <tr key={p.name}>
                <td data-label="Свойство 1С">
                  {p.name} <small className="hint">({SOURCE_NAME[p.source]})</small>
                </td>
                <td data-label="Пример значения">{p.example || '—'}</td>
                <td data-label="Что заполняет">
                  <PropertyForm property={p} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One property's role with its save button; an empty choice returns to the name's suggestion. */
function PropertyForm({ property }: { property: ExchangeProperty }) {
  const fetcher = useFetcher<FormResult>();
  const errors = errorsOf(fetcher.data);
  return (
    <fetcher.Form method="post" noValidate className="inline-form">
      <input type="hidden" name="kind" value="property" />
      <input type="hidden" name="name" value={property.name} />
      <select
        name="role"
        aria-label={`Что заполняет свойство «${property.name}»`}
        defaultValue={property.role ?? ''}
      >
        <option value="">По названию: {ROLE_NAME[property.suggestedRole].toLowerCase()}</option>
        {(Object.keys(ROLE_NAME) as PropertyRole[]).map((role) => (
          <option key={role} value={role}>
            {ROLE_NAME[role]}
          </option>
        ))}
      </select>
      <button className="button" disabled={fetcher.state !== 'idle'}>
        Сохранить
      </button>
      {fetcher.data?.ok && fetcher.state === 'idle' && <span role="status">Сохранено</span>}
      <FormAlert message={errors._form ?? errors.role ?? errors.name} />
    </fetcher.Form>
  );
}
