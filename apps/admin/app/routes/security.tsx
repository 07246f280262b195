import { Form, redirect, useActionData, useNavigation } from 'react-router';
import {
  StaffChangePasswordBody,
  TotpCodeBody,
  type RecoveryCodes,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '@kiim/contract';
import type { Route } from './+types/security';
import { adminApi } from '../lib/api.ts';
import { errorsOf, submit, type FormResult } from '../lib/form.ts';
import { Field, FormAlert, ShownOnce } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { useMember } from './layout.tsx';

type Answer =
  | { intent: 'setup'; setup: TwoFactorSetup }
  | { intent: 'enable'; result: FormResult<TwoFactorEnabled>; setup?: TwoFactorSetup }
  | { intent: 'codes' | 'disable'; result: FormResult<RecoveryCodes | { ok: true }> }
  | { intent: 'password'; result: FormResult };

/** The member's own security: two-factor (enrol, new recovery codes, off where optional), password, sessions. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Answer | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  form.delete('intent');
  switch (intent) {
    case 'setup':
      return { intent, setup: await adminApi<TwoFactorSetup>('POST', '/two-factor/setup') };
    case 'enable': {
      const setup = {
        secret: String(form.get('secret')),
        otpauthUrl: String(form.get('otpauthUrl')),
        qrCode: String(form.get('qrCode')),
      };
      for (const k of ['secret', 'otpauthUrl', 'qrCode']) form.delete(k);
      return {
        intent,
        setup,
        result: await submit(TotpCodeBody, form, (b) =>
          adminApi<TwoFactorEnabled>('POST', '/two-factor/enable', b),
        ),
      };
    }
    case 'codes':
    case 'disable':
      return {
        intent,
        result: await submit(TotpCodeBody, form, (b) =>
          adminApi('POST', intent === 'codes' ? '/two-factor/recovery-codes' : '/two-factor/disable', b),
        ),
      };
    case 'password':
      return {
        intent,
        result: await submit(StaffChangePasswordBody, form, (b) => adminApi('POST', '/password', b)),
      };
    default:
      await adminApi('POST', '/session/sign-out-everywhere');
      return redirect('/sign-in');
  }
}

/** Recovery codes just made (by turning two-factor on, or anew), shown once. */
function shownCodes(answer: Answer | undefined): string[] | null {
  if ((answer?.intent === 'enable' || answer?.intent === 'codes') && answer.result.ok) {
    return (answer.result.data as RecoveryCodes).codes;
  }
  return null;
}

export default function Security() {
  const me = useMember();
  const answer = useActionData<typeof clientAction>();
  return (
    <>
      <h1>Безопасность</h1>
      <section className="panel">
        <h2>Двухфакторная защита</h2>
        {shownCodes(answer) ? (
          <RecoveryCodesShown codes={shownCodes(answer)!} />
        ) : me.twoFactorEnabled ? (
          <TwoFactorOn answer={answer} required={me.twoFactorRequired} left={me.recoveryCodesLeft} />
        ) : (
          <TwoFactorOff answer={answer} required={me.twoFactorRequired} />
        )}
      </section>
      <PasswordForm answer={answer} />
      <section className="panel">
        <h2>Сеансы</h2>
        <p>
          Если вы входили с чужого или потерянного устройства, завершите все сеансы: войти снова придётся
          везде.
        </p>
        <Form method="post">
          <button className="button secondary" name="intent" value="everywhere">
            Выйти на всех устройствах
          </button>
        </Form>
      </section>
    </>
  );
}

function TwoFactorOff({ answer, required }: { answer: Answer | undefined; required: boolean }) {
  const busy = useNavigation().state !== 'idle';
  const setup =
    answer?.intent === 'setup' ? answer.setup : answer?.intent === 'enable' ? answer.setup : undefined;
  if (!setup) {
    return (
      <Form method="post">
        <p>
          {required
            ? 'Для работы в панели управления нужна двухфакторная защита входа.'
            : 'Защитите вход кодом из приложения-аутентификатора (Google Authenticator, Яндекс Ключ, 1Password и др.).'}
        </p>
        <button className="button" name="intent" value="setup" disabled={busy}>
          Настроить
        </button>
      </Form>
    );
  }
  const errors = answer?.intent === 'enable' ? errorsOf(answer.result) : {};
  return (
    <Form method="post" noValidate className="enrol">
      <p>Отсканируйте QR-код приложением-аутентификатором и введите код, который оно покажет.</p>
      <img src={setup.qrCode} alt="QR-код для приложения-аутентификатора" width={200} height={200} />
      <p className="hint">
        Не получается отсканировать? Введите ключ вручную:{' '}
        <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      {(['secret', 'otpauthUrl', 'qrCode'] as const).map((k) => (
        <input key={k} type="hidden" name={k} value={setup[k]} />
      ))}
      <Field
        label="Код из приложения"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code}
      />
      <FormAlert message={errors._form} />
      <button className="button" name="intent" value="enable" disabled={busy}>
        Включить
      </button>
    </Form>
  );
}

function RecoveryCodesShown({ codes }: { codes: string[] }) {
  return (
    <>
      <ShownOnce
        title="Резервные коды"
        value={codes.join('\n')}
        note="Сохраните их в надёжном месте: они показываются один раз. Каждый код позволяет войти один раз без телефона."
      />
      <a className="button" href="/admin/">
        Коды сохранены, продолжить
      </a>
    </>
  );
}

function TwoFactorOn({
  answer,
  required,
  left,
}: {
  answer: Answer | undefined;
  required: boolean;
  left: number;
}) {
  return (
    <>
      <p>Включена. Осталось резервных кодов: {left}.</p>
      <CodeForm answer={answer} intent="codes" label="Новые резервные коды" />
      {!required && <CodeForm answer={answer} intent="disable" label="Отключить защиту" danger />}
    </>
  );
}

/** A button confirmed with a code of the app (new recovery codes, turning two-factor off). */
function CodeForm({
  answer,
  intent,
  label,
  danger,
}: {
  answer: Answer | undefined;
  intent: 'codes' | 'disable';
  label: string;
  danger?: boolean;
}) {
  const errors = answer?.intent === intent ? errorsOf(answer.result) : {};
  return (
    <Form method="post" noValidate className="inline-form">
      <Field label="Код из приложения" name="code" inputMode="numeric" error={errors.code ?? errors._form} />
      <button className={`button ${danger ? 'danger' : 'secondary'}`} name="intent" value={intent}>
        {label}
      </button>
    </Form>
  );
}

function PasswordForm({ answer }: { answer: Answer | undefined }) {
  const result = answer?.intent === 'password' ? answer.result : undefined;
  const errors = errorsOf(result);
  return (
    <section className="panel">
      <h2>Пароль</h2>
      <Form method="post" noValidate key={result?.ok ? result.at : 'password'}>
        <Field
          label="Текущий пароль"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Field
          label="Новый пароль"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
          hint="Не короче 12 символов, с буквами и цифрами."
        />
        <FormAlert message={errors._form} />
        {result?.ok && <p role="status">Пароль изменён. На других устройствах нужно войти заново.</p>}
        <button className="button" name="intent" value="password">
          Сменить пароль
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
