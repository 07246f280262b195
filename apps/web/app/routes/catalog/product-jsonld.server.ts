import type { Product, ReviewSummary } from '@kiim/contract';
import { StockState } from '@kiim/contract/enums';
import { largeImage } from '../../components/ZoomableImage.tsx';
import { reviewJsonLd } from '../../components/reviews/review-jsonld.ts';

/**
 * The schema.org Product of a product page as JSON-LD (offer in KZT, availability in the current city, the reviews'
 * rating): made by the loader, so the browser's script does not carry it; the page's `meta` puts it in the head.
 * `url` is the page's canonical address, `origin` the shop's public origin.
 */
export function productJsonLd(
  p: Product,
  origin: string,
  url: string,
  reviewSummary: ReviewSummary | null,
): Record<string, unknown> {
  const available =
    p.stockState === StockState.inStock || p.skus.some((s) => s.globalStockAmount !== 'not-available');
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    sku: p.skus[0]?.externalId,
    color: p.colour.name,
    category: p.category.name,
    brand: { '@type': 'Brand', name: p.brand.name },
    image: p.images.map((i) => origin + largeImage(i.src)),
    url,
    // Sizes priced apart (decision 032): their range as schema.org's AggregateOffer.
    offers: {
      ...(p.maxPrice > p.price
        ? { '@type': 'AggregateOffer', lowPrice: p.price, highPrice: p.maxPrice, offerCount: p.skus.length }
        : { '@type': 'Offer', price: p.price }),
      url,
      priceCurrency: 'KZT',
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...reviewJsonLd(reviewSummary),
  };
}
