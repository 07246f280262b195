import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, type Form } from 'react-router';
import { formatPhone } from '@kiim/contract/format';
import type { FormReply } from '../../lib/form.ts';
import { useAdoptBeforeHydration } from '../../lib/hydration.ts';
import { useT } from '../../lib/text.ts';
import { Field, FieldError, FormAlert, PasswordField } from '../form/Field.tsx';
import { ResendButton } from './ResendButton.tsx';
import { signInStepHref, type SignInStep } from './sign-in-url.ts';

/** What the sign-in action answers when a step fails: the kit's reply, its step and, after a 429, the seconds to wait. */
export interface SignInReply extends FormReply {
  step: SignInStep;
  retryAfterSeconds?: number;
}

/** The contact values a shopper types, carried from step to step (never passwords or codes). */
const CONTACT_FIELDS = ['mobile', 'name', 'surname'] as const;

/** What every step shows and posts with (the dialog's or the /auth/sign-in page's state). */
export interface StepContext {
  step: SignInStep;
  /** The page the dialog is over (next steps open over it). */
  from: string;
  /** Where to go once signed in. */
  returnTo: string;
  /** The address's parameters (`mobile`, `name`, `wait`, `sent`…). */
  query: URLSearchParams;
  /** The server's refusal of this step, if any. */
  reply?: SignInReply;
  busy: boolean;
  FormComponent: typeof Form;
  /** Contact values typed in this dialog so far, kept while it steps (see CONTACT_FIELDS). */
  typed: Partial<Record<string, string>>;
  onTyped: (name: string, value: string) => void;
}

/**
 * The contact values typed while signing in, kept across steps (never passwords or codes): a number typed on
 * one step — even while the next is opening — is there on the next.
 */
export function useTypedContact(): Pick<StepContext, 'typed' | 'onTyped'> {
  const [typed, setTyped] = useState<Partial<Record<string, string>>>({});
  return { typed, onTyped: (name, value) => setTyped((t) => ({ ...t, [name]: value })) };
}

/** A contact value: what the server sent back, else what was typed in the dialog, else the address's. */
const valueOf = (ctx: StepContext, k: string) =>
  ctx.reply?.values[k] ?? ctx.typed[k] ?? ctx.query.get(k) ?? '';

/** Address of another step, carrying the contact values so far. */
const hrefOf = (ctx: StepContext, step: SignInStep) =>
  signInStepHref(ctx.from, ctx.returnTo, step, {
    mobile: valueOf(ctx, 'mobile'),
    name: valueOf(ctx, 'name'),
    surname: valueOf(ctx, 'surname'),
  });

/**
 * The form of a step: posts to `/auth/sign-in` with the step, its intent, the page beneath and where to go
 * when signed in; shows a form-wide error first. `noValidate`: every message is the contract's, from the server.
 * Typing in a contact field is remembered by the dialog, so the next step starts with it — also what was typed
 * before the page hydrated (lib/hydration.ts: no input event reached React for it).
 */
function StepForm({
  ctx,
  intent,
  id,
  children,
}: {
  ctx: StepContext;
  intent: string;
  /** The form's id, for step links outside it ({@link StepLinks}). */
  id?: string;
  children: ReactNode;
}) {
  const { FormComponent } = ctx;
  const remember = (e: FormEvent<HTMLFormElement>) => {
    const input = e.target as HTMLInputElement;
    if ((CONTACT_FIELDS as readonly string[]).includes(input.name) && input.type !== 'hidden')
      ctx.onTyped(input.name, input.value);
  };
  const ref = useAdoptBeforeHydration<HTMLFormElement>((form) => {
    for (const name of CONTACT_FIELDS) {
      const input = form.elements.namedItem(name);
      // React keeps a typed value at hydration and sets the server's as the default: they differ only if typed.
      if (input instanceof HTMLInputElement && input.type !== 'hidden' && input.value !== input.defaultValue)
        ctx.onTyped(name, input.value);
    }
  });
  return (
    <FormComponent
      ref={ref}
      id={id}
      method="post"
      action="/auth/sign-in"
      className="stack"
      noValidate
      data-step={ctx.step}
      onInput={remember}
    >
      <input type="hidden" name="step" value={ctx.step} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="from" value={ctx.from} />
      <input type="hidden" name="returnTo" value={ctx.returnTo} />
      <FormAlert message={ctx.reply?.errors._form} testId="sign-in-error" />
      {children}
    </FormComponent>
  );
}

