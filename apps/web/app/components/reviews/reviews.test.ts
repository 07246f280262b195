import { describe, expect, it } from 'vitest';
import type { ReviewSummary } from '@kiim/contract';
import { feedbackHref, feedbackView } from './feedback-url.ts';
import { reviewJsonLd } from './review-jsonld.ts';
import { reviewHref, reviewedHref, withoutReviewParams } from './review-url.ts';
import { formatRating } from './Stars.tsx';
import { feedbackDates } from './feedback-dates.tsx';
import { formatDate } from '@kiim/contract/format';

const summary = (over: Partial<ReviewSummary> = {}): ReviewSummary => ({
  count: 2,
  average: 4.5,
  ratings: [],
  fit: { small: 0, trueToSize: 1, large: 0 },
  latest: [
    {
      id: 'r1',
      authorName: 'Айгерим К.',
      rating: 5,
      fit: 'true_to_size',
      text: 'Отлично </script>',
      publishedAt: '2026-11-20T10:00:00.000Z',
      verifiedPurchase: true,
      helpfulCount: 0,
      photos: [],
    },
  ],
  ...over,
});

describe('the product JSON-LD of reviews (issue 10)', () => {
  it('adds AggregateRating and Review once there are published reviews, nothing before', () => {
    expect(reviewJsonLd(null)).toEqual({});
    expect(reviewJsonLd(summary({ count: 0, average: null, latest: [] }))).toEqual({});
    expect(reviewJsonLd(summary())).toEqual({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Айгерим К.' },
          datePublished: '2026-11-20',
          reviewBody: 'Отлично </script>',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        },
      ],
    });
  });
});

describe('addresses of the reviews blocks and the review modal', () => {
  it('reads the view from the address, anything odd as the first page, newest first', () => {
    expect(feedbackView(new URLSearchParams('reviewsPage=3&reviewsSort=useful&questionsPage=2'))).toEqual({
      reviewsPage: 3,
      reviewsSort: 'useful',
      questionsPage: 2,
    });
    expect(feedbackView(new URLSearchParams('reviewsPage=-4&reviewsSort=best&questionsPage=abc'))).toEqual({
      reviewsPage: 1,
      reviewsSort: 'newest',
      questionsPage: 1,
    });
  });

  it('changes one part of the view and jumps to its block', () => {
    const view = feedbackView(new URLSearchParams('reviewsPage=2'));
    expect(feedbackHref('/product/a-1', view, { reviewsSort: 'useful', reviewsPage: 1 }, 'reviews')).toBe(
      '/product/a-1?reviewsSort=useful#reviews',
    );
    expect(feedbackHref('/product/a-1', view, { questionsPage: 3 }, 'questions')).toBe(
      '/product/a-1?reviewsPage=2&questionsPage=3#questions',
    );
  });

  it('opens and closes the modal over the page, and comes back with the thank-you note', () => {
    const page = { pathname: '/personal/orders/completed', search: '?reviewed=old-1' };
    expect(reviewHref(page, 'dzhinsy-2')).toBe('/personal/orders/completed?review=dzhinsy-2');
    expect(
      withoutReviewParams({ pathname: '/personal/orders/details/100001', search: '?review=a&x=1' }),
    ).toBe('/personal/orders/details/100001?x=1');
    expect(reviewedHref('/personal/orders/details/100001?review=a', 'a')).toBe(
      '/personal/orders/details/100001?reviewed=a',
    );
  });

  it('writes ratings the Russian way', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(4)).toBe('4');
  });
});

describe('formatRating', () => {
  it('gives the text of toLocaleString ru-RU with one decimal for every rating an average can be', () => {
    const intl = (r: number) =>
      r.toLocaleString('ru-RU', {
        minimumFractionDigits: Number.isInteger(r) ? 0 : 1,
        maximumFractionDigits: 1,
      });
    const ratings = [1, 2, 3, 4, 5, 4.5, 4.95, 4.05, 4.25, 4.35];
    // Every average of up to 60 ratings of 1–5, and a fine grid.
    for (let n = 1; n <= 60; n++) for (let sum = n; sum <= 5 * n; sum++) ratings.push(sum / n);
    for (let i = 1000; i <= 5000; i++) ratings.push(i / 1000);
    expect(ratings.filter((r) => formatRating(r) !== intl(r))).toEqual([]);
    expect(formatRating(4.6)).toBe('4,6');
    expect(formatRating(5)).toBe('5');
  });
});

describe('feedbackDates', () => {
  it('writes every review, question and answer date as formatDate does, in the page language', () => {
    const lists = {
      reviews: { items: [{ publishedAt: '2026-11-20T19:30:00.000Z' }] },
      questions: {
        items: [
          {
            publishedAt: '2026-03-01T10:00:00.000Z',
            answers: [{ createdAt: '2026-03-02T18:59:00.000Z' }, { createdAt: '2026-11-20T19:30:00.000Z' }],
          },
        ],
      },
    } as unknown as Parameters<typeof feedbackDates>[0];
    for (const locale of ['ru-RU', 'kk-KZ']) {
      const dates = feedbackDates(lists, locale);
      expect(Object.keys(dates).sort()).toEqual([
        '2026-03-01T10:00:00.000Z',
        '2026-03-02T18:59:00.000Z',
        '2026-11-20T19:30:00.000Z',
      ]);
      for (const [iso, text] of Object.entries(dates))
        expect(text).toBe(formatDate(iso, 'Asia/Almaty', locale));
    }
    // In the shop's time zone: 19:30 UTC on 20 November is already the 21st in Almaty.
    expect(feedbackDates(lists, 'ru-RU')['2026-11-20T19:30:00.000Z']).toBe('21 ноября 2026 г.');
  });
});
