import { useState } from 'react';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import {
  MANUAL_STOCK_REASONS,
  ProductInput,
  STOCK_MOVEMENT_REASON_NAME,
  STOCK_REASON_EXPLAINED,
  type ManualStockReason,
  StockLevelInput,
  type AdminCatalogueOptions,
  type AdminProduct,
} from '@kiim/contract';
import type { Route } from './+types/catalogue-product';
import { adminApi, adminUpload, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit, type FormResult } from '../lib/form.ts';
import { can } from '../lib/nav.ts';
import { Field, FormAlert, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { useMember } from './layout.tsx';

/** A product's form (permission catalogue.edit): `/catalogue/new` or `/catalogue/{id}`. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [product, options] = await Promise.all([
    params.productId ? screenData<AdminProduct>(`/catalogue/products/${params.productId}`) : null,
    screenData<AdminCatalogueOptions>('/catalogue/options'),
  ]);
  return { product, options };
}

/** The Kazakh fields of the form (`kk.name`…), in the body's `kk`. */
const KAZAKH_FIELDS = ['name', 'description', 'colourName', 'composition', 'care'] as const;

/**
 * The product form's fields as the API's body: sizes from the repeated `skuId`, `size`, `externalId` fields, the
 * Kazakh texts from the `kk.*` fields (sent only by a form that has them).
 */
function productBody(v: Record<string, string | string[]>) {
  const list = (k: string) => [v[k] ?? []].flat();
  const ids = list('skuId');
  const externalIds = list('externalId');
  return {
    ...Object.fromEntries(
      [
        'name',
        'slug',
        'description',
        'categoryId',
        'brandId',
        'colourName',
        'colourHex',
        'composition',
        'care',
        'price',
      ].map((k) => [k, v[k] ?? '']),
    ),
    originalPrice: v.originalPrice ? v.originalPrice : null,
    ...('kk.name' in v ? { kk: Object.fromEntries(KAZAKH_FIELDS.map((k) => [k, v[`kk.${k}`] ?? ''])) } : {}),
    skus: list('size').map((size, i) => ({
      ...(ids[i] ? { id: Number(ids[i]) } : {}),
      size,
      externalId: externalIds[i] ?? '',
    })),
  };
}

type Answer = { intent: string; result: FormResult };

/** Save the form, publish or hide, add, move or remove a picture, set a size's stock in a city. */
export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<Answer | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const base = `/catalogue/products/${params.productId}`;
  if (intent === 'upload') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      return { intent, result: { ok: false, errors: { file: 'Выберите файл' }, at: Date.now() } };
    return { intent, result: await attempt(() => adminUpload(`${base}/images`, file)) };
  }
  const { imageId, direction, ...values } = formObject(form);
  if (intent === 'publish' || intent === 'unpublish') {
    const published = intent === 'publish';
    return { intent, result: await attempt(() => adminApi('POST', `${base}/publish`, { published })) };
  }
  if (intent === 'move')
    return {
      intent,
      result: await attempt(() => adminApi('POST', `${base}/images/${imageId}/move`, { direction })),
    };
  if (intent === 'remove-image')
    return { intent, result: await attempt(() => adminApi('DELETE', `${base}/images/${imageId}`)) };
  if (intent === 'stock') {
    const path = `/catalogue/stock/${values.skuId}/${values.cityId}`;
    const body = { quantity: values.quantity, reason: values.reason, note: values.note };
    return { intent, result: await submit(StockLevelInput, body, (b) => adminApi('PUT', path, b)) };
  }
  const body = productBody(values);
  const result = await submit(ProductInput, body, (b) =>
    params.productId
      ? adminApi<AdminProduct>('PUT', base, b)
      : adminApi<AdminProduct>('POST', '/catalogue/products', b),
  );
  if (result.ok && !params.productId)
    return redirect(`/catalogue/${(result.data as AdminProduct).id}?created=1`);
  return { intent: 'save', result };
}

