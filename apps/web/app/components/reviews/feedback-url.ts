import type { ReviewSort } from '@kiim/contract/enums';

// Search parameters of the product page's reviews and questions blocks (issue 10): the reviews' page and order,
// the questions' page. Links change them and jump to their block (#reviews, #questions); the page's own data
// (the product) does not depend on them.

/** Where the blocks are on a product page: which page of reviews in which order, which page of questions. */
export interface FeedbackView {
  reviewsPage: number;
  reviewsSort: ReviewSort;
  questionsPage: number;
}

const pageOf = (value: string | null) => Math.max(1, Math.min(10_000, Math.floor(Number(value)) || 1));

/** The view asked for by the address (`?reviewsPage=2&reviewsSort=useful&questionsPage=3`); anything else → the first pages, newest first. */
export function feedbackView(search: URLSearchParams): FeedbackView {
  return {
    reviewsPage: pageOf(search.get('reviewsPage')),
    reviewsSort: search.get('reviewsSort') === 'useful' ? 'useful' : 'newest',
    questionsPage: pageOf(search.get('questionsPage')),
  };
}

/** The product page's address with the view changed, ending with the anchor of the block it changes. */
export function feedbackHref(
  pathname: string,
  view: FeedbackView,
  change: Partial<FeedbackView>,
  anchor: 'reviews' | 'questions',
): string {
  const next = { ...view, ...change };
  const q = new URLSearchParams();
  if (next.reviewsPage > 1) q.set('reviewsPage', String(next.reviewsPage));
  if (next.reviewsSort !== 'newest') q.set('reviewsSort', next.reviewsSort);
  if (next.questionsPage > 1) q.set('questionsPage', String(next.questionsPage));
  const s = q.toString();
  return `${pathname}${s ? `?${s}` : ''}#${anchor}`;
}
