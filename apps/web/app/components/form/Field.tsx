import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';
import { useSourceText, useT } from '../../lib/text.ts';

// The browser half of the form kit (lib/form.server.ts is the server's): a labelled field with its message,
// a field's message alone, the form's alert and its "saved" note, a radio group. Every storefront form uses
// them, so a refusal looks and reads (aria-invalid, aria-describedby, role=alert) the same everywhere.

/** A field's message below it (in the page's language, lib/text.ts useSourceText), announced when it appears. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const tr = useSourceText();
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {tr(message)}
    </p>
  );
}

/** Ids of a field and of what describes it (its message and hint), the same for every kind of field. */
export function useFieldIds(givenId: string | undefined, error?: string, hint?: string) {
  const generated = `field${useId().replace(/:/g, '')}`;
  const id = givenId ?? generated;
  const described =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return { id, described };
}

/** The frame of a field: label, the control, an optional hint and the message. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small className="muted" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A labelled input with its message below it (linked by aria-describedby, marked aria-invalid) and an optional
 * hint. `id` defaults to a generated one; the message's id is `${id}-error`.
 */
export function Field({
  label,
  error,
  hint,
  id: givenId,
  wide,
  ...input
}: { label: string; error?: string; hint?: string; wide?: boolean } & ComponentProps<'input'>) {
  const { id, described } = useFieldIds(givenId, error, hint);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} wide={wide}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
    </FieldFrame>
  );
}

/**
 * A password input with a show/hide switch once JavaScript has loaded (rules: the contract's `NewPassword`). The
 * switch is in the server's page too, invisible (`password-field__toggle--waiting`: its place kept, not shown, not
 * focusable) until hydration: inserted only then, it pushed what follows down by its height at hydration — on the
 * profile 68 px — and a press begun on «Изменить пароль» / «Войти» before that ended on another element, so the
 * form was never sent (issue 14, decision 018 «pages, forms before hydration»).
 */
export function PasswordField({
  required = true,
  ...props
}: { label: string; name: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="password-field">
      <Field type={shown ? 'text' : 'password'} required={required} {...props} />
      <button
        type="button"
        className={`button button--link password-field__toggle${hydrated ? '' : ' password-field__toggle--waiting'}`}
        onClick={() => setShown((s) => !s)}
        aria-pressed={shown}
        disabled={!hydrated}
      >
        {shown ? t('form.hidePassword') : t('form.showPassword')}
      </button>
    </div>
  );
}

/** The form's own message (a refusal of the whole form), announced when it appears. */
export function FormAlert({
  message,
  testId,
  className = 'form-error',
  children,
}: {
  message?: string;
  testId?: string;
  className?: string;
  children?: ReactNode;
}) {
  const tr = useSourceText();
  if (!message) return null;
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p>{tr(message)}</p>
      {children}
    </div>
  );
}

/** «Сохранено»-style note after a form saved in place. */
export function FormSaved({ shown, children }: { shown: boolean | undefined; children: string }) {
  if (!shown) return null;
  return (
    <p className="form-ok" role="status">
      {children}
    </p>
  );
}

/** A radio group with its legend and message (e.g. the profile's gender). `options` are `[value, label]`. */
export function ChoiceGroup({
  legend,
  name,
  options,
  defaultValue,
  error,
}: {
  legend: string;
  name: string;
  options: readonly (readonly [string, string])[];
  defaultValue: string;
  error?: string;
}) {
  const id = `${name}-choice`;
  return (
    <fieldset className="choice" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={label} className="choice__item">
          <input type="radio" name={name} value={value} defaultChecked={defaultValue === value} /> {label}
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
