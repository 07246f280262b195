import { Suspense } from 'react';
import { Await } from 'react-router';
import type { QuestionPage, ReviewPage, ReviewSummary } from '@kiim/contract';
import { plural } from '@kiim/contract/text';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { useRootData } from '../../lib/root-data.ts';
import { ReviewSummaryPanel } from './ReviewSummaryPanel.tsx';
import { ReviewList } from './ReviewList.tsx';
import { AskForm, QuestionList } from './QuestionList.tsx';
import { Stars, formatRating } from './Stars.tsx';
import type { FeedbackView } from './feedback-url.ts';
import { FeedbackDatesProvider, type FeedbackDates } from './feedback-dates.tsx';

/**
 * The product page's lists of reviews and questions with their dates as text (feedback-dates.tsx), streamed after
 * the page (null when they failed to load).
 */
export type FeedbackLists = { reviews: ReviewPage; questions: QuestionPage; dates: FeedbackDates } | null;

/**
 * The average rating and count beside the price, linking to the reviews below (nothing while there are none).
 */
export function RatingLink({ summary }: { summary: ReviewSummary | null }) {
  const t = useFeedbackText();
  if (!summary?.count || summary.average === null) return null;
  return (
    <a href="#reviews" className="rating-link" data-testid="rating-link">
      <Stars rating={summary.average} /> <strong>{formatRating(summary.average)}</strong>{' '}
      <span className="muted">{plural(summary.count, t.count.reviews)}</span>
    </a>
  );
}

/**
 * Reviews and questions of a product page (issue 10), below the fold: the summary (known with the page) and, streamed
 * after the page's first paint, the page of reviews and the page of questions with the ask form. Their failure never
 * fails the page.
 */
export function ProductFeedback({
  slug,
  summary,
  lists,
  view,
}: {
  slug: string;
  summary: ReviewSummary | null;
  lists: Promise<FeedbackLists>;
  view: FeedbackView;
}) {
  const t = useFeedbackText();
  const signedIn = Boolean(useRootData()?.customer);
  return (
    <div className="feedback">
      <section id="reviews" className="feedback__reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">
          {t.reviews.title} {summary?.count ? <span className="muted">{summary.count}</span> : null}
        </h2>
        {summary && <ReviewSummaryPanel summary={summary} />}
        <div className="feedback__list">
          <Suspense fallback={<p className="muted">{t.reviews.loading}</p>}>
            {/* A list not there within the page's stream timeout (React Router rejects it) says so, as a failed one. */}
            <Await resolve={lists} errorElement={<p className="muted">{t.reviews.failed}</p>}>
              {(l) =>
                l ? (
                  <FeedbackDatesProvider dates={l.dates}>
                    <ReviewList page={l.reviews} view={view} signedIn={signedIn} />
                  </FeedbackDatesProvider>
                ) : (
                  <p className="muted">{t.reviews.failed}</p>
                )
              }
            </Await>
          </Suspense>
        </div>
      </section>
      <section id="questions" className="feedback__questions" aria-labelledby="questions-title">
        <h2 id="questions-title">{t.questions.title}</h2>
        <Suspense fallback={null}>
          <Await resolve={lists} errorElement={<></>}>
            {(l) =>
              l ? (
                <FeedbackDatesProvider dates={l.dates}>
                  <QuestionList page={l.questions} view={view} />
                </FeedbackDatesProvider>
              ) : null
            }
          </Await>
        </Suspense>
        <AskForm slug={slug} signedIn={signedIn} />
      </section>
    </div>
  );
}
