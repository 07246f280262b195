import { Form, useNavigation } from 'react-router';
import type { AdminProduct } from '@kiim/contract';
import { errorsOf } from '../../lib/form.ts';
import { resultOf, type ProductAnswer } from '../../lib/product-form.ts';
import { Field, FormAlert } from '../Form.tsx';

// A product's publication and its pictures on the product screen (issue 12, decision 020): publish or hide, upload
// one more picture, move one up or down, remove one.

/** Whether shoppers see the product, and the button that shows or hides it. */
export function Publication({ product, answer }: { product: AdminProduct; answer?: ProductAnswer }) {
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

/** The product's pictures in order with their buttons, and the upload of one more. */
export function Pictures({ product, answer }: { product: AdminProduct; answer?: ProductAnswer }) {
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
