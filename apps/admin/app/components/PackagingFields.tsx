import type { Packaging } from '@kiim/contract';
import { Field } from './Form.tsx';

const FIELDS: [keyof Packaging, string, string][] = [
  ['weightG', 'packageWeightG', 'Вес, г'],
  ['lengthCm', 'packageLengthCm', 'Длина, см'],
  ['widthCm', 'packageWidthCm', 'Ширина, см'],
  ['heightCm', 'packageHeightCm', 'Высота, см'],
];

/**
 * One unit's packed size for carrier delivery (issue 34 item 5): weight in grams and the package's length, width
 * and height in whole cm, each optional (empty: the default of the level above). Field names as the contract's
 * `PackagingInput`; `errors` by those names.
 */
export function PackagingFields({
  value,
  errors,
  hint,
}: {
  value: Packaging | undefined;
  errors: Record<string, string | undefined>;
  hint: string;
}) {
  return (
    <fieldset className="packaging-fields">
      <legend>Упаковка одной единицы для доставки</legend>
      <p className="muted">{hint}</p>
      {FIELDS.map(([key, name, label]) => (
        <Field
          key={name}
          label={label}
          name={name}
          inputMode="numeric"
          defaultValue={value?.[key] ?? ''}
          error={errors[name]}
        />
      ))}
    </fieldset>
  );
}
