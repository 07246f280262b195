import { RU_FEEDBACK, type FeedbackMessages } from '@kiim/contract/text/feedback';
import { KK_FEEDBACK } from '@kiim/contract/text/feedback.kk';
import type { Lang } from '@kiim/contract/text';

/**
 * The texts of reviews and questions in `lang`, for the loaders of the pages that show them to send as `feedbackTexts`
 * (read by `useFeedbackText`, lib/feedback-text.ts).
 */
export const feedbackOf = (lang: Lang): FeedbackMessages => (lang === 'kk' ? KK_FEEDBACK : RU_FEEDBACK);
