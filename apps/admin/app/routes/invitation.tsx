import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import {
  AcceptInvitationBody,
  ApiError,
  type InvitationDetails,
  type StaffSessionState,
} from '@kiim/contract';
import { ROLE_NAME } from '@kiim/contract/staff-permissions';
import type { Route } from './+types/invitation';
import { adminApi } from '../lib/api.ts';
import { errorsOf, formObject, submit } from '../lib/form.ts';
import { Field, FormAlert } from '../components/Form.tsx';

/** The link's secret: what follows `#` (never sent to the server in the address, so never in its logs). */
const tokenOfPage = () => window.location.hash.slice(1);

/** The invitation the link names, or why it cannot be used. */
export async function clientLoader() {
  const token = tokenOfPage();
  if (!token)
    return { invalid: 'В ссылке нет приглашения. Откройте ссылку из письма или сообщения целиком.' };
  try {
    return { details: await adminApi<InvitationDetails>('POST', '/invitation/lookup', { token }) };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500)
      return { invalid: e.body.errors?.token?.[0] ?? e.body.message };
    throw e;
  }
}

/** Accepts: name and password (typed twice) → the account is made and signed in. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = formObject(await request.formData());
  if (values.password !== values.passwordAgain) {
    return { ok: false as const, errors: { passwordAgain: 'Пароли не совпадают' }, at: Date.now() };
  }
  const result = await submit(
    AcceptInvitationBody,
    { token: tokenOfPage(), name: values.name, password: values.password },
    (body) => adminApi<StaffSessionState>('POST', '/invitation/accept', body),
  );
  if (result.ok && result.data.stage === 'enrolment') return redirect('/security');
  return result;
}

/** After accepting, the link is used up: the page keeps showing the welcome rather than re-reading it. */
export const shouldRevalidate = () => false;

/** The invitee's page: who invited them as what, then name and password; afterwards an offer to set up two-factor. */
export default function Invitation() {
  const loaded = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state !== 'idle';
  const errors = errorsOf(result);
  return (
    <main className="centered">
      <section className="panel narrow">
        <h1>Приглашение в команду Kiim</h1>
        {result?.ok ? (
          <>
            <p>Добро пожаловать! Учётная запись создана, вы вошли в панель управления.</p>
            <p>Рекомендуем сразу включить двухфакторную защиту входа.</p>
            <Link className="button" to="/security">
              Настроить защиту
            </Link>{' '}
            <Link className="button secondary" to="/">
              Позже
            </Link>
          </>
        ) : 'invalid' in loaded ? (
          <p className="form-alert" role="alert">
            {loaded.invalid}
          </p>
        ) : (
          <Form method="post" noValidate>
            <p>
              Вас пригласили на почту <strong>{loaded.details!.email}</strong> с ролью «
              {ROLE_NAME[loaded.details!.role]}».
            </p>
            <Field
              label="Имя"
              name="name"
              defaultValue={loaded.details!.name}
              autoComplete="name"
              error={errors.name}
            />
            <Field
              label="Пароль"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              hint="Не короче 12 символов, с буквами и цифрами."
            />
            <Field
              label="Пароль ещё раз"
              name="passwordAgain"
              type="password"
              autoComplete="new-password"
              error={errors.passwordAgain}
            />
            <FormAlert message={errors._form ?? errors.token} />
            <button className="button" type="submit" disabled={busy}>
              Создать учётную запись
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}
