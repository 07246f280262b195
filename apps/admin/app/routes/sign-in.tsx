import { useState } from 'react';
import { Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ApiError, SecondFactorBody, StaffSignInBody, type StaffSessionState } from '@kiim/contract';
import type { Route } from './+types/sign-in';
import { adminApi } from '../lib/api.ts';
import { errorsOf, submit, type FormResult } from '../lib/form.ts';
import { nextPath } from '../lib/session.ts';
import { Field, FormAlert } from '../components/Form.tsx';

/** Where a session stage leads: the second factor stays here, enrolment goes to security, a full session onward. */
function onward(state: StaffSessionState, request: Request) {
  if (state.stage === 'signed_in') return redirect(nextPath(request));
  if (state.stage === 'enrolment') return redirect('/security');
  return null;
}

/** Already signed in → onward; waiting for the second factor → its step. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = await adminApi<StaffSessionState>('GET', '/session').catch((e) => {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  });
  const next = state && onward(state, request);
  if (next) throw next;
  return { step: state?.stage === 'second_factor' ? ('code' as const) : ('password' as const) };
}

/** Step one (e-mail and password) or two (a code of the app or a recovery code), by the form's `intent`. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  form.delete('intent');
  const result: FormResult<StaffSessionState> =
    intent === 'code'
      ? await submit(SecondFactorBody, form, (body) => adminApi('POST', '/session/second-factor', body))
      : await submit(StaffSignInBody, form, (body) => adminApi('POST', '/session', body));
  if (result.ok) return onward(result.data, request) ?? { step: 'code' as const, result };
  return { step: intent === 'code' ? ('code' as const) : ('password' as const), result };
}

/** The sign-in page: e-mail and password, then the code of the authenticator app (or a recovery code). */
export default function SignIn() {
  const loaded = useLoaderData<typeof clientLoader>();
  const action = useActionData<typeof clientAction>();
  const step = action?.step ?? loaded.step;
  const errors = errorsOf(action?.result);
  const busy = useNavigation().state !== 'idle';
  return (
    <main className="centered">
      <section className="panel narrow">
        <h1>Вход в панель управления</h1>
        {step === 'password' ? (
          <PasswordStep errors={errors} busy={busy} />
        ) : (
          <CodeStep errors={errors} busy={busy} />
        )}
      </section>
    </main>
  );
}

function PasswordStep({ errors, busy }: { errors: Record<string, string>; busy: boolean }) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="password" />
      <Field
        label="Электронная почта"
        name="email"
        type="email"
        autoComplete="username"
        error={errors.email}
      />
      <Field
        label="Пароль"
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <FormAlert message={errors._form} />
      <button className="button" type="submit" disabled={busy}>
        Войти
      </button>
    </Form>
  );
}

function CodeStep({ errors, busy }: { errors: Record<string, string>; busy: boolean }) {
  const [recovery, setRecovery] = useState(false);
  return (
    <Form method="post" noValidate key={recovery ? 'recovery' : 'code'}>
      <input type="hidden" name="intent" value="code" />
      <p>Пароль верный. Подтвердите вход вторым фактором.</p>
      {recovery ? (
        <Field
          label="Резервный код"
          name="recoveryCode"
          autoComplete="off"
          error={errors.recoveryCode ?? errors.code}
          hint="Например, abcde-23456. Каждый код работает один раз."
        />
      ) : (
        <Field
          label="Код из приложения-аутентификатора"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code}
        />
      )}
      <FormAlert message={errors._form} />
      <button className="button" type="submit" disabled={busy}>
        Подтвердить
      </button>
      <button type="button" className="link-button" onClick={() => setRecovery(!recovery)}>
        {recovery ? 'Ввести код из приложения' : 'Нет доступа к приложению? Ввести резервный код'}
      </button>
    </Form>
  );
}
