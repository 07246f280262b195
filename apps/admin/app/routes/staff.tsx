import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  InviteStaffBody,
  UpdateStaffBody,
  type InvitationCreated,
  type StaffInvitation,
  type StaffList,
  type StaffMember,
} from '@kiim/contract';
import { ROLE_NAME, STAFF_ROLES } from '@kiim/contract/staff-permissions';
import type { Route } from './+types/staff';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Field, FormAlert, SelectField, ShownOnce } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { useMember } from './layout.tsx';

const ROLE_OPTIONS = STAFF_ROLES.map((r) => [r, ROLE_NAME[r]] as const);

/** Staff accounts and pending invitations (permission staff.manage; the API answers 403 otherwise). */
export async function clientLoader() {
  return screenData<StaffList>('/staff');
}

/** Invite, change a role, deactivate or reactivate, reset two-factor, revoke an invitation — by `intent`. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, ...values } = formObject(await request.formData()) as Record<string, string>;
  switch (intent) {
    case 'invite':
      return {
        intent,
        result: await submit(InviteStaffBody, values, (b) =>
          adminApi<InvitationCreated>('POST', '/staff/invitations', b),
        ),
      };
    case 'role':
      return {
        intent,
        result: await submit(UpdateStaffBody, values, (b) => adminApi('PATCH', `/staff/${id}`, b)),
      };
    case 'revoke':
      return { intent, result: await attempt(() => adminApi('POST', `/staff/invitations/${id}/revoke`)) };
    default:
      return { intent, result: await attempt(() => adminApi('POST', `/staff/${id}/${intent}`)) };
  }
}

const members = createColumnHelper<ListFeatures, StaffMember>();
const memberColumns = members.columns([
  members.accessor('name', {
    header: 'Сотрудник',
    cell: (c) => (
      <>
        <strong>{c.getValue()}</strong>
        <br />
        <span className="hint">{c.row.original.email}</span>
      </>
    ),
  }),
  members.accessor('role', { header: 'Роль', cell: (c) => <RoleCell member={c.row.original} /> }),
  members.accessor('twoFactorEnabled', {
    header: 'Защита входа',
    cell: (c) => (c.getValue() ? 'Двухфакторная' : 'Только пароль'),
  }),
  members.accessor('lastSignInAt', { header: 'Последний вход', cell: (c) => formatDateTime(c.getValue()) }),
  members.accessor('active', { header: 'Доступ', cell: (c) => (c.getValue() ? 'Активен' : 'Отключён') }),
  members.display({
    id: 'actions',
    header: 'Действия',
    cell: (c) => <MemberActions member={c.row.original} />,
  }),
]);

const invitations = createColumnHelper<ListFeatures, StaffInvitation>();
const invitationColumns = invitations.columns([
  invitations.accessor('email', { header: 'Почта' }),
  invitations.accessor('role', { header: 'Роль', cell: (c) => ROLE_NAME[c.getValue()] }),
  invitations.accessor('invitedBy', { header: 'Пригласил' }),
  invitations.accessor('expiresAt', { header: 'Действует до', cell: (c) => formatDateTime(c.getValue()) }),
  invitations.display({
    id: 'actions',
    header: 'Действия',
    cell: (c) => <RowButton id={c.row.original.id} intent="revoke" label="Отозвать" />,
  }),
]);

export default function Staff() {
  const list = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1>Сотрудники</h1>
      <InviteForm />
      <section className="panel">
        <h2>Команда</h2>
        <DataTable
          caption="Сотрудники"
          columns={memberColumns}
          data={list.members}
          rowId={(m) => m.id}
          empty="Сотрудников пока нет."
        />
      </section>
      <section className="panel">
        <h2>Ждут ответа на приглашение</h2>
        <DataTable
          caption="Приглашения"
          columns={invitationColumns}
          data={list.invitations}
          rowId={(i) => i.id}
          empty="Открытых приглашений нет."
        />
      </section>
    </>
  );
}

function InviteForm() {
  const answer = useActionData<typeof clientAction>();
  const result = answer?.intent === 'invite' ? answer.result : undefined;
  const errors = errorsOf(result);
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="panel">
      <h2>Пригласить сотрудника</h2>
      {result?.ok && (
        <ShownOnce
          title={`Ссылка-приглашение для ${(result.data as InvitationCreated).invitation.email}`}
          value={(result.data as InvitationCreated).url}
          note="Передайте её сотруднику лично или в мессенджере. Ссылка показывается один раз и действует 72 часа."
        />
      )}
      <Form method="post" noValidate className="grid-form" key={result?.ok ? result.at : 'invite'}>
        <input type="hidden" name="intent" value="invite" />
        <Field label="Электронная почта" name="email" type="email" error={errors.email} />
        <Field label="Имя" name="name" error={errors.name} />
        <SelectField
          label="Роль"
          name="role"
          options={ROLE_OPTIONS}
          defaultValue="warehouse"
          error={errors.role}
        />
        <FormAlert message={errors._form} />
        <button className="button" type="submit" disabled={busy}>
          Создать приглашение
        </button>
      </Form>
    </section>
  );
}

function RoleCell({ member }: { member: StaffMember }) {
  const me = useMember();
  const fetcher = useFetcher<typeof clientAction>();
  if (member.id === me.id) return <>{ROLE_NAME[member.role]}</>;
  const error = fetcher.data ? errorsOf(fetcher.data.result)._form : undefined;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={member.id} />
      <SelectField
        label={`Роль: ${member.name}`}
        name="role"
        options={ROLE_OPTIONS}
        defaultValue={member.role}
        error={error}
        onChange={(e) => void fetcher.submit(e.currentTarget.form)}
      />
    </fetcher.Form>
  );
}

function MemberActions({ member }: { member: StaffMember }) {
  const me = useMember();
  if (member.id === me.id) return <span className="hint">Это вы</span>;
  return (
    <div className="row-actions">
      {member.active ? (
        <RowButton id={member.id} intent="deactivate" label="Отключить доступ" danger />
      ) : (
        <RowButton id={member.id} intent="activate" label="Вернуть доступ" />
      )}
      {member.twoFactorEnabled && (
        <RowButton id={member.id} intent="reset-two-factor" label="Сбросить защиту входа" />
      )}
    </div>
  );
}

function RowButton({
  id,
  intent,
  label,
  danger,
}: {
  id: string;
  intent: string;
  label: string;
  danger?: boolean;
}) {
  const fetcher = useFetcher<typeof clientAction>();
  const error = fetcher.data ? errorsOf(fetcher.data.result)._form : undefined;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        className={`button small ${danger ? 'danger' : 'secondary'}`}
        name="intent"
        value={intent}
        disabled={fetcher.state !== 'idle'}
      >
        {label}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fetcher.Form>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
