import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPhone } from '@kiim/contract/format';
import { useT } from '../../lib/text.ts';
import { Field, FieldError, PasswordField } from '../form/Field.tsx';
import { ResendButton } from './ResendButton.tsx';
import type { SignInStep } from './sign-in-url.ts';
import {
  MobileField,
  StepForm,
  StepLinks,
  Submit,
  formIdOf,
  hrefOf,
  valueOf,
  type StepContext,
} from './SignInParts.tsx';

export { useTypedContact, type SignInReply, type StepContext } from './SignInParts.tsx';

/**
 * The offer and privacy consent under «Получить код» (issue 35 §7): the phone step creates the account of a new
 * number, so it asks for the same consent as registration.
 */
function ConsentLine() {
  const t = useT();
  return (
    <p className="muted small" data-testid="sign-in-consent">
      {t('signIn.consentBefore')} <Link to="/info/dogovor-publichnoj-oferty">{t('signIn.offer')}</Link>{' '}
      {t('signIn.consentAnd')} <Link to="/info/politika-konfidencialnosti">{t('signIn.privacy')}</Link>
      {t('signIn.consentAfter') ? ` ${t('signIn.consentAfter')}` : ''}.
    </p>
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
        <ConsentLine />
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
        <ConsentLine />
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
