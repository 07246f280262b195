import type { ReviewSummary } from '@kiim/contract';
import { fillIn, plural } from '@kiim/contract/text';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { Stars, formatRating } from './Stars.tsx';

/**
 * The product's reviews in figures (issue 10): the average with its stars and count, a bar per rating 5…1, and the
 * fit summary («Маломерит / Соответствует размеру / Большемерит» with the share of answers).
 */
export function ReviewSummaryPanel({ summary }: { summary: ReviewSummary }) {
  const t = useFeedbackText();
  if (summary.count === 0 || summary.average === null) return null;
  const fitTotal = summary.fit.small + summary.fit.trueToSize + summary.fit.large;
  const share = (n: number, of: number) => (of ? Math.round((n / of) * 100) : 0);
  return (
    <div className="review-summary" data-testid="review-summary">
      <p className="review-summary__average">
        <strong>{formatRating(summary.average)}</strong>
        <Stars rating={summary.average} size="large" />
        <span className="muted">{plural(summary.count, t.count.reviews)}</span>
      </p>
      <ul className="review-summary__bars" aria-label={t.reviews.averageTitle}>
        {summary.ratings.map((r) => (
          <li key={r.rating}>
            <span>{r.rating} ★</span>
            <span className="bar" aria-hidden="true">
              <span style={{ width: `${share(r.count, summary.count)}%` }} />
            </span>
            <span className="muted">{r.count}</span>
          </li>
        ))}
      </ul>
      {fitTotal > 0 && (
        <div className="review-summary__fit" data-testid="fit-summary">
          <h3>
            {t.reviews.fitTitle}{' '}
            <span className="muted">{fillIn(t.reviews.fitAnswers, { n: fitTotal })}</span>
          </h3>
          <ul>
            {(
              [
                ['small', summary.fit.small],
                ['true_to_size', summary.fit.trueToSize],
                ['large', summary.fit.large],
              ] as const
            ).map(([fit, n]) => (
              <li key={fit}>
                <span>{t.fit[fit]}</span>
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${share(n, fitTotal)}%` }} />
                </span>
                <span className="muted">{share(n, fitTotal)}%</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
