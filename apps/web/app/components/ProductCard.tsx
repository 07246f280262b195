import { Link } from 'react-router';
import type { ProductCard as Card } from '@kiim/contract';
import { Price } from './Price.tsx';

/**
 * Product card of lists and sliders: image (explicit size, lazy unless `eager`), brand, name, price and
 * the stock state of the current city (spec §4).
 */
export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const inStock = product.stockState === 'В наличии';
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
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
            />
          )}
        </div>
        <div className="card__body">
          <Price price={product.price} originalPrice={product.originalPrice} />
          <span className="card__brand">{product.brand.name}</span>
          <h3 className="card__name">{product.name}</h3>
          <span className={inStock ? 'stock stock--in' : 'stock'}>{product.stockState}</span>
        </div>
      </Link>
    </article>
  );
}

/** A grid of product cards; the first `eagerCount` images load at once (above the fold). */
export function ProductGrid({ products, eagerCount = 4 }: { products: Card[]; eagerCount?: number }) {
  return (
    <div className="grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
