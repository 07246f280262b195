import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { BANNER_SLOTS, BannerInput, type AdminBanner } from '@kiim/contract';
import type { Route } from './+types/catalogue-banners';
import { adminApi, adminUpload, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { CatalogueTabs } from '../components/CatalogueTabs.tsx';
import { Field, FormAlert, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** Banners by slot of spec §9 (permission catalogue.edit); `?edit={id}` opens one in the form. */
export async function clientLoader() {
  return (await screenData<{ items: AdminBanner[] }>('/catalogue/banners')).items;
}

/** Create a banner, save the one being edited, or upload its picture. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  if (form.get('intent') === 'image') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      return { ok: false as const, errors: { file: 'Выберите файл' }, at: Date.now() };
    return attempt(() => adminUpload<AdminBanner>(`/catalogue/banners/${id}/image`, file));
  }
  const { id: _id, intent: _intent, ...values } = formObject(form);
  const body = { ...values, active: values.active === 'on' };
  return submit(BannerInput, body, (b) =>
    id
      ? adminApi<AdminBanner>('PUT', `/catalogue/banners/${id}`, b)
      : adminApi<AdminBanner>('POST', '/catalogue/banners', b),
  );
}

/** Where a slot shows, as staff read it. */
const SLOT_NAME: Record<(typeof BANNER_SLOTS)[number], string> = {
  'home-women': 'Главная «Женщинам»',
  'home-women-mobile': 'Главная «Женщинам», телефон',
  'home-men': 'Главная «Мужчинам»',
  'home-men-mobile': 'Главная «Мужчинам», телефон',
  'category-women': 'Категории для женщин',
  'category-women-mobile': 'Категории для женщин, телефон',
  'category-men': 'Категории для мужчин',
  'category-men-mobile': 'Категории для мужчин, телефон',
  'four-large-banners': 'Четыре больших баннера на главной',
};

/** An instant as a `datetime-local` value in Almaty time (UTC+5). */
const almatyLocal = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(0, 16) : '';

const rows = createColumnHelper<ListFeatures, AdminBanner>();
const columns = rows.columns([
  rows.accessor('image', {
    header: 'Картинка',
    cell: (c) =>
      c.getValue() ? <img src={c.getValue()!.src} alt="" width={120} className="thumb" /> : 'Нет',
  }),
  rows.accessor('title', {
    header: 'Баннер',
    cell: (c) => (
      <>
        <strong>{c.getValue()}</strong>
        <br />
        <small>
          {SLOT_NAME[c.row.original.slot]}, № {c.row.original.position}
        </small>
      </>
    ),
  }),
  rows.accessor('startsAt', {
    header: 'Показ',
    cell: (c) => {
      const { endsAt } = c.row.original;
      const from = c.getValue() ? `с ${formatDateTime(c.getValue())}` : 'сразу';
      return `${from}, ${endsAt ? `по ${formatDateTime(endsAt)}` : 'без срока'}`;
    },
  }),
  rows.accessor('active', { header: 'Состояние', cell: (c) => (c.getValue() ? 'Показывается' : 'Скрыт') }),
  rows.display({
    id: 'edit',
    header: 'Действия',
    cell: (c) => <Link to={`?edit=${c.row.original.id}`}>Изменить</Link>,
  }),
]);

export default function Banners() {
  const banners = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  const editing = banners.find((b) => String(b.id) === params.get('edit'));
  return (
    <>
      <h1>Баннеры</h1>
      <CatalogueTabs />
      <BannerForm key={editing?.id ?? 'new'} editing={editing} />
      <section className="panel">
        <h2>Все баннеры</h2>
        <DataTable
          caption="Баннеры"
          columns={columns}
          data={banners}
          rowId={(b) => String(b.id)}
          empty="Баннеров пока нет."
        />
      </section>
    </>
  );
}

/** The form of a new banner or of the one being edited, with its picture's upload. */
function BannerForm({ editing }: { editing: AdminBanner | undefined }) {
  const result = useActionData<typeof clientAction>();
  const errors = errorsOf(result);
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="panel">
      <h2>{editing ? `Изменить: ${editing.title}` : 'Новый баннер'}</h2>
      {!editing && (
        <p className="hint">Новый баннер сохраняется скрытым: включите показ после загрузки картинки.</p>
      )}
      {result?.ok && (
        <p className="notice" role="status">
          Баннер сохранён.
        </p>
      )}
      <Form
        method="post"
        noValidate
        className="product-form"
        key={`${editing?.id ?? 'new'}-${result?.ok ? result.at : ''}`}
      >
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <BannerFields editing={editing} errors={errors} />
        <label className="check">
          <input type="checkbox" name="active" defaultChecked={editing?.active} /> Показывать в магазине
        </label>
        {errors.active && (
          <p className="field-error" role="alert">
            {errors.active}
          </p>
        )}
        <FormAlert message={errors._form} />
        <button className="button" name="intent" value="save" disabled={busy}>
          {editing ? 'Сохранить' : 'Создать баннер'}
        </button>
      </Form>
      {editing && <BannerPicture banner={editing} busy={busy} error={errors.file} />}
      {editing && <Link to="?">Отменить изменение</Link>}
    </section>
  );
}

/** The banner's fields: slot, order, texts, link, picture description, text colour, show dates. */
function BannerFields({
  editing,
  errors,
}: {
  editing: AdminBanner | undefined;
  errors: Record<string, string>;
}) {
  const text = (name: keyof AdminBanner) => String(editing?.[name] ?? '');
  return (
    <>
      <SelectField
        label="Место"
        name="slot"
        defaultValue={text('slot')}
        error={errors.slot}
        options={BANNER_SLOTS.map((s) => [s, SLOT_NAME[s]] as const)}
      />
      <Field
        label="Порядок в месте"
        name="position"
        inputMode="numeric"
        defaultValue={text('position') || '1'}
        error={errors.position}
      />
      <Field label="Заголовок" name="title" defaultValue={text('title')} error={errors.title} />
      <Field label="Подзаголовок" name="subtitle" defaultValue={text('subtitle')} error={errors.subtitle} />
      <Field
        label="Текст кнопки"
        name="buttonText"
        defaultValue={text('buttonText')}
        error={errors.buttonText}
      />
      <Field
        label="Ссылка"
        name="href"
        defaultValue={text('href')}
        placeholder="/category/zhenskie-dzhinsy"
        error={errors.href}
      />
      <Field label="Описание картинки" name="alt" defaultValue={text('alt')} error={errors.alt} />
      <SelectField
        label="Цвет текста"
        name="theme"
        defaultValue={text('theme') || 'dark'}
        error={errors.theme}
        options={[
          ['dark', 'Тёмный на светлой картинке'],
          ['light', 'Светлый на тёмной картинке'],
        ]}
      />
      <Field
        label="Показывать с (время Алматы)"
        name="startsAt"
        type="datetime-local"
        defaultValue={almatyLocal(editing?.startsAt ?? null)}
        error={errors.startsAt}
      />
      <Field
        label="Показывать по"
        name="endsAt"
        type="datetime-local"
        defaultValue={almatyLocal(editing?.endsAt ?? null)}
        error={errors.endsAt}
      />
    </>
  );
}

/** The upload of a banner's picture. */
function BannerPicture({ banner, busy, error }: { banner: AdminBanner; busy: boolean; error?: string }) {
  return (
    <Form method="post" encType="multipart/form-data" className="inline-form">
      <input type="hidden" name="id" value={banner.id} />
      <Field
        label="Картинка (не меньше 480 × 240 пикселей)"
        name="file"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        error={error}
      />
      <button className="button" name="intent" value="image" disabled={busy}>
        Загрузить картинку
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
