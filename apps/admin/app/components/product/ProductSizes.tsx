import { useState } from 'react';
import type { AdminCatalogueOptions, AdminProduct } from '@kiim/contract';
import { stockCell } from '../../lib/product-form.ts';
import { Field } from '../Form.tsx';

/** A size row of the form: an existing SKU (`id`) or a new one; `key` keeps React's identity. */
interface SizeRow {
  key: string;
  id?: number;
  size: string;
  externalId: string;
  /** The size's own price as typed (empty: it sells at the product's price; decision 032). */
  price: string;
  /** The size's own packaging as typed (empty: its category's; issue 34 item 5). */
  packaging: Record<PackagingKey, string>;
}

type PackagingKey = keyof AdminProduct['skus'][number]['packaging'];

/** A size's packaging fields: key, form name (repeated per row), label. */
const PACKAGING: readonly [PackagingKey, string, string][] = [
  ['weightG', 'skuWeightG[]', 'Вес упаковки, г'],
  ['lengthCm', 'skuLengthCm[]', 'Длина, см'],
  ['widthCm', 'skuWidthCm[]', 'Ширина, см'],
  ['heightCm', 'skuHeightCm[]', 'Высота, см'],
];
/** The body's field of each packaging key. */
const BODY_FIELD: Record<PackagingKey, string> = {
  weightG: 'packageWeightG',
  lengthCm: 'packageLengthCm',
  widthCm: 'packageWidthCm',
  heightCm: 'packageHeightCm',
};

/** A size's stored packaging as the form's texts (empty: not set). */
const typedPackaging = (p: AdminProduct['skus'][number]['packaging']): SizeRow['packaging'] => ({
  weightG: p.weightG === null ? '' : String(p.weightG),
  lengthCm: p.lengthCm === null ? '' : String(p.lengthCm),
  widthCm: p.widthCm === null ? '' : String(p.widthCm),
  heightCm: p.heightCm === null ? '' : String(p.heightCm),
});

/** A size row's packaging fields (grams, cm), empty meaning «как у категории». */
function PackagingOfSize({
  row,
  index,
  errors,
}: {
  row: SizeRow;
  index: number;
  errors: Record<string, string>;
}) {
  return (
    <>
      {PACKAGING.map(([key, name, label]) => (
        <Field
          key={key}
          label={label}
          name={name}
          inputMode="numeric"
          defaultValue={row.packaging[key]}
          placeholder="как у категории"
          error={errors[`skus.${index}.${BODY_FIELD[key]}`]}
        />
      ))}
    </>
  );
}

const noPackaging = { weightG: '', lengthCm: '', widthCm: '', heightCm: '' };
let rowKeys = 0;
const newRow = (): SizeRow => ({
  ...{ key: `n${++rowKeys}`, size: '', externalId: '', price: '' },
  packaging: noPackaging,
});

/**
 * The form's sizes (issue 27 item 7): size, code and own price per row (an empty code is made by the shop, the hint
 * says how; an empty price is the product's, issue 28 item 4),
 * rows added and new ones removed. For a new product with `cities` (the member may change stock) a grid of the first
 * units per size and city follows (fields `stock.{row}.{cityId}`, written as goods received on creation); an
 * existing product's units change in its «Остатки» section.
 */
export function SizesFieldset({
  product,
  cities,
  errors,
}: {
  product: AdminProduct | null;
  cities: AdminCatalogueOptions['cities'];
  errors: Record<string, string>;
}) {
  const [sizes, setSizes] = useState<SizeRow[]>(() =>
    product
      ? product.skus.map((s) => ({
          ...{ key: String(s.id), id: s.id, size: s.size, externalId: s.externalId },
          price: s.price === null ? '' : String(s.price),
          packaging: typedPackaging(s.packaging),
        }))
      : [newRow()],
  );
  const change = (row: SizeRow, size: string) =>
    setSizes((all) => all.map((r) => (r === row ? { ...r, size } : r)));
  const firstStock = product === null && cities.length > 0;
  return (
    <fieldset className="sizes">
      <legend>Размеры</legend>
      <p className="hint">
        Код в учётной системе можно оставить пустым: магазин сам присвоит код вида KIIM-номер товара-размер,
        например KIIM-125-M. Цену размера заполняйте, только если он стоит иначе, чем товар: пустое поле —
        цена товара. Вес и размеры упаковки нужны для доставки СДЭК: заполняйте их, только если размер
        упакован иначе, чем принято для категории, — пустое поле означает «как у категории».
      </p>
      {sizes.map((row, i) => (
        <div className="size-row" key={row.key}>
          <input type="hidden" name="skuId[]" value={row.id ?? ''} />
          <Field
            label="Размер"
            name="size[]"
            value={row.size}
            onChange={(e) => change(row, e.target.value)}
            error={errors[`skus.${i}.size`]}
          />
          <Field
            label="Код в учётной системе"
            name="externalId[]"
            defaultValue={row.externalId}
            error={errors[`skus.${i}.externalId`]}
          />
          <Field
            label="Цена размера, ₸"
            name="skuPrice[]"
            inputMode="numeric"
            defaultValue={row.price}
            placeholder="как у товара"
            error={errors[`skus.${i}.price`]}
          />
          <PackagingOfSize row={row} index={i} errors={errors} />
          {row.id === undefined && sizes.length > 1 && (
            <button
              type="button"
              className="button small secondary"
              onClick={() => setSizes(sizes.filter((r) => r !== row))}
              aria-label={`Убрать размер ${row.size || i + 1}`}
            >
              Убрать
            </button>
          )}
        </div>
      ))}
      {errors.skus && (
        <p className="field-error" role="alert">
          {errors.skus}
        </p>
      )}
      <button type="button" className="button small secondary" onClick={() => setSizes([...sizes, newRow()])}>
        Добавить размер
      </button>
      {firstStock && <FirstStock sizes={sizes} cities={cities} errors={errors} />}
    </fieldset>
  );
}

/** The grid of a new product's first units: a row per size, a column per city; empty cells mean none. */
function FirstStock({
  sizes,
  cities,
  errors,
}: {
  sizes: SizeRow[];
  cities: AdminCatalogueOptions['cities'];
  errors: Record<string, string>;
}) {
  return (
    <div className="first-stock">
      <h3 id="first-stock">Товар в наличии, шт.</h3>
      <p className="hint">
        Сколько штук каждого размера уже есть в каждом городе. Запишется как «Поступление товара»; пустая
        клетка — товара там пока нет.
      </p>
      <div className="table-scroll" role="region" aria-labelledby="first-stock" tabIndex={0}>
        <table className="data-table stock-grid">
          <thead>
            <tr>
              <th scope="col">Размер</th>
              {cities.map((c) => (
                <th scope="col" key={c.id}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sizes.map((row, i) => (
              <tr key={row.key}>
                <th scope="row">{row.size || `Размер ${i + 1}`}</th>
                {cities.map((c) => (
                  <td key={c.id} data-label={c.name}>
                    <Field
                      label={`${row.size || `Размер ${i + 1}`}, ${c.name}: штук в наличии`}
                      name={stockCell(i, c.id)}
                      inputMode="numeric"
                      error={errors[stockCell(i, c.id)]}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
