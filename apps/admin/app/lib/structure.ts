import { MoveInput, VisibilityInput } from '@kiim/contract';
import { adminApi } from './api.ts';
import { attempt, formObject, submit, type FormResult } from './form.ts';
import type { z } from 'zod';

/** Intents of a row's buttons on the city, category and brand screens (issue 27). */
export const ROW_INTENTS = ['up', 'down', 'show', 'hide', 'delete'] as const;
type RowIntent = (typeof ROW_INTENTS)[number];

/**
 * The action of a structure screen (`/catalogue/{path}` of the API): a row's button (move up or down, show, hide,
 * delete — `intent` and `id`), else the create (no `id`) or edit form read with the contract's `schema` (the form's
 * checkboxes become booleans there; `id` and `intent` are left out of the body).
 * @returns the API's answer or the messages by field (FormResult), with `source`: a row's button or the form.
 */
export async function structureAction<S extends z.ZodType>(
  path: 'cities' | 'categories' | 'brands',
  schema: S,
  form: FormData,
): Promise<FormResult & { source: 'row' | 'form' }> {
  const { id, intent, ...values } = formObject(form) as Record<string, string>;
  const at = `/catalogue/${path}/${id}`;
  if ((ROW_INTENTS as readonly string[]).includes(intent ?? '')) {
    return { ...(await rowAction(at, intent as RowIntent)), source: 'row' };
  }
  const saved = await submit(schema, values, (b) =>
    id ? adminApi('PUT', at, b) : adminApi('POST', `/catalogue/${path}`, b),
  );
  return { ...saved, source: 'form' };
}

/** A row's button: delete, show or hide, move up or down. */
function rowAction(at: string, intent: RowIntent): Promise<FormResult> {
  if (intent === 'delete') return attempt(() => adminApi('DELETE', at));
  if (intent === 'show' || intent === 'hide') {
    const body = VisibilityInput.parse({ visible: intent === 'show' });
    return attempt(() => adminApi('POST', `${at}/visibility`, body));
  }
  return attempt(() => adminApi('POST', `${at}/move`, MoveInput.parse({ direction: intent })));
}
