import { ErrorCode, type FitSuggestion } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import * as repo from './catalog.fit.repository.ts';
import { fitMajority, suggestedSize } from './catalog.fit.rules.ts';

/**
 * «Ваш размер» for a product (issue 35 item 6, decision 066): the size the shopper kept of the same brand and
 * category in a completed order (signed in only), the published reviews' fit majority, and the size that follows
 * from both (catalog.fit.rules.ts). An anonymous shopper (`customerId` null) gets the fit majority only.
 * @throws AppError 404 `notFound` for an unknown or inactive product.
 */
export async function fitSuggestion(
  db: DbOrTrx,
  slug: string,
  customerId: string | null,
): Promise<FitSuggestion> {
  const product = await repo.productForFit(db, slug);
  if (!product) throw notFound(ErrorCode.notFound, 'Товар не найден');
  const [counts, kept] = await Promise.all([
    repo.fitCounts(db, product.id),
    customerId ? repo.lastKeptSize(db, customerId, product.brandId, product.categoryId) : undefined,
  ]);
  const fit = fitMajority(counts);
  const keptSize = kept ?? null;
  return { suggestedSize: suggestedSize(product.sizes, keptSize, fit), keptSize, fit };
}
