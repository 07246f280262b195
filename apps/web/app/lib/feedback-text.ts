import { useMatches } from 'react-router';
import type { FeedbackMessages } from '@kiim/contract/text/feedback';

/**
 * The texts of reviews and questions (`@kiim/contract/text/feedback`) in the page's language, as the loader of a
 * page that shows them sends them (`feedbackTexts: feedbackOf(lang)`, lib/feedback-text.server.ts: the product page and
 * the account's layout). Data, not script: no page's JavaScript carries the catalogues of either language.
 */

/** A route match as `useMatches` and route `meta` give it. */
type FeedbackMatch = { data?: unknown; loaderData?: unknown } | undefined;

/**
 * The review texts a page's loaders sent (the deepest route's first).
 * @throws Error when no route of the page sent them — a page that shows reviews must (page-texts.test.ts).
 */
export function feedbackIn(matches: readonly FeedbackMatch[]): FeedbackMessages {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const sent = ((m?.loaderData ?? m?.data) as { feedbackTexts?: FeedbackMessages } | null | undefined)
      ?.feedbackTexts;
    if (sent) return sent;
  }
  throw new Error('No loader of this page sent the review texts (feedbackTexts: feedbackOf(lang))');
}

/** The texts of reviews and questions in the page's language. */
export const useFeedbackText = (): FeedbackMessages => feedbackIn(useMatches());