function Submit({ ctx, children }: { ctx: StepContext; children: string }) {
  return (
    <button className="button button--primary" type="submit" disabled={ctx.busy}>
      {children}
    </button>
  );
}

/** The id of a step's form: one step is shown at a time (the dialog, or the /auth/sign-in page without it). */
const formIdOf = (ctx: StepContext) => `sign-in-${ctx.step}`;

/**
 * Ways to other steps under the step's form (`form`: its id), carrying the contact values typed so far. Each is a
 * submit button of that form with `goto` = the step: pressed before the page hydrated (or without JavaScript) the
 * form goes to `/auth/sign-in`, which opens the step over the same page with the typed number (sign-in.server.ts
 * `goToStep`); once hydrated, a click opens the step's address at once, as a link did (no request).
 */
function StepLinks({
  ctx,
  form,
  links,
}: {
  ctx: StepContext;
  form: string;
  links: readonly (readonly [SignInStep, string])[];
}) {
  const navigate = useNavigate();
  return (
    <p className="sign-in__links">
      {links.map(([step, label]) => (
        <button
          key={step}
          className="button button--link"
          type="submit"
          form={form}
          name="goto"
          value={step}
          formNoValidate
          onClick={(e) => {
            e.preventDefault();
            void navigate(hrefOf(ctx, step), { preventScrollReset: true, replace: true });
          }}
        >
          {label}
        </button>
      ))}
    </p>
  );
}

/** The phone number field of the steps that ask for it (rules: the contract's `MobileInput`). */
function MobileField({ ctx, autoFocus = true }: { ctx: StepContext; autoFocus?: boolean }) {
  const t = useT();
  const mobile = valueOf(ctx, 'mobile');
  return (
    <Field
      label={t('signIn.mobile')}
      name="mobile"
      error={ctx.reply?.errors.mobile}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t('signIn.mobilePlaceholder')}
      defaultValue={mobile ? formatPhone(mobile) : ''}
      required
      autoFocus={autoFocus}
    />
  );
}

function PhoneStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  const formId = formIdOf(ctx);
  return (
    <>
      <StepForm ctx={ctx} intent="send-code" id={formId}>
        <p className="muted">{t('signIn.phoneIntro')}</p>
        <MobileField ctx={ctx} />
        <Submit ctx={ctx}>{t('signIn.getCode')}</Submit>
      </StepForm>
      <StepLinks
        ctx={ctx}
        form={formId}
        links={[
          ['password', t('signIn.byPassword')],
          ['register', t('signIn.register')],
        ]}
      />
    </>
  );
}

function PasswordStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  const formId = formIdOf(ctx);
  return (
    <>
      <StepForm ctx={ctx} intent="password" id={formId}>
        <MobileField ctx={ctx} />
        <PasswordField
          label={t('signIn.password')}
          name="password"
          error={ctx.reply?.errors.password}
          autoComplete="current-password"
        />
        <Submit ctx={ctx}>{t('signIn.signIn')}</Submit>
      </StepForm>
      <StepLinks
        ctx={ctx}
        form={formId}
        links={[
          ['recover', t('signIn.forgotPassword')],
          ['phone', t('signIn.byCode')],
        ]}
      />
    </>
  );
}

function RegisterStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  const formId = formIdOf(ctx);
  const errors = ctx.reply?.errors ?? {};
  return (
    <>
      <StepForm ctx={ctx} intent="register" id={formId}>
        <Field
          label={t('signIn.name')}
          name="name"
          error={errors.name}
          autoComplete="given-name"
          defaultValue={valueOf(ctx, 'name')}
          required
          autoFocus
        />
        <Field
          label={t('signIn.surnameOptional')}
          name="surname"
          error={errors.surname}
          autoComplete="family-name"
          defaultValue={valueOf(ctx, 'surname')}
        />
        <MobileField ctx={ctx} autoFocus={false} />
        <p className="muted small">
          {t('signIn.consentBefore')} <Link to="/info/dogovor-publichnoj-oferty">{t('signIn.offer')}</Link>{' '}
          {t('signIn.consentAnd')} <Link to="/info/politika-konfidencialnosti">{t('signIn.privacy')}</Link>
          {t('signIn.consentAfter') ? ` ${t('signIn.consentAfter')}` : ''}.
        </p>
        <Submit ctx={ctx}>{t('signIn.getCode')}</Submit>
      </StepForm>
      <StepLinks ctx={ctx} form={formId} links={[['phone', t('signIn.haveAccount')]]} />
    </>
  );
}

function RecoverStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  const formId = formIdOf(ctx);
  return (
    <>
      <StepForm ctx={ctx} intent="recover" id={formId}>
        <p className="muted">{t('signIn.recoverIntro')}</p>
        <MobileField ctx={ctx} />
        <Submit ctx={ctx}>{t('signIn.getCode')}</Submit>
      </StepForm>
      <StepLinks ctx={ctx} form={formId} links={[['password', t('signIn.rememberedPassword')]]} />
    </>
  );
}

/**
 * A step that asks for the SMS code just sent to the address's `mobile`: where it went (with «Изменить номер»
 * back to `back`), the code, `children`, the submit and the resend countdown (`wait` seconds, restarted by
 * `sent` or by a 429's answer).
 */
function CodeForm({
  ctx,
  intent,
  resend,
  back,
  submit,
  children,
}: {
  ctx: StepContext;
  intent: string;
  resend: string;
  back: SignInStep;
  submit: string;
  children?: ReactNode;
}) {
  const t = useT();
  const mobile = ctx.query.get('mobile') ?? '';
  const { reply, query } = ctx;
  const waitSeconds = reply?.retryAfterSeconds ?? (query.get('wait') ? Number(query.get('wait')) : undefined);
  const waitKey = reply?.retryAfterSeconds ? `r${reply.at}` : (query.get('sent') ?? '');
  return (
    <StepForm ctx={ctx} intent={intent}>
      <p className="muted">
        {t('signIn.sentTo')} <strong>{formatPhone(mobile)}</strong>. {t('signIn.codeLifetime')}{' '}
        <Link to={hrefOf(ctx, back)} preventScrollReset replace>
          {t('signIn.changeNumber')}
        </Link>
      </p>
      <input type="hidden" name="mobile" value={mobile} />
      <Field
        label={t('signIn.code')}
        name="code"
        error={reply?.errors.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="••••••"
        required
        autoFocus
      />
      {children}
      <Submit ctx={ctx}>{submit}</Submit>
      <ResendButton intent={resend} busy={ctx.busy} waitSeconds={waitSeconds} waitKey={waitKey} />
    </StepForm>
  );
}

function CodeStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  return <CodeForm ctx={ctx} intent="confirm" resend="send-code" back="phone" submit={t('signIn.signIn')} />;
}

function RegisterCodeStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  const errors = ctx.reply?.errors ?? {};
  return (
    <CodeForm
      ctx={ctx}
      intent="register-confirm"
      resend="register"
      back="register"
      submit={t('signIn.register')}
    >
      <input type="hidden" name="name" value={valueOf(ctx, 'name')} />
      <input type="hidden" name="surname" value={valueOf(ctx, 'surname')} />
      <FieldError id="register-name-error" message={errors.name} />
      <PasswordField
        label={t('signIn.passwordOptional')}
        name="password"
        error={errors.password}
        autoComplete="new-password"
        required={false}
        hint={t('signIn.passwordOptionalHint')}
      />
    </CodeForm>
  );
}

function RecoverCodeStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  return (
    <CodeForm
      ctx={ctx}
      intent="recover-confirm"
      resend="recover"
      back="recover"
      submit={t('signIn.continue')}
    />
  );
}

function NewPasswordStep({ ctx }: { ctx: StepContext }) {
  const t = useT();
  const errors = ctx.reply?.errors ?? {};
  return (
    <StepForm ctx={ctx} intent="new-password">
      <p className="muted">{t('signIn.newPasswordIntro')}</p>
      <PasswordField
        label={t('signIn.newPassword')}
        name="password"
        error={errors.password}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField
        label={t('signIn.repeatPassword')}
        name="passwordRepeat"
        error={errors.passwordRepeat}
        autoComplete="new-password"
      />
      <Submit ctx={ctx}>{t('signIn.savePassword')}</Submit>
    </StepForm>
  );
}

/** One component per step. */
const STEP_VIEWS: Record<SignInStep, ComponentType<{ ctx: StepContext }>> = {
  phone: PhoneStep,
  code: CodeStep,
  password: PasswordStep,
  register: RegisterStep,
  'register-code': RegisterCodeStep,
  recover: RecoverStep,
  'recover-code': RecoverCodeStep,
  'new-password': NewPasswordStep,
};

/**
 * The form of the current step, shared by the dialog and the /auth/sign-in page. Keyed by its step, so a step
 * never inherits another's inputs: it starts from the contact values carried over (`ctx.typed`) and the address.
 */
export function SignInStepView({ ctx }: { ctx: StepContext }) {
  const View = STEP_VIEWS[ctx.step];
  return <View key={ctx.step} ctx={ctx} />;
}
