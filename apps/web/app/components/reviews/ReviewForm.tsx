import { Link, type Form } from 'react-router';
import { REVIEW_FITS } from '@kiim/contract/enums';
import type { FormReply } from '../../lib/form.ts';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { ChoiceGroup, FormAlert } from '../form/Field.tsx';
import { TextAreaField } from '../form/TextAreaField.tsx';
import { ReviewPhotosField } from './ReviewPhotosField.tsx';
import { StarRatingInput } from './Stars.tsx';

/** The product a review is written about, as the order shows it. */
export interface ReviewedProduct {
  slug: string;
  name: string;
  image: string | null;
}

/** Where the review modal's and the review page's forms post (routes/personal/review.tsx), with `?product=<slug>`. */
export const REVIEW_ACTION = '/personal/review';

/**
 * The review form (issue 10): stars 1–5, the text, the optional fit and up to 5 photos (issue 35), posted to `/personal/review` with the
 * product's slug and the page to come back to (`from`). `noValidate`: every message is the contract's
 * (`ReviewForm`), from the server; a refused form is filled again from `reply`.
 */
export function ReviewForm({
  product,
  from,
  reply,
  busy,
  FormComponent,
  cancelHref,
}: {
  product: ReviewedProduct;
  from: string;
  reply?: FormReply;
  busy: boolean;
  FormComponent: typeof Form;
  cancelHref?: string;
}) {
  const t = useFeedbackText().reviewForm;
  const feedbackText = useFeedbackText();
  const errors = reply?.errors ?? {};
  const values = reply?.values ?? {};
  return (
    <FormComponent
      method="post"
      action={`${REVIEW_ACTION}?product=${encodeURIComponent(product.slug)}`}
      className="stack review-form"
      noValidate
      data-testid="review-form"
    >
      <input type="hidden" name="productSlug" value={product.slug} />
      <input type="hidden" name="from" value={from} />
      <div className="review-form__product">
        {product.image && <img src={product.image} width={60} height={80} alt="" />}
        <strong>{product.name}</strong>
      </div>
      <FormAlert message={errors._form ?? errors.productSlug} testId="review-error" />
      <StarRatingInput name="rating" legend={t.rating} defaultValue={values.rating} error={errors.rating} />
      <TextAreaField
        label={t.text}
        name="text"
        hint={t.textHint}
        rows={5}
        defaultValue={values.text}
        error={errors.text}
        required
      />
      <ChoiceGroup
        legend={t.fit}
        name="fit"
        options={[['', t.fitNone], ...REVIEW_FITS.map((f) => [f, feedbackText.fit[f]] as const)]}
        defaultValue={values.fit ?? ''}
        error={errors.fit}
      />
      <ReviewPhotosField />
      {errors.photoIds && (
        <p className="field-error" role="alert">
          {errors.photoIds}
        </p>
      )}
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t.submit}
        </button>
        {cancelHref && (
          <Link to={cancelHref} className="button" preventScrollReset replace>
            {t.cancel}
          </Link>
        )}
      </div>
    </FormComponent>
  );
}
