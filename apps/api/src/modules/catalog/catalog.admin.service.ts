import { badRequest, notFound } from '#app/lib/errors.ts';
import { CatalogueErrorCode, ORIGINAL_PRICE_RULE, ProductPricesInput } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from './catalog.admin.repository.ts';

// The catalogue's write rules for the back office, the CSV import and the 1C exchange (issue 12, decision 020).
// Auditing is the caller's: it knows who acts and records the before → after this module answers.

/** A product's prices in whole tenge: the selling price and the price before the discount (equal when none). */
export interface ProductPrices {
  price: number;
  originalPrice: number;
}

/** What a price change did: the prices before and after; `changed` is false when they were already so. */
export interface PriceChange {
  productId: number;
  before: ProductPrices;
  after: ProductPrices;
  changed: boolean;
}

/**
 * Sets a product's prices (whole tenge): `originalPrice` absent means no discount (it becomes `price`). The
 * storefront shows the change at once (the product table's trigger bumps the catalogue version). Unchanged prices
 * write nothing.
 * @throws AppError 400 with field errors (price not a whole number from 1 to 100 000 000; originalPrice below
 *   price — spec §4: the crossed-out price is the higher one); 404 productNotFound.
 */
export async function setProductPrices(
  db: DbOrTrx,
  productId: number,
  prices: { price: number; originalPrice?: number | null },
  at: Date,
): Promise<PriceChange> {
  const parsed = ProductPricesInput.safeParse({
    price: prices.price,
    ...(prices.originalPrice == null ? {} : { originalPrice: prices.originalPrice }),
  });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || 'price'] ??= []).push(issue.message);
    throw badRequest(errors, errors.originalPrice ? ORIGINAL_PRICE_RULE : 'Проверьте цену');
  }
  const product = await repo.findProduct(db, productId);
  if (!product) throw notFound(CatalogueErrorCode.productNotFound, 'Такого товара нет');
  const before = { price: Number(product.price), originalPrice: Number(product.original_price) };
  const after = { price: parsed.data.price, originalPrice: parsed.data.originalPrice ?? parsed.data.price };
  const changed = before.price !== after.price || before.originalPrice !== after.originalPrice;
  if (changed) {
    await repo.updateProduct(db, productId, {
      price: after.price,
      original_price: after.originalPrice,
      updated_at: at.toISOString(),
    });
  }
  return { productId, before, after, changed };
}

/** The SKU with this external id and its product's id (imports address goods by it); undefined when none. */
export async function skuByExternalId(
  db: DbOrTrx,
  externalId: string,
): Promise<{ skuId: number; productId: number; size: string } | undefined> {
  const sku = await repo.findSkuByExternalId(db, externalId);
  return sku && { skuId: sku.id, productId: sku.product_id, size: sku.size };
}