export default function CatalogueProduct() {
  const { product, options } = useLoaderData<typeof clientLoader>();
  const answer = useActionData<typeof clientAction>() as Answer | undefined;
  const me = useMember();
  return (
    <>
      <p>
        <Link to="/catalogue">← Каталог</Link>
      </p>
      <h1>{product ? product.name : 'Новый товар'}</h1>
      {product && <Publication product={product} answer={answer} />}
      <ProductForm key={product?.id ?? 'new'} product={product} options={options} answer={answer} />
      {product && <Pictures product={product} answer={answer} />}
      {product && can(me, 'stock.edit') && <Stock product={product} options={options} answer={answer} />}
    </>
  );
}

const resultOf = (answer: Answer | undefined, ...intents: string[]) =>
  answer && intents.includes(answer.intent) ? answer.result : undefined;

function Publication({ product, answer }: { product: AdminProduct; answer?: Answer }) {
  const busy = useNavigation().state !== 'idle';
  const errors = errorsOf(resultOf(answer, 'publish', 'unpublish'));
  return (
    <section className="panel publication">
      <p>
        {product.published ? (
          <>
            Товар в магазине: <a href={`/product/${product.slug}`}>/product/{product.slug}</a>
          </>
        ) : (
          'Товар скрыт: покупатели его не видят.'
        )}
      </p>
      <Form method="post">
        <button
          className={product.published ? 'button secondary' : 'button'}
          name="intent"
          value={product.published ? 'unpublish' : 'publish'}
          disabled={busy}
        >
          {product.published ? 'Скрыть из магазина' : 'Опубликовать'}
        </button>
      </Form>
      <FormAlert message={errors._form} />
    </section>
  );
}

interface SizeRow {
  key: string;
  id?: number;
  size: string;
  externalId: string;
}

