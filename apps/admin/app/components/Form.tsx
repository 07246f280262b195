import { useId, type ComponentProps, type ReactNode } from 'react';

// The back office's fields: a label, the control, the message under it (aria-invalid, aria-describedby,
// role=alert), so every form reads the same to a screen reader and on a phone.

/** A labelled input with its message. */
export function Field({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  return (
    <Labelled label={label} error={error} hint={hint}>
      {(props) => <input {...props} {...input} />}
    </Labelled>
  );
}

/** A labelled select with its message; `options` are [value, text]. */
export function SelectField({
  label,
  error,
  options,
  ...select
}: {
  label: string;
  error?: string;
  options: readonly (readonly [string, string])[];
} & ComponentProps<'select'>) {
  return (
    <Labelled label={label} error={error}>
      {(props) => (
        <select {...props} {...select}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

function Labelled({
  label,
  error,
  hint,
  wide,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: (p: ControlProps) => ReactNode;
}) {
  const id = `f${useId().replace(/:/g, '')}`;
  const described =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'field wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <small className="hint" id={`${id}-hint`}>
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

/** A message of the whole form (`_form`), announced when it appears. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}

/** A secret shown once (a link, a key, recovery codes), with a copy button. */
export function ShownOnce({ title, value, note }: { title: string; value: string; note: string }) {
  return (
    <div className="shown-once" role="status">
      <strong>{title}</strong>
      <code className="secret" data-testid="shown-once">
        {value}
      </code>
      <button
        type="button"
        className="button secondary"
        onClick={() => void navigator.clipboard?.writeText(value)}
      >
        Скопировать
      </button>
      <p className="hint">{note}</p>
    </div>
  );
}

/** A labelled text area with its message (a description, a long text); `wide` spans the form's columns. */
export function TextAreaField({
  label,
  error,
  hint,
  wide,
  ...area
}: { label: string; error?: string; hint?: string; wide?: boolean } & ComponentProps<'textarea'>) {
  return (
    <Labelled label={label} error={error} hint={hint} wide={wide}>
      {(props) => <textarea rows={4} {...props} {...area} />}
    </Labelled>
  );
}
