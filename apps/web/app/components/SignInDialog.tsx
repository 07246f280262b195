import { useEffect, useId, useState, useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';
import { Link, useFetcher, useLocation, type Form, type Location } from 'react-router';
import { formatPhone } from '@kiim/contract/format';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * Steps of the sign-in dialog (issue 4), each a value of `?signin=`:
 * `phone` → `code` (sign in by SMS code), `password` (sign in by password), `register` → `register-code`
 * (registration by phone with code and name), `recover` → `recover-code` → `new-password` (recovery).
 */
export const SIGN_IN_STEPS = [
  'phone',
  'code',
  'password',
  'register',
  'register-code',
  'recover',
  'recover-code',
  'new-password',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

/** Query parameters the dialog owns; everything else belongs to the page beneath it. */
const SIGNIN_PARAMS = ['signin', 'mobile', 'name', 'surname', 'wait', 'sent', 'returnTo', 'signinError'];

/** Whether a string is a step of the dialog. */
export const isSignInStep = (v: unknown): v is SignInStep => SIGN_IN_STEPS.includes(v as SignInStep);

/**
 * What the sign-in action answers when a step fails: the step, Russian messages by field (`_form` for the
 * whole form), the values to fill back in (never passwords or codes) and, after a 429, the seconds to wait.
 */
export interface SignInResult {
  step: SignInStep;
  errors: Record<string, string>;
  values: Record<string, string>;
  retryAfterSeconds?: number;
  /** Changes with every answer, so a countdown restarts. */
  at: number;
}

/** The current address without the sign-in dialog's own parameters. */
export function pathWithoutSignIn(location: Pick<Location, 'pathname' | 'search'>): string {
  const q = new URLSearchParams(location.search);
  for (const p of SIGNIN_PARAMS) q.delete(p);
  const s = q.toString();
  return location.pathname + (s ? `?${s}` : '');
}

/**
 * Address of a dialog step over the page `from`: `from?…&signin=step&…`, with `returnTo` when it differs
 * from `from`, and the step's own parameters (empty ones left out).
 */
export function signInStepHref(from: string, returnTo: string, step: SignInStep, params: Record<string, string | undefined> = {}): string {
  const url = new URL(from, 'http://x');
  for (const p of SIGNIN_PARAMS) url.searchParams.delete(p);
  url.searchParams.set('signin', step);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  if (returnTo !== from) url.searchParams.set('returnTo', returnTo);
  return url.pathname + url.search;
}

/** Link that opens the sign-in dialog over the current page (`?signin=phone`), returning to `returnTo` after. */
export function signInHref(location: Pick<Location, 'pathname' | 'search'>, returnTo?: string): string {
  const from = pathWithoutSignIn(location);
  return signInStepHref(from, returnTo ?? from, 'phone');
}

const TITLES: Record<SignInStep, string> = {
  phone: 'Вход в Kiim',
  code: 'Вход в Kiim',
  password: 'Вход по паролю',
  register: 'Регистрация',
  'register-code': 'Регистрация',
  recover: 'Восстановление пароля',
  'recover-code': 'Восстановление пароля',
  'new-password': 'Восстановление пароля',
};

/**
 * Sign-in, registration and password recovery as a dialog over any page (spec §2, issue 4). Its state
 * lives in the URL (`?signin=<step>&mobile=…`), its forms post to `/auth/sign-in`: with JavaScript through
 * a fetcher (errors appear beside the fields, typed values stay), without it as plain forms (errors then
 * show on the /auth/sign-in page).
 */
export function SignInDialog() {
  const location = useLocation();
  const fetcher = useFetcher<SignInResult>({ key: 'sign-in' });
  const q = new URLSearchParams(location.search);
  const step = q.get('signin');
  if (!isSignInStep(step) || location.pathname.toLowerCase() === '/auth/sign-in') return null;
  const from = pathWithoutSignIn(location);
  const returnTo = q.get('returnTo') ?? from;
  const result = fetcher.data?.step === step ? fetcher.data : undefined;
  return (
    <ConfirmDialog title={TITLES[step]} closeHref={from} testId="sign-in-dialog">
      <SignInPanel
        step={step}
        from={from}
        returnTo={returnTo}
        query={q}
        result={result}
        busy={fetcher.state !== 'idle'}
        FormComponent={fetcher.Form}
      />
    </ConfirmDialog>
  );
}

type FormComponent = typeof Form;

/**
 * The form of one step (shared by the dialog and the /auth/sign-in page).
 * @param from the page the dialog is over (next steps open over it); @param returnTo where to go when signed in.
 */
export function SignInPanel({
  step,
  from,
  returnTo,
  query,
  result,
  busy,
  FormComponent,
}: {
  step: SignInStep;
  from: string;
  returnTo: string;
  query: URLSearchParams;
  result?: SignInResult;
  busy: boolean;
  FormComponent: FormComponent;
}) {
  const errors = result?.errors ?? {};
  const value = (k: string) => result?.values[k] ?? query.get(k) ?? '';
  const mobile = value('mobile');
  const href = (s: SignInStep, params: Record<string, string | undefined> = {}) => signInStepHref(from, returnTo, s, params);
  const waitSeconds = result?.retryAfterSeconds ?? (query.get('wait') ? Number(query.get('wait')) : undefined);
  const waitKey = result?.retryAfterSeconds ? `r${result.at}` : (query.get('sent') ?? '');

  const common = { FormComponent, step, from, returnTo, formError: errors._form };

  const phoneField = (autoFocus = true) => (
    <Field
      label="Номер телефона"
      name="mobile"
      error={errors.mobile}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 7__ ___ __ __"
      defaultValue={mobile ? formatPhone(mobile) : ''}
      maxLength={32}
      required
      autoFocus={autoFocus}
    />
  );
  const codeField = (
    <Field
      label="Код из SMS"
      name="code"
      error={errors.code}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      placeholder="••••••"
      required
      autoFocus
    />
  );
  const sentTo = (
    <p className="muted">
      Мы отправили код на номер <strong>{formatPhone(mobile)}</strong>. Он действует 5 минут.{' '}
      <Link to={href(step === 'code' ? 'phone' : step === 'register-code' ? 'register' : 'recover', { mobile, name: value('name'), surname: value('surname') })} preventScrollReset replace>
        Изменить номер
      </Link>
    </p>
  );

  switch (step) {
    case 'phone':
      return (
        <>
          <SignInStepForm {...common} intent="send-code">
            <p className="muted">Введите номер мобильного телефона — мы пришлём SMS с кодом для входа.</p>
            {phoneField()}
            <button className="button button--primary" type="submit" disabled={busy}>
              Получить код
            </button>
          </SignInStepForm>
          <p className="sign-in__links">
            <Link to={href('password', { mobile })} preventScrollReset replace>
              Войти по паролю
            </Link>
            <Link to={href('register', { mobile })} preventScrollReset replace>
              Зарегистрироваться
            </Link>
          </p>
        </>
      );
    case 'code':
      return (
        <SignInStepForm {...common} intent="confirm">
          {sentTo}
          <input type="hidden" name="mobile" value={mobile} />
          {codeField}
          <button className="button button--primary" type="submit" disabled={busy}>
            Войти
          </button>
          <ResendButton intent="send-code" busy={busy} waitSeconds={waitSeconds} waitKey={waitKey} />
        </SignInStepForm>
      );
    case 'password':
      return (
        <>
          <SignInStepForm {...common} intent="password">
            {phoneField()}
            <PasswordField label="Пароль" name="password" error={errors.password} autoComplete="current-password" />
            <button className="button button--primary" type="submit" disabled={busy}>
              Войти
            </button>
          </SignInStepForm>
          <p className="sign-in__links">
            <Link to={href('recover', { mobile })} preventScrollReset replace>
              Забыли пароль?
            </Link>
            <Link to={href('phone', { mobile })} preventScrollReset replace>
              Войти по коду из SMS
            </Link>
          </p>
        </>
      );
    case 'register':
      return (
        <>
          <SignInStepForm {...common} intent="register">
            <Field label="Имя" name="name" error={errors.name} autoComplete="given-name" maxLength={50} defaultValue={value('name')} required autoFocus />
            <Field label="Фамилия (необязательно)" name="surname" error={errors.surname} autoComplete="family-name" maxLength={50} defaultValue={value('surname')} />
            {phoneField(false)}
            <p className="muted small">
              Нажимая «Получить код», вы соглашаетесь с <Link to="/info/dogovor-publichnoj-oferty">публичной офертой</Link> и{' '}
              <Link to="/info/politika-konfidencialnosti">политикой конфиденциальности</Link>.
            </p>
            <button className="button button--primary" type="submit" disabled={busy}>
              Получить код
            </button>
          </SignInStepForm>
          <p className="sign-in__links">
            <Link to={href('phone', { mobile })} preventScrollReset replace>
              Уже есть аккаунт? Войти
            </Link>
          </p>
        </>
      );
    case 'register-code':
      return (
        <SignInStepForm {...common} intent="register-confirm">
          {sentTo}
          <input type="hidden" name="mobile" value={mobile} />
          <input type="hidden" name="name" value={value('name')} />
          <input type="hidden" name="surname" value={value('surname')} />
          {errors.name && <p className="field-error" role="alert">{errors.name}</p>}
          {codeField}
          <PasswordField
            label="Пароль (необязательно)"
            name="password"
            error={errors.password}
            autoComplete="new-password"
            required={false}
            hint="Чтобы входить без SMS: не короче 8 символов, хотя бы одна буква и одна цифра."
          />
          <button className="button button--primary" type="submit" disabled={busy}>
            Зарегистрироваться
          </button>
          <ResendButton intent="register" busy={busy} waitSeconds={waitSeconds} waitKey={waitKey} />
        </SignInStepForm>
      );
    case 'recover':
      return (
        <>
          <SignInStepForm {...common} intent="recover">
            <p className="muted">Мы пришлём SMS с кодом на номер, к которому привязан аккаунт.</p>
            {phoneField()}
            <button className="button button--primary" type="submit" disabled={busy}>
              Получить код
            </button>
          </SignInStepForm>
          <p className="sign-in__links">
            <Link to={href('password', { mobile })} preventScrollReset replace>
              Вспомнили пароль? Войти
            </Link>
          </p>
        </>
      );
    case 'recover-code':
      return (
        <SignInStepForm {...common} intent="recover-confirm">
          {sentTo}
          <input type="hidden" name="mobile" value={mobile} />
          {codeField}
          <button className="button button--primary" type="submit" disabled={busy}>
            Продолжить
          </button>
          <ResendButton intent="recover" busy={busy} waitSeconds={waitSeconds} waitKey={waitKey} />
        </SignInStepForm>
      );
    case 'new-password':
      return (
        <SignInStepForm {...common} intent="new-password">
          <p className="muted">Вы вошли в аккаунт. Придумайте новый пароль: не короче 8 символов, хотя бы одна буква и одна цифра.</p>
          <PasswordField label="Новый пароль" name="password" error={errors.password} autoComplete="new-password" autoFocus />
          <PasswordField label="Повторите пароль" name="passwordRepeat" error={errors.passwordRepeat} autoComplete="new-password" />
          <button className="button button--primary" type="submit" disabled={busy}>
            Сохранить пароль
          </button>
        </SignInStepForm>
      );
  }
}

/**
 * The form of a step: posts to `/auth/sign-in` with the step, its intent, the page beneath (`from`) and where
 * to go when signed in; shows a form-wide error (`_form`) first. A submit button named `intent` (resend)
 * overrides the hidden one: the action reads the last `intent`.
 */
function SignInStepForm({
  FormComponent,
  step,
  intent,
  from,
  returnTo,
  formError,
  children,
}: {
  FormComponent: FormComponent;
  step: SignInStep;
  intent: string;
  from: string;
  returnTo: string;
  formError?: string;
  children: ReactNode;
}) {
  return (
    <FormComponent method="post" action="/auth/sign-in" className="stack">
      <input type="hidden" name="step" value={step} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="from" value={from} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {formError && (
        <p className="form-error" role="alert" data-testid="sign-in-error">
          {formError}
        </p>
      )}
      {children}
    </FormComponent>
  );
}

/** A labelled input with its Russian error below it (linked by aria-describedby). */
export function Field({ label, error, hint, ...input }: { label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const id = `field${useId().replace(/:/g, '')}`;
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <small className="muted" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input (8–128 characters) with a show/hide switch once JavaScript has loaded. */
export function PasswordField({ required = true, ...props }: { label: string; name: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="password-field">
      <Field type={shown ? 'text' : 'password'} maxLength={128} required={required} {...props} />
      {hydrated && (
        <button type="button" className="button button--link password-field__toggle" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
          {shown ? 'Скрыть пароль' : 'Показать пароль'}
        </button>
      )}
    </div>
  );
}

/**
 * «Отправить код ещё раз»: after a send it counts down the seconds the API asks to wait (60 s, or a 429's
 * Retry-After) and stays disabled meanwhile. Before JavaScript it is always enabled (the API still refuses
 * an early resend with a Russian message).
 */
function ResendButton({ intent, busy, waitSeconds, waitKey }: { intent: string; busy: boolean; waitSeconds?: number; waitKey: string }) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const seconds = waitSeconds && Number.isFinite(waitSeconds) ? Math.min(waitSeconds, 24 * 3600) : 0;
    const end = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [waitSeconds, waitKey]);
  const waiting = left > 0;
  const mm = Math.floor(left / 60);
  const ss = String(left % 60).padStart(2, '0');
  return (
    <button
      className="button button--link"
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      disabled={busy || waiting}
      data-testid="resend-code"
    >
      {waiting ? `Отправить код повторно через ${mm}:${ss}` : 'Отправить код ещё раз'}
    </button>
  );
}

const noSubscription = () => () => {};
/** False while rendering on the server and hydrating, true once the page runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
