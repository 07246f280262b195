import type { z } from 'zod';
import { ApiError } from './client.ts';

/**
 * Form messages shared by the storefront's form kit (apps/web/app/lib/form.server.ts) and the back office's
 * (apps/admin): a form read with a contract schema, or an API refusal, as the first Russian message per field — the
 * same messages the API gives. `@kiim/contract/forms`.
 */

/** The first message per field of zod issues (a nested path is joined by dots); an issue of the whole object is `_form`. */
function issueMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.join('.') || '_form'] ??= issue.message;
  return errors;
}

/**
 * Reads `input` with a contract schema. @returns the parsed value, or the messages by field of the first refusal
 * per field.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: issueMessages(parsed.error.issues) };
}

/**
 * Messages by field of an API refusal (the first per field of its `errors`), or its `message` for the whole
 * form. @throws anything that is not an API answer (the page's error boundary shows it).
 */
export function apiMessages(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError)) throw e;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(e.body.errors ?? {}))
    if (messages[0]) errors[field] = messages[0];
  if (Object.keys(errors).length === 0) errors._form = e.body.message;
  return errors;
}
