import { REVIEW_FITS, type ReviewFit } from '@kiim/contract';

// The rules of «Ваш размер» (issue 35 item 6, decision 066), pure.

/**
 * The fit answer more than half of the answered published reviews gave (null: none answered or no majority).
 * @param counts answers per fit value.
 */
export function fitMajority(counts: ReadonlyMap<string, number>): ReviewFit | null {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  for (const fit of REVIEW_FITS) if ((counts.get(fit) ?? 0) * 2 > total) return fit;
  return null;
}

/**
 * The size to suggest from the size kept before and the reviews' majority: the kept size («в размер» or no
 * majority), one size up when it runs small, one down when it runs large — only when the product has that size,
 * else null. Sizes are the product's labels in size order.
 */
export function suggestedSize(
  sizes: readonly string[],
  kept: string | null,
  fit: ReviewFit | null,
): string | null {
  if (kept === null) return null;
  const at = sizes.indexOf(kept);
  if (at < 0) return null;
  const step = fit === 'small' ? 1 : fit === 'large' ? -1 : 0;
  return sizes[at + step] ?? null;
}
