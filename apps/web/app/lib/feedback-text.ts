import { RU_FEEDBACK } from '@kiim/contract/text/feedback';

/**
 * The texts of reviews and questions (`@kiim/contract/text/feedback`) in the shopper's language: Russian until the
 * Kazakh catalogue comes. Apart from `lib/text.ts` so that the first visit (root and home) never loads them; the
 * language is picked here the same way.
 */
export const feedbackText = RU_FEEDBACK;
