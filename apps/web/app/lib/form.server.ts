import { data } from 'react-router';
import { ApiError } from '@kiim/contract';
import type { FormReply } from './form.ts';

/**
 * The server half of the form kit: forms are read with the contract's zod schemas (the same rules and Russian
 * messages the API applies), and refusals — of the schema or of the API — come back as one {@link FormReply}
 * shape that the kit's fields show (components/form/Field.tsx).
 */

/**
 * The form of a page action's request. A body the Fetch API cannot read as a form (broken multipart, a text or JSON
 * body without a form type) is the shopper's error page with status 400, never a 500 (issue 29 item 6).
 * @throws a 400 response for the route's error boundary.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}

/** The form's text fields (files ignored), each cut to `max` characters; a repeated name keeps its last value. */
export function formValues(form: FormData, max = 300): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string') values[k] = v.slice(0, max);
  return values;
}

// Reading a form with a contract schema and an API refusal's messages: shared with the back office.
export { apiMessages, parseWith } from '@kiim/contract/forms';

/**
 * A refusal of a form: status 400 (or the API's status), the messages, and the typed values of `keep` only
 * (never passwords or codes). Extra fields (e.g. a countdown's seconds) join the answer.
 */
export function refuse<X extends object = object>(
  errors: Record<string, string>,
  values: Record<string, string>,
  opts: { form?: string; keep?: readonly string[]; status?: number; extra?: X } = {},
) {
  const kept: Record<string, string> = {};
  for (const k of opts.keep ?? []) if (values[k] !== undefined) kept[k] = values[k];
  const reply: FormReply & X = {
    ...(opts.extra as X),
    form: opts.form,
    ok: false,
    errors,
    values: kept,
    at: Date.now(),
  };
  return data(reply, { status: opts.status ?? 400 });
}

/** The status to answer an API refusal with: its own for a 4xx, 502 for anything else. */
export const statusOf = (e: unknown) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.status : 502;
