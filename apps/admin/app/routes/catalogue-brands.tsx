import { Form, useLoaderData } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { BRAND_LOGO_MIN_HEIGHT, BRAND_LOGO_MIN_WIDTH, BrandInput, type AdminBrand } from '@kiim/contract';
import type { Route } from './+types/catalogue-brands';
import { adminUpload, screenData } from '../lib/api.ts';
import { attempt } from '../lib/form.ts';
import { structureAction } from '../lib/structure.ts';
import type { ListFeatures } from '../components/DataTable.tsx';
import { Field, TextAreaField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { StructureRow } from '../components/StructureRow.tsx';
import {
  StructureForm,
  StructureList,
  StructureScreen,
  useEditing,
  useFormAnswer,
} from '../components/StructureScreen.tsx';

/** Brands by name (permission catalogue.edit, issue 27); `?edit={id}` opens one in the form. */
export async function clientLoader() {
  return (await screenData<{ items: AdminBrand[] }>('/catalogue/brands')).items;
}

/** Create a brand, save the one being edited, upload its logo, or a row's button: show, hide, delete. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'logo') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      return {
        ok: false as const,
        errors: { file: 'Выберите файл' },
        at: Date.now(),
        source: 'form' as const,
      };
    const id = String(form.get('id') ?? '');
    const uploaded = await attempt(() => adminUpload<AdminBrand>(`/catalogue/brands/${id}/logo`, file));
    return { ...uploaded, source: 'form' as const };
  }
  return structureAction('brands', BrandInput, form);
}

const rows = createColumnHelper<ListFeatures, AdminBrand>();
const columns = rows.columns([
  rows.accessor('logo', {
    header: 'Логотип',
    cell: (c) => (c.getValue() ? <img src={c.getValue()!.src} alt="" width={96} className="thumb" /> : 'Нет'),
  }),
  rows.accessor('name', {
    header: 'Бренд',
    cell: (c) => (
      <>
        <strong>{c.getValue()}</strong>
        <br />
        <small>
          {c.row.original.country}
          {c.row.original.countryKk && <span lang="kk"> · {c.row.original.countryKk}</span>}
        </small>
      </>
    ),
  }),
  rows.accessor('productCount', { header: 'Товаров' }),
  rows.accessor('hidden', {
    header: 'Страница брендов',
    cell: (c) => (c.getValue() ? 'Скрыт' : 'Виден'),
  }),
  rows.display({
    id: 'actions',
    header: 'Действия',
    cell: (c) => (
      <StructureRow
        id={c.row.original.id}
        name={c.row.original.name}
        hidden={c.row.original.hidden}
        movable={false}
      />
    ),
  }),
]);

export default function Brands() {
  const brands = useLoaderData<typeof clientLoader>();
  const editing = useEditing(brands);
  return (
    <StructureScreen
      title="Бренды"
      hint="Скрытый бренд не виден на странице брендов, его товары продаются как прежде. Удалить можно только бренд без товаров."
      form={<BrandForm key={editing?.id ?? 'new'} editing={editing} />}
    >
      <StructureList
        heading="Все бренды"
        caption="Бренды"
        columns={columns}
        data={brands}
        empty="Брендов пока нет: добавьте первый."
      />
    </StructureScreen>
  );
}

/** The fields of a new brand or of the one being edited, with its logo's upload. */
function BrandForm({ editing }: { editing: AdminBrand | undefined }) {
  const { errors, busy } = useFormAnswer();
  const text = (name: keyof AdminBrand) => String(editing?.[name] ?? '');
  const logo = editing && (
    <Form method="post" encType="multipart/form-data" className="inline-form">
      <input type="hidden" name="id" value={editing.id} />
      <Field
        label={`Логотип (не меньше ${BRAND_LOGO_MIN_WIDTH} × ${BRAND_LOGO_MIN_HEIGHT} пикселей)`}
        name="file"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        error={errors.file}
      />
      <button className="button" name="intent" value="logo" disabled={busy}>
        Загрузить логотип
      </button>
    </Form>
  );
  return (
    <StructureForm editing={editing} newTitle="Новый бренд" addLabel="Добавить бренд" after={logo}>
      <Field label="Название" name="name" defaultValue={text('name')} error={errors.name} />
      <Field
        label="Адрес (латиницей)"
        name="slug"
        defaultValue={text('slug')}
        placeholder="steppe-wool"
        error={errors.slug}
      />
      <Field label="Страна" name="country" defaultValue={text('country')} error={errors.country} />
      <Field
        label="Страна на казахском"
        name="countryKk"
        lang="kk"
        defaultValue={text('countryKk')}
        error={errors.countryKk}
      />
      <TextAreaField
        label="Описание"
        name="description"
        defaultValue={text('description')}
        error={errors.description}
      />
      <TextAreaField
        label="Описание на казахском"
        name="descriptionKk"
        lang="kk"
        defaultValue={text('descriptionKk')}
        error={errors.descriptionKk}
      />
      <p className="hint">Пусто на казахском — казахская версия магазина покажет русский текст.</p>
      <label className="check">
        <input type="checkbox" name="hidden" defaultChecked={editing?.hidden} /> Скрыть на странице брендов
      </label>
    </StructureForm>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
