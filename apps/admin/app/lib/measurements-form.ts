import { MEASUREMENT_KEYS, type ProductMeasurementsInput } from '@kiim/contract';

// The measurements table's fields (issue 35 item 6, decision 066) → the body of `PUT …/products/{id}/measurements`.

/**
 * The table's fields (`items.{i}.size`, `items.{i}.chest`, … in cm, a comma allowed as the decimal mark) as the
 * contract's input: an empty cell is null (not measured); text that is not a number is sent as it is, so the
 * contract's check names the cell.
 */
export function measurementsBody(values: Record<string, string | string[]>): ProductMeasurementsInput {
  const items: ProductMeasurementsInput['items'] = [];
  for (let i = 0; typeof values[`items.${i}.size`] === 'string'; i++) {
    const row: Record<string, unknown> = { size: values[`items.${i}.size`] };
    for (const key of MEASUREMENT_KEYS) {
      const text = String(values[`items.${i}.${key}`] ?? '').trim();
      const number = Number(text.replace(',', '.'));
      row[key] = text === '' ? null : Number.isFinite(number) ? number : text;
    }
    items.push(row as ProductMeasurementsInput['items'][number]);
  }
  return { items };
}
