import { fillIn } from '@kiim/contract/text';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { FieldError } from '../form/Field.tsx';
import { formatRating } from './rating-format.ts';

export { formatRating };

/**
 * A rating shown as five stars filled to `rating` (0–5, fractions filled in part), read out as «Оценка 4,6 из 5».
 */
export function Stars({ rating, size = 'small' }: { rating: number; size?: 'small' | 'large' }) {
  const t = useFeedbackText();
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span
      className={`stars stars--${size}`}
      role="img"
      aria-label={fillIn(t.ratingOutOf5, { rating: formatRating(rating) })}
    >
      <span className="stars__fill" style={{ width: `${percent}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}

/**
 * The 1–5 stars of the review form as radio buttons (they work without JavaScript and with the keyboard), drawn as
 * stars that fill up to the one chosen or hovered. `defaultValue` is the rating typed before (a refused form).
 */
export function StarRatingInput({
  name,
  legend,
  defaultValue,
  error,
}: {
  name: string;
  legend: string;
  defaultValue?: string;
  error?: string;
}) {
  const t = useFeedbackText();
  const errorId = `${name}-stars-error`;
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="star-input__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} title={t.stars[n - 1]}>
            <input
              type="radio"
              name={name}
              value={n}
              defaultChecked={defaultValue === String(n)}
              aria-invalid={error ? true : undefined}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {n} — {t.stars[n - 1]}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
