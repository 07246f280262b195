import { createContext, useContext, type ReactNode } from 'react';
import type { QuestionPage, ReviewPage } from '@kiim/contract';
import { SHOP_TIME_ZONE, formatDate } from '@kiim/contract/format';
import { useLocale } from '../../lib/text.ts';

/** ISO date-time → its text (`22 ноября 2026`), as the product page's loader wrote them. */
export type FeedbackDates = Readonly<Record<string, string>>;

const DatesOfPage = createContext<FeedbackDates>({});

/**
 * Every date of a page of reviews and of questions (their answers' too) as the text `formatDate` gives in `locale`
 * (server side: the product page's loader). The page then shows them without building an `Intl.DateTimeFormat` in
 * the browser — its first one blocks the page 45–65 ms (issue 14, decision 018 amendment «pages: Intl»).
 */
export function feedbackDates(
  lists: { reviews: ReviewPage; questions: QuestionPage },
  locale: string,
): Record<string, string> {
  const dates: Record<string, string> = {};
  const add = (iso: string) => (dates[iso] ??= formatDate(iso, SHOP_TIME_ZONE, locale));
  for (const r of lists.reviews.items) add(r.publishedAt);
  for (const q of lists.questions.items) {
    add(q.publishedAt);
    for (const a of q.answers) add(a.createdAt);
  }
  return dates;
}

/** Gives the lists below it the dates the loader wrote ({@link feedbackDates}). */
export function FeedbackDatesProvider({ dates, children }: { dates: FeedbackDates; children: ReactNode }) {
  return <DatesOfPage.Provider value={dates}>{children}</DatesOfPage.Provider>;
}

/**
 * The text of a review's, question's or answer's date (ISO date-time in, `22 ноября 2026` out): the one the loader
 * wrote, else `formatDate` in the page's language (pages without them, e.g. the account's).
 */
export function useFeedbackDate(): (iso: string) => string {
  const dates = useContext(DatesOfPage);
  const locale = useLocale();
  return (iso) => dates[iso] ?? formatDate(iso, SHOP_TIME_ZONE, locale);
}
