import { apiMessages, parseWith } from '@kiim/contract/forms';
import type { z } from 'zod';

/**
 * The back office's form kit (the storefront's twin, on the same contract helpers): a form is read with the
 * contract's zod schema in the browser before it is sent, and the API's refusal comes back as messages by field —
 * the same Russian texts either way. Actions answer {@link FormResult}; the fields of components/Form.tsx show it.
 */
export type FormResult<T = unknown> =
  { ok: true; data: T; at: number } | { ok: false; errors: Record<string, string>; at: number };

/** The form's text fields (a repeated name — checkboxes — becomes a list). */
export function formObject(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === 'string');
    values[key] = all.length > 1 || key.endsWith('[]') ? all : (all[0] ?? '');
  }
  for (const key of Object.keys(values)) {
    if (key.endsWith('[]')) {
      values[key.slice(0, -2)] = values[key]!;
      delete values[key];
    }
  }
  return values;
}

/**
 * Reads `form` with a contract schema and, when valid, sends it with `send`.
 * @returns `{ok: true, data}` with what `send` answered, or the messages by field (the schema's or the API's).
 */
export async function submit<S extends z.ZodType, T>(
  schema: S,
  form: FormData | Record<string, unknown>,
  send: (value: z.output<S>) => Promise<T>,
): Promise<FormResult<T>> {
  const parsed = parseWith(schema, form instanceof FormData ? formObject(form) : form);
  if (!parsed.ok) return { ok: false, errors: parsed.errors, at: Date.now() };
  return attempt(() => send(parsed.value));
}

/** Sends a call without fields (a button: revoke, deactivate…). @returns its answer, or the API's refusal as messages. */
export async function attempt<T>(send: () => Promise<T>): Promise<FormResult<T>> {
  try {
    return { ok: true, data: await send(), at: Date.now() };
  } catch (e) {
    return { ok: false, errors: apiMessages(e), at: Date.now() };
  }
}

/** The messages of a result (none for a success or no result yet). */
export const errorsOf = (r: FormResult | undefined): Record<string, string> => (r && !r.ok ? r.errors : {});
