import { useFetcher, useLocation } from 'react-router';
import type { FormReply } from '../../lib/form.ts';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ReviewForm, type ReviewedProduct } from './ReviewForm.tsx';
import { REVIEW_PARAM, withoutReviewParams } from './review-url.ts';

/**
 * The review modal over the completed-orders list and an order's page (spec §2 «review modal on orders»; issue 10).
 * Open while the address has `?review=<slug>` of one of `products` (the lines the page shows), so it renders on the
 * server and works before JavaScript has loaded; closing is a link back. With JavaScript the form posts through a
 * fetcher (messages appear in the dialog); the action sends back to the page with `?reviewed=<slug>`.
 */
export function ReviewDialog({ products }: { products: readonly ReviewedProduct[] }) {
  const location = useLocation();
  const slug = new URLSearchParams(location.search).get(REVIEW_PARAM);
  const product = slug ? products.find((p) => p.slug === slug) : undefined;
  if (!product) return null;
  return <OpenReviewDialog product={product} from={withoutReviewParams(location)} />;
}

function OpenReviewDialog({ product, from }: { product: ReviewedProduct; from: string }) {
  const feedbackText = useFeedbackText();
  const fetcher = useFetcher<FormReply>({ key: `review-${product.slug}` });
  return (
    <ConfirmDialog title={feedbackText.reviewForm.title} closeHref={from} testId="review-dialog">
      <ReviewForm
        product={product}
        from={from}
        reply={fetcher.data}
        busy={fetcher.state !== 'idle'}
        FormComponent={fetcher.Form}
        cancelHref={from}
      />
    </ConfirmDialog>
  );
}
