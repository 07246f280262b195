import { Form, useNavigation } from 'react-router';
import { MEASUREMENT_KEYS, type MeasurementKey, type ProductMeasurements } from '@kiim/contract';
import { errorsOf } from '../../lib/form.ts';
import { resultOf, type ProductAnswer } from '../../lib/product-form.ts';
import { FormAlert } from '../Form.tsx';

/** Column titles of the measurements table (full girths, cm). */
export const MEASUREMENT_TITLE: Record<MeasurementKey, string> = {
  chest: 'Обхват груди',
  waist: 'Обхват талии',
  hips: 'Обхват бёдер',
  length: 'Длина изделия',
  inseam: 'Длина по внутреннему шву',
};

/**
 * The product's «Замеры изделия» (issue 35 item 6, decision 066): a row per size of the product, a column per
 * measurement in cm (one decimal, 1–300, empty allowed), saved as one request (`measurements` intent → `PUT
 * …/measurements`, audited). A refused cell's message shows under it.
 */
export function ProductMeasurementsPanel({
  measurements,
  answer,
}: {
  measurements: ProductMeasurements;
  answer?: ProductAnswer;
}) {
  const busy = useNavigation().state !== 'idle';
  const result = resultOf(answer, 'measurements');
  const errors = errorsOf(result);
  const items = result?.ok ? (result.data as ProductMeasurements).items : measurements.items;
  return (
    <section className="panel">
      <h2>Замеры изделия</h2>
      <p className="muted">
        Сантиметры, до одного знака после запятой (например, 96,5). Пустая ячейка — замера нет. Покупатели
        видят замеры рядом с таблицей размеров.
      </p>
      {result?.ok && (
        <p className="notice" role="status">
          Замеры сохранены.
        </p>
      )}
      <FormAlert message={errors._form} />
      {items.length === 0 ? (
        <p>У товара пока нет размеров.</p>
      ) : (
        <Form method="post" noValidate key={result?.at ?? 0}>
          <input type="hidden" name="intent" value="measurements" />
          <div className="table-scroll" role="region" aria-label="Замеры по размерам" tabIndex={0}>
            <table className="data-table">
              <caption className="visually-hidden">Замеры изделия по размерам, см</caption>
              <thead>
                <tr>
                  <th scope="col">Размер</th>
                  {MEASUREMENT_KEYS.map((k) => (
                    <th scope="col" key={k}>
                      {MEASUREMENT_TITLE[k]}, см
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((row, i) => (
                  <MeasurementRow key={row.size} row={row} index={i} errors={errors} />
                ))}
              </tbody>
            </table>
          </div>
          <button type="submit" disabled={busy}>
            Сохранить замеры
          </button>
        </Form>
      )}
    </section>
  );
}

/** One size's row: the size label (sent hidden) and an input per measurement with its message. */
function MeasurementRow({
  row,
  index: i,
  errors,
}: {
  row: ProductMeasurements['items'][number];
  index: number;
  errors: Record<string, string>;
}) {
  return (
    <tr>
      <th scope="row">
        {row.size}
        <input type="hidden" name={`items.${i}.size`} value={row.size} />
        {errors[`items.${i}.size`] && (
          <span className="field-error" role="alert">
            {errors[`items.${i}.size`]}
          </span>
        )}
      </th>
      {MEASUREMENT_KEYS.map((k) => {
        const name = `items.${i}.${k}`;
        const id = `measure-${i}-${k}`;
        return (
          <td key={k}>
            <input
              id={id}
              name={name}
              inputMode="decimal"
              size={6}
              aria-label={`${MEASUREMENT_TITLE[k]}, размер ${row.size}`}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${id}-error` : undefined}
              defaultValue={row[k] === null ? '' : String(row[k]).replace('.', ',')}
            />
            {errors[name] && (
              <span id={`${id}-error`} className="field-error" role="alert">
                {errors[name]}
              </span>
            )}
          </td>
        );
      })}
    </tr>
  );
}