function ProductForm({
  product,
  options,
  answer,
}: {
  product: AdminProduct | null;
  options: AdminCatalogueOptions;
  answer?: Answer;
}) {
  const busy = useNavigation().state !== 'idle';
  const result = resultOf(answer, 'save');
  const errors = errorsOf(result);
  const [sizes, setSizes] = useState<SizeRow[]>(() =>
    product
      ? product.skus.map((s) => ({ key: String(s.id), id: s.id, size: s.size, externalId: s.externalId }))
      : [{ key: 'n0', size: '', externalId: '' }],
  );
  const gender = (g: number) => (g === 0 ? 'женщинам' : 'мужчинам');
  return (
    <section className="panel">
      <h2>Описание и цена</h2>
      {result?.ok && (
        <p className="notice" role="status">
          Изменения сохранены. Магазин уже показывает их.
        </p>
      )}
      <Form method="post" noValidate className="product-form">
        <Field label="Название" name="name" defaultValue={product?.name} error={errors.name} />
        <Field
          label="Адрес страницы"
          name="slug"
          defaultValue={product?.slug}
          error={errors.slug}
          hint="Латинские строчные буквы, цифры и дефисы: /product/адрес"
        />
        <SelectField
          label="Категория"
          name="categoryId"
          defaultValue={String(product?.categoryId ?? '')}
          error={errors.categoryId}
          options={[
            ['', 'Выберите'],
            ...options.categories.map((c) => [String(c.id), `${c.name} — ${gender(c.gender)}`] as const),
          ]}
        />
        <SelectField
          label="Бренд"
          name="brandId"
          defaultValue={String(product?.brandId ?? '')}
          error={errors.brandId}
          options={[['', 'Выберите'], ...options.brands.map((b) => [String(b.id), b.name] as const)]}
        />
        <Field label="Цвет" name="colourName" defaultValue={product?.colourName} error={errors.colourName} />
        <Field
          label="Оттенок"
          name="colourHex"
          type="color"
          defaultValue={product?.colourHex ?? '#1f2a44'}
          error={errors.colourHex}
        />
        <Field
          label="Цена, ₸"
          name="price"
          inputMode="numeric"
          defaultValue={product?.price}
          error={errors.price}
        />
        <Field
          label="Цена до скидки, ₸"
          name="originalPrice"
          inputMode="numeric"
          defaultValue={product && product.originalPrice > product.price ? product.originalPrice : ''}
          error={errors.originalPrice}
          hint="Пусто — без скидки"
        />
        <TextArea
          label="Описание"
          name="description"
          defaultValue={product?.description}
          error={errors.description}
        />
        <TextArea
          label="Состав"
          name="composition"
          defaultValue={product?.composition}
          error={errors.composition}
        />
        <TextArea label="Уход" name="care" defaultValue={product?.care} error={errors.care} />
        <Kazakh product={product} errors={errors} />
        <fieldset className="sizes">
          <legend>Размеры</legend>
          {sizes.map((row, i) => (
            <div className="size-row" key={row.key}>
              <input type="hidden" name="skuId[]" value={row.id ?? ''} />
              <Field label="Размер" name="size[]" defaultValue={row.size} error={errors[`skus.${i}.size`]} />
              <Field
                label="Код в учётной системе"
                name="externalId[]"
                defaultValue={row.externalId}
                error={errors[`skus.${i}.externalId`]}
              />
              {row.id === undefined && sizes.length > 1 && (
                <button
                  type="button"
                  className="button small secondary"
                  onClick={() => setSizes(sizes.filter((r) => r !== row))}
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
          <button
            type="button"
            className="button small secondary"
            onClick={() => setSizes([...sizes, { key: `n${Date.now()}`, size: '', externalId: '' }])}
          >
            Добавить размер
          </button>
        </fieldset>
        <FormAlert message={errors._form} />
        <button className="button" name="intent" value="save" disabled={busy}>
          {product ? 'Сохранить' : 'Создать товар'}
        </button>
      </Form>
    </section>
  );
}

/**
 * The «Қазақша» part of the product form: the Kazakh name, colour, description, composition and care the
 * storefront shows in Kazakh. Each is kept with the Russian text it translates (a changed Russian text keeps its
 * Kazakh one); products with the same Russian text share it. Empty: the storefront shows the Russian text.
 */
function Kazakh({ product, errors }: { product: AdminProduct | null; errors: Record<string, string> }) {
  const kk = product?.kk;
  return (
    <fieldset className="kazakh wide" lang="kk">
      <legend>Қазақша</legend>
      <p className="hint" lang="ru">
        Название (атауы), цвет (түсі), описание (сипаттамасы), состав (құрамы) и уход (күтімі) на казахском —
        для покупателей, выбравших казахский язык. Пустое поле — покупатель увидит русский текст. Перевод
        хранится вместе с русским текстом: у товаров с одинаковым русским названием общее казахское, а при
        изменении русского текста перевод сохраняется для нового.
      </p>
      <Field label="Атауы" name="kk.name" defaultValue={kk?.name} error={errors['kk.name']} />
      <Field
        label="Түсі"
        name="kk.colourName"
        defaultValue={kk?.colourName}
        error={errors['kk.colourName']}
      />
      <TextArea
        label="Сипаттамасы"
        name="kk.description"
        defaultValue={kk?.description}
        error={errors['kk.description']}
      />
      <TextArea
        label="Құрамы"
        name="kk.composition"
        defaultValue={kk?.composition}
        error={errors['kk.composition']}
      />
      <TextArea label="Күтімі" name="kk.care" defaultValue={kk?.care} error={errors['kk.care']} />
    </fieldset>
  );
}

function TextArea({
  label,
  name,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
}) {
  const id = `f-${name.replace('.', '-')}`;
  return (
    <div className="field wide">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Pictures({ product, answer }: { product: AdminProduct; answer?: Answer }) {
  const busy = useNavigation().state !== 'idle';
  const result = resultOf(answer, 'upload', 'move', 'remove-image');
  const errors = errorsOf(result);
  return (
    <section className="panel">
      <h2>Фотографии</h2>
      <p className="hint">
        JPEG, PNG или WebP до 10 МБ, не меньше 600 × 800 пикселей. Первая фотография — та, что видна в
        списках.
      </p>
      <ol className="pictures">
        {product.images.map((image, i) => (
          <PictureItem key={image.id} image={image} index={i} last={i === product.images.length - 1} />
        ))}
      </ol>
      <Form
        method="post"
        encType="multipart/form-data"
        className="inline-form"
        key={result?.ok ? result.at : 'upload'}
      >
        <Field
          label="Новая фотография"
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          error={errors.file}
        />
        <button className="button" name="intent" value="upload" disabled={busy}>
          Загрузить
        </button>
      </Form>
      <FormAlert message={errors._form} />
    </section>
  );
}

/** A picture with its buttons: one place up or down, remove. */
function PictureItem({
  image,
  index,
  last,
}: {
  image: AdminProduct['images'][number];
  index: number;
  last: boolean;
}) {
  const busy = useNavigation().state !== 'idle';
  return (
    <li>
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes="160px"
        width={160}
        height={Math.round((160 * image.height) / image.width)}
        alt={`Фото ${index + 1}`}
      />
      <Form method="post" className="row-actions">
        <input type="hidden" name="imageId" value={image.id} />
        <input type="hidden" name="direction" value="up" />
        <button
          className="button small secondary"
          name="intent"
          value="move"
          disabled={busy || index === 0}
          aria-label={`Фото ${index + 1} выше`}
        >
          ←
        </button>
      </Form>
      <Form method="post" className="row-actions">
        <input type="hidden" name="imageId" value={image.id} />
        <input type="hidden" name="direction" value="down" />
        <button
          className="button small secondary"
          name="intent"
          value="move"
          disabled={busy || last}
          aria-label={`Фото ${index + 1} ниже`}
        >
          →
        </button>
      </Form>
      <Form
        method="post"
        onSubmit={(e) => {
          if (!window.confirm('Удалить эту фотографию?')) e.preventDefault();
        }}
      >
        <input type="hidden" name="imageId" value={image.id} />
        <button className="button small danger" name="intent" value="remove-image" disabled={busy}>
          Удалить
        </button>
      </Form>
    </li>
  );
}

function Stock({
  product,
  options,
  answer,
}: {
  product: AdminProduct;
  options: AdminCatalogueOptions;
  answer?: Answer;
}) {
  const busy = useNavigation().state !== 'idle';
  const result = resultOf(answer, 'stock');
  const errors = errorsOf(result);
  const [reason, setReason] = useState<ManualStockReason>(MANUAL_STOCK_REASONS[0]);
  const stocked = options.cities.filter((c) => product.skus.some((s) => s.stock[c.id] !== undefined));
  return (
    <section className="panel">
      <h2>Остатки</h2>
      {stocked.length === 0 ? (
        <p className="empty">Товара пока нет ни на одном складе.</p>
      ) : (
        <table className="data-table stock-table">
          <caption className="visually-hidden">Остатки по размерам и городам</caption>
          <thead>
            <tr>
              <th scope="col">Размер</th>
              {stocked.map((c) => (
                <th scope="col" key={c.id}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {product.skus.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.size}</th>
                {stocked.map((c) => (
                  <td key={c.id} data-label={c.name}>
                    {s.stock[c.id] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result?.ok && (
        <p className="notice" role="status">
          Остаток сохранён.
        </p>
      )}
      <Form method="post" noValidate className="filters" key={result?.ok ? result.at : 'stock'}>
        <SelectField
          label="Размер"
          name="skuId"
          options={product.skus.map((s) => [String(s.id), s.size] as const)}
        />
        <SelectField
          label="Город"
          name="cityId"
          options={options.cities.map((c) => [String(c.id), c.name] as const)}
        />
        <Field label="Количество, шт." name="quantity" inputMode="numeric" error={errors.quantity} />
        <SelectField
          label="Причина"
          name="reason"
          error={errors.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value as ManualStockReason)}
          options={MANUAL_STOCK_REASONS.map((r) => [r, STOCK_MOVEMENT_REASON_NAME[r]] as const)}
        />
        <p className="hint" role="status">
          {STOCK_REASON_EXPLAINED[reason]}
        </p>
        <Field label="Комментарий" name="note" error={errors.note} />
        <button className="button" name="intent" value="stock" disabled={busy}>
          Сохранить остаток
        </button>
      </Form>
      <FormAlert message={errors._form} />
      <p>
        <Link to={`/stock?productId=${product.id}`}>История движения товара</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
