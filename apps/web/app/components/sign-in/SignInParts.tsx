import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, type Form } from 'react-router';
import { formatPhone } from '@kiim/contract/format';
import type { FormReply } from '../../lib/form.ts';
import { useAdoptBeforeHydration } from '../../lib/hydration.ts';
import { useT } from '../../lib/text.ts';
import { Field, FormAlert } from '../form/Field.tsx';
import { signInStepHref, type SignInStep } from './sign-in-url.ts';

// The pieces the sign-in steps (SignInSteps.tsx) are built from: the steps' shared state, the form of a step,
// its submit button and links, and the phone field.
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
export const valueOf = (ctx: StepContext, k: string) =>
  ctx.reply?.values[k] ?? ctx.typed[k] ?? ctx.query.get(k) ?? '';

/** Address of another step, carrying the contact values so far. */
export const hrefOf = (ctx: StepContext, step: SignInStep) =>
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
export function StepForm({
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

export function Submit({ ctx, children }: { ctx: StepContext; children: string }) {
  return (
    <button className="button button--primary" type="submit" disabled={ctx.busy}>
      {children}
    </button>
  );
}

/** The id of a step's form: one step is shown at a time (the dialog, or the /auth/sign-in page without it). */
export const formIdOf = (ctx: StepContext) => `sign-in-${ctx.step}`;

/**
 * Ways to other steps under the step's form (`form`: its id), carrying the contact values typed so far. Each is a
 * submit button of that form with `goto` = the step: pressed before the page hydrated (or without JavaScript) the
 * form goes to `/auth/sign-in`, which opens the step over the same page with the typed number (sign-in.server.ts
 * `goToStep`); once hydrated, a click opens the step's address at once, as a link did (no request).
 */
export function StepLinks({
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
export function MobileField({ ctx, autoFocus = true }: { ctx: StepContext; autoFocus?: boolean }) {
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
