import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { AdminCatalogueOptions, AdminProduct } from '@kiim/contract';
import { errorsOf } from '../../lib/form.ts';
import { liveSlug, resultOf, type ProductAnswer } from '../../lib/product-form.ts';
import { Field, FormAlert, SelectField } from '../Form.tsx';
import { Kazakh, TextArea } from './ProductTexts.tsx';
import { SizesFieldset } from './ProductSizes.tsx';

/**
 * The product's form (issue 12; issue 27 item 7): its fields, Kazakh texts and sizes. For a new product the page
 * address is proposed from the name as it is typed (the API's own rule; edited by hand it is kept), the SKU codes
 * may stay empty, and the first photos and the first units per size and city (`withStock`: the member may change
 * stock) go with the very first save. Answers of the `save` intent show here.
 */
export function ProductForm({
  product,
  options,
  answer,
  withStock,
}: {
  product: AdminProduct | null;
  options: AdminCatalogueOptions;
  answer?: ProductAnswer;
  withStock: boolean;
}) {
  const busy = useNavigation().state !== 'idle';
  const result = resultOf(answer, 'save');
  const errors = errorsOf(result);
  const gender = (g: number) => (g === 0 ? 'женщинам' : 'мужчинам');
  const isNew = product === null;
  return (
    <section className="panel">
      <h2>Описание и цена</h2>
      {result?.ok && (
        <p className="notice" role="status">
          Изменения сохранены. Магазин уже показывает их.
        </p>
      )}
      <Form
        method="post"
        noValidate
        className="product-form"
        encType={isNew ? 'multipart/form-data' : undefined}
      >
        {isNew ? (
          <NameAndSlug errors={errors} />
        ) : (
          <>
            <Field label="Название" name="name" defaultValue={product.name} error={errors.name} />
            <Field
              label="Адрес страницы"
              name="slug"
              defaultValue={product.slug}
              error={errors.slug}
              hint="Латинские строчные буквы, цифры и дефисы: /product/адрес. Старые ссылки на товар перестанут работать."
            />
          </>
        )}
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
        <SizesFieldset product={product} cities={withStock ? options.cities : []} errors={errors} />
        {isNew && (
          <div className="wide">
            <Field
              label="Фотографии"
              name="photos"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              error={errors.photos}
              hint="Можно сразу несколько: JPEG, PNG или WebP до 10 МБ, не меньше 600 × 800 пикселей. Первая будет видна в списках; порядок можно поменять после создания."
            />
          </div>
        )}
        <FormAlert message={errors._form} />
        <button className="button" name="intent" value="save" disabled={busy}>
          {isNew ? 'Создать товар' : 'Сохранить'}
        </button>
        {isNew && (
          <p className="hint wide">
            Товар создаётся скрытым: покупатели увидят его после того, как вы нажмёте «Опубликовать».
          </p>
        )}
      </Form>
    </section>
  );
}

/**
 * A new product's name and page address: the address follows the name (transliterated, contract proposeSlug) until
 * staff change it by hand; emptied again, it follows the name again. Left empty, the API proposes it on save.
 */
function NameAndSlug({ errors }: { errors: Record<string, string> }) {
  const [name, setName] = useState('');
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const slug = typedSlug ?? liveSlug(name);
  return (
    <>
      <Field
        label="Название"
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <Field
        label="Адрес страницы"
        name="slug"
        value={slug}
        onChange={(e) => setTypedSlug(e.target.value === '' ? null : e.target.value)}
        error={errors.slug}
        hint={
          typedSlug === null
            ? 'Предлагается по названию; можно изменить. Латинские строчные буквы, цифры и дефисы: /product/адрес. Если такой адрес занят, магазин добавит -2.'
            : 'Латинские строчные буквы, цифры и дефисы: /product/адрес. Очистите поле, чтобы снова предложить адрес по названию.'
        }
      />
    </>
  );
}
