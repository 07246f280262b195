import { Link } from 'react-router';
import type { ProductCard as Card } from '@kiim/contract';
import { Price } from './Price.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';
import { StockState } from '@kiim/contract/enums';
import { stockLabel, useT } from '../lib/text.ts';
import { MAIN_PICTURE_TIMING } from '../lib/main-picture.ts';
import { formatRating } from './reviews/rating-format.ts';
import { useRootData } from '../lib/root-data.ts';
import { carrierCityPeriod } from '../lib/carrier-city.ts';

/**
 * Product card of lists and sliders: image (explicit size, lazy unless `eager`), brand, name, price, the
 * stock state of the current city (spec §4; in a city only the carrier serves, with the carrier's period, decision
 * 073) and the wishlist heart over the image. An eager image is fetched with
 * high priority (and preloaded by React) unless `second` says the page's largest picture is another one (a
 * banner above the cards, issue 14): then it loads at once with low priority.
 */
export function ProductCard({
  product,
  eager = false,
  second = false,
}: {
  product: Card;
  eager?: boolean;
  second?: boolean;
}) {
  const t = useT();
  const inStock = product.stockState === StockState.inStock;
  const period = useCarrierPeriod(product.stockState);
  return (
    <article className="card">
      <Link to={`/product/${product.slug}`} className="card__link">
        <div className="card__media">
          {product.image && (
            <img
              src={product.image.src}
              srcSet={product.image.srcSet}
              sizes="(max-width: 600px) 50vw, (max-width: 1100px) 33vw, 270px"
              width={product.image.width}
              height={product.image.height}
              alt={product.image.alt}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? (second ? 'low' : 'high') : undefined}
              decoding="async"
              {...(eager && !second ? MAIN_PICTURE_TIMING : {})}
            />
          )}
        </div>
        <div className="card__body">
          <Price
            price={product.price}
            originalPrice={product.originalPrice}
            from={product.maxPrice > product.price}
          />
          <span className="card__brand">{product.brand.name}</span>
          <h3 className="card__name">{product.name}</h3>
          {product.rating && <CardRating rating={product.rating} />}
          <span className={inStock ? 'stock stock--in' : 'stock'} data-testid="card-stock">
            {stockLabel(t, product.stockState)}
            {period && <span className="stock__period"> · {t('stock.carrierDays', { period })}</span>}
          </span>
        </div>
      </Link>
      <WishlistHeart productId={product.id} slug={product.slug} name={product.name} className="card__heart" />
    </article>
  );
}

/**
 * «★ 4,6 (23)» of a card: the average of the published reviews and their count (issue 35 item 5, decision 058),
 * read out as «Рейтинг 4,6 из 5, 23 отзыва» in the page's language.
 */
function CardRating({ rating }: { rating: NonNullable<Card['rating']> }) {
  const t = useT();
  const average = formatRating(rating.average);
  return (
    <span
      className="card__rating"
      role="img"
      aria-label={t('stock.rating', { rating: average, count: rating.count })}
      data-testid="card-rating"
    >
      <span aria-hidden="true">
        ★ {average} ({rating.count})
      </span>
    </span>
  );
}

/**
 * Product cards as a grid or, with `view="hor"`, as a list of horizontal cards (spec §4 list views); the first
 * `eagerCount` images load at once with high priority (above the fold) — with low priority under a page's
 * `banner`, whose picture is the page's largest (issue 14).
 */
export function ProductGrid({
  products,
  eagerCount = 4,
  view = 'grid',
  banner = false,
}: {
  products: Card[];
  eagerCount?: number;
  view?: 'grid' | 'hor';
  banner?: boolean;
}) {
  return (
    <div className={view === 'hor' ? 'grid grid--hor' : 'grid'} data-view={view}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} second={banner} />
      ))}
    </div>
  );
}

/** The carrier's period for a card held in another city, when the current city is served only by the carrier. */
function useCarrierPeriod(state: string): string | null {
  const t = useT();
  const city = useRootData()?.city;
  return state === StockState.otherCity ? carrierCityPeriod(t, city) : null;
}
