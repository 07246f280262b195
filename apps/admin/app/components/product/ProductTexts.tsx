import type { AdminProduct } from '@kiim/contract';
import { Field, TextAreaField } from '../Form.tsx';

// The product form's longer texts: its text area, and the Kazakh part of the form (issue 13).

/**
 * The «Қазақша» part of the product form: the Kazakh name, colour, description, composition and care the
 * storefront shows in Kazakh. Each is kept with the Russian text it translates (a changed Russian text keeps its
 * Kazakh one); products with the same Russian text share it. Empty: the storefront shows the Russian text.
 */
export function Kazakh({
  product,
  errors,
}: {
  product: AdminProduct | null;
  errors: Record<string, string>;
}) {
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

/** A product text area: spans the form, three rows (the product's longer texts). */
export const TextArea = (props: Parameters<typeof TextAreaField>[0]) => (
  <TextAreaField wide rows={3} {...props} />
);
