import type { ComponentProps } from 'react';
import { FieldFrame, useFieldIds } from './Field.tsx';

/**
 * A labelled multi-line text field (a review, a question) of the form kit, with its message and hint as `Field`.
 * In a file of its own so that pages without such a field (the first visit) do not load it.
 */
export function TextAreaField({
  label,
  error,
  hint,
  id: givenId,
  wide,
  ...textarea
}: { label: string; error?: string; hint?: string; wide?: boolean } & ComponentProps<'textarea'>) {
  const { id, described } = useFieldIds(givenId, error, hint);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} wide={wide}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...textarea} />
    </FieldFrame>
  );
}
