import { RU_FEEDBACK, type FeedbackMessages } from '@kiim/contract/text/feedback';
import { KK_FEEDBACK } from '@kiim/contract/text/feedback.kk';
import type { Lang } from '@kiim/contract/text';
import { useLang } from './text.ts';

/**
 * The texts of reviews and questions (`@kiim/contract/text/feedback`, Russian and Kazakh) in the page's language.
 * Apart from `lib/text.ts` so that the first visit (root and home) never loads them: they come with the pages that
 * show reviews (product, account), both languages in that part. By language, for route `meta`:
 */
export const feedbackOf = (lang: Lang): FeedbackMessages => (lang === 'kk' ? KK_FEEDBACK : RU_FEEDBACK);

/** The texts of reviews and questions in the page's language. */
export const useFeedbackText = (): FeedbackMessages => feedbackOf(useLang());
