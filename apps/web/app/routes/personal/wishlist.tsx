import { data, Link } from 'react-router';
import type { Route } from './+types/wishlist';
import { shopperOf, wishlistOf } from '../../lib/lists.server.ts';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { metaT, useT } from '../../lib/text.ts';
import { ProductCard } from '../../components/ProductCard.tsx';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('personal.wishlistMeta') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Wishlist (spec §2 `/personal/wishlist`; the layout sends a visitor who is not signed in to /): the
 * products of the shopper's wishlist (cookie `wishlist_uuid`, or the customer's) as cards with the stock
 * state of the current city, newest first. Wishlist errors are swallowed (spec §8): an empty list shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = shopperOf(request, context);
  // The same answer the root loader counts in the header: the wishlist is read once per request.
  const wishlist = await wishlistOf(shopper);
  return data({ items: wishlist?.items ?? [] }, { headers: shopper.headers });
}

export const shouldRevalidate = keepDataUnderDialogs;

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { items } = loaderData;
  if (items.length === 0) {
    return (
      <section className="wishlist-empty">
        <h1>{t('common.wishlist')}</h1>
        <p>{t('personal.wishlistEmpty')}</p>
        <Link className="button button--primary" to="/">
          {t('personal.toCatalogue')}
        </Link>
      </section>
    );
  }
  return (
    <section>
      <h1>
        {t('common.wishlist')}{' '}
        <span className="count muted">{t('count.goods', { count: items.length })}</span>
      </h1>
      <ul className="grid wishlist" data-testid="wishlist-items">
        {items.map((item, i) => (
          <li key={item.productId} className="wishlist__item" data-testid="wishlist-item">
            <ProductCard product={item.product} eager={i < 4} />
            <span className="muted wishlist__size">{t('common.sizeValue', { size: item.size })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
