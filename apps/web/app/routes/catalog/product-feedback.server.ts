import { data } from 'react-router';
import { QuestionForm } from '@kiim/contract';
import { apiFor, type RequestContext } from '../../lib/api.server.ts';
import type { FormReply } from '../../lib/form.ts';
import { apiMessages, formValues, parseWith, refuse, statusOf, readForm } from '../../lib/form.server.ts';
import { translateFor } from '../../lib/lang.server.ts';

/** The action's answer when a form went through: the kit's reply for `form`, with a vote's count. */
const done = (form: string, extra: { helpfulCount?: number } = {}) =>
  data<FormReply & { helpfulCount?: number }>({
    form,
    ok: true,
    errors: {},
    values: {},
    at: Date.now(),
    ...extra,
  });

/**
 * The product page's forms (issue 10), chosen by `intent`:
 * - `ask`: a question about the product, read with the contract's `QuestionForm` → `POST /api/question/create`
 *   (waits for moderation);
 * - `helpful`: the signed-in customer finds review `reviewId` useful → `POST /api/review/:id/helpful`.
 * Refusals (the schema's or the API's, e.g. 429 over the limits) come back by field in the form kit's shape for the
 * form named `form`; without a token the API answers 401 «Войдите в свой аккаунт» (the page shows visitors the
 * sign-in dialog instead of these forms).
 */
export async function productFeedbackAction(request: Request, context: RequestContext, slug: string) {
  const values = formValues(await readForm(request), 1000);
  const api = apiFor(request, context);
  const form = values.form ?? values.intent ?? '';
  try {
    if (values.intent === 'ask') {
      const parsed = parseWith(QuestionForm, { ...values, productSlug: slug });
      if (!parsed.ok) return refuse(parsed.errors, values, { form, keep: ['text'] });
      await api.askQuestion(parsed.value);
      return done(form);
    }
    if (values.intent === 'helpful' && values.reviewId) {
      const { helpfulCount } = await api.markReviewHelpful(values.reviewId);
      return done(form, { helpfulCount });
    }
  } catch (e) {
    return refuse(apiMessages(e), values, { form, keep: ['text'], status: statusOf(e) });
  }
  return refuse({ _form: translateFor(request)('form.unknownAction') }, values, { form });
}
