import type { ReactNode } from 'react';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { errorsOf, type FormResult } from '../lib/form.ts';
import { CatalogueTabs } from './CatalogueTabs.tsx';
import { DataTable, type ListFeatures } from './DataTable.tsx';
import { Field, FormAlert } from './Form.tsx';
import type { ColumnDef } from '@tanstack/react-table';

// The frame shared by the city, category and brand screens (issue 27): heading, tabs, hint, the create-or-edit
// form and the list(s), so each screen only says its own fields and columns.

/** What a structure screen's action answers (lib/structure.ts): the API's answer and which form sent it. */
type StructureResult = (FormResult & { source: 'row' | 'form' }) | undefined;

/** The row that `?edit={id}` opens in the form, if it is in `items`. */
export function useEditing<T extends { id: number }>(items: readonly T[]): T | undefined {
  const [params] = useSearchParams();
  return items.find((item) => String(item.id) === params.get('edit'));
}

/** The action's answer to the form (not to a row's button), with its messages by field. */
export function useFormAnswer() {
  const answer = useActionData() as StructureResult;
  const result = answer?.source === 'form' ? answer : undefined;
  return { result, errors: errorsOf(result), busy: useNavigation().state !== 'idle' };
}

/** The screen: `title`, tabs, `hint`, then `form`, then `children` (the lists); a row button's refusal on top. */
export function StructureScreen({
  title,
  hint,
  form,
  children,
}: {
  title: string;
  hint: string;
  form: ReactNode;
  children: ReactNode;
}) {
  const answer = useActionData() as StructureResult;
  return (
    <>
      <h1>{title}</h1>
      <CatalogueTabs />
      <p className="hint">{hint}</p>
      {form}
      {answer?.source === 'row' && <FormAlert message={errorsOf(answer)._form} />}
      {children}
    </>
  );
}

/** One list of a structure screen in its panel. */
export function StructureList<T extends { id: number }>({
  heading,
  caption,
  columns,
  data,
  empty,
}: {
  heading: string;
  caption: string;
  columns: ColumnDef<ListFeatures, T, unknown>[];
  data: T[];
  empty: string;
}) {
  return (
    <section className="panel">
      <h2>{heading}</h2>
      <DataTable caption={caption} columns={columns} data={data} rowId={(r) => String(r.id)} empty={empty} />
    </section>
  );
}

/**
 * The create-or-edit form: `editing` is the row being changed (undefined for a new one); remounted when the saved
 * row comes back from the loader, so the fields show what is stored. `after` goes below the form (an upload).
 */
export function StructureForm({
  editing,
  newTitle,
  addLabel,
  children,
  after,
}: {
  editing: { id: number; name: string } | undefined;
  newTitle: string;
  addLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { result, errors, busy } = useFormAnswer();
  return (
    <section className="panel">
      <h2>{editing ? `Изменить: ${editing.name}` : newTitle}</h2>
      <Form
        method="post"
        noValidate
        className="product-form"
        key={`${editing ? JSON.stringify(editing) : 'new'}-${result?.ok ? result.at : ''}`}
      >
        {editing && <input type="hidden" name="id" value={editing.id} />}
        {children}
        <FormAlert message={errors._form} />
        <button className="button" name="intent" value="save" disabled={busy}>
          {editing ? 'Сохранить' : addLabel}
        </button>
        {result?.ok && !busy && <span role="status"> Сохранено</span>}
      </Form>
      {after}
      {editing && <Link to="?">Отменить изменение</Link>}
    </section>
  );
}

/** The name and Kazakh name fields every structure row has. */
export function NameFields({
  name,
  nameKk,
  errors,
}: {
  name: string;
  nameKk: string;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field label="Название" name="name" defaultValue={name} error={errors.name} />
      <Field
        label="Название на казахском"
        name="nameKk"
        lang="kk"
        defaultValue={nameKk}
        hint="Пусто — казахская версия магазина покажет русское название."
        error={errors.nameKk}
      />
    </>
  );
}

/** A list cell: the Russian name in bold, the Kazakh one under it, then `extra` (an address…). */
export function NameCell({
  name,
  nameKk,
  extra,
}: {
  name: string;
  nameKk?: string | null;
  extra?: ReactNode;
}) {
  return (
    <>
      <strong>{name}</strong>
      {nameKk && (
        <>
          <br />
          <small lang="kk">{nameKk}</small>
        </>
      )}
      {extra && (
        <>
          <br />
          {extra}
        </>
      )}
    </>
  );
}
