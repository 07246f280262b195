import type { ReviewSummary } from '@kiim/contract';

/**
 * The schema.org parts of a product's JSON-LD for its published reviews (issue 10): `aggregateRating` (average and
 * count, 1–5) and `review` (the newest three), or nothing while there are none. Texts go as they are: React
 * Router's `script:ld+json` serialises them with `<`, `>`, `&` and the line separators escaped, so no review can
 * close the script.
 */
export function reviewJsonLd(summary: ReviewSummary | null | undefined): Record<string, unknown> {
  if (!summary?.count || summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: summary.latest.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.publishedAt.slice(0, 10),
      reviewBody: r.text,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
