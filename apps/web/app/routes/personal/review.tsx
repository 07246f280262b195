import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { ReviewForm as ReviewFormSchema } from '@kiim/contract';
import type { Route } from './+types/review';
import { apiFor, notFoundOnApi404 } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { feedbackIn, useFeedbackText } from '../../lib/feedback-text.ts';
import type { FormReply } from '../../lib/form.ts';
import { apiMessages, formValues, parseWith, refuse, statusOf, readForm } from '../../lib/form.server.ts';
import { safeReturnTo } from '../../lib/url.ts';
import { ReviewForm } from '../../components/reviews/ReviewForm.tsx';
import { reviewedHref } from '../../components/reviews/review-url.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${feedbackIn(matches).reviewForm.title} — Kiim` },
  { name: 'robots', content: 'noindex' },
];

/** Values filled back into a refused review (the text up to its 2000 characters). */
const KEPT = ['rating', 'fit', 'text', 'from'] as const;
const COMPLETED_ORDERS = '/personal/orders/completed';

/**
 * The review form as a page (`/personal/review?product=<slug>&from=…`): where the review modal's form lands when it
 * was sent before JavaScript loaded (its messages show here), and a plain link's target. Without a product → the
 * completed orders; an unknown product → 404. The account area's guard (layout) sends a visitor to /.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.searchParams.get('product');
  if (!slug) throw redirect(COMPLETED_ORDERS);
  const product = await apiFor(request, context)
    .product(slug, currentCityId(request))
    .catch(notFoundOnApi404);
  return {
    product: { slug: product.slug, name: product.name, image: product.images[0]?.src ?? null },
    from: safeReturnTo(url.searchParams.get('from') ?? COMPLETED_ORDERS),
  };
}

/**
 * Sends a review (issue 10): the form is read with the contract's `ReviewForm` (the API's rules and messages), then
 * `POST /api/review/create`. Refusals come back by field (the API's 422 «only from your completed order» and 409
 * «already reviewed» for the whole form); a sent review goes back to the page it was written over with
 * `?reviewed=<slug>`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readForm(request), 2000);
  const from = safeReturnTo(values.from || COMPLETED_ORDERS);
  const parsed = parseWith(ReviewFormSchema, values);
  if (!parsed.ok) return refuse(parsed.errors, values, { keep: KEPT });
  try {
    await apiFor(request, context).createReview(parsed.value);
  } catch (e) {
    return refuse(apiMessages(e), values, { keep: KEPT, status: statusOf(e) });
  }
  throw redirect(reviewedHref(from, parsed.value.productSlug));
}

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const feedbackText = useFeedbackText();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const navigation = useNavigation();
  const from = safeReturnTo(reply?.values.from || loaderData.from);
  return (
    <section className="review-page">
      <h1>{feedbackText.reviewForm.title}</h1>
      <ReviewForm
        product={loaderData.product}
        from={from}
        reply={reply}
        busy={navigation.state !== 'idle'}
        FormComponent={Form}
        cancelHref={from}
      />
    </section>
  );
}
