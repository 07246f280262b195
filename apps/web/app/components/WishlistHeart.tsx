import { useFetcher, useLocation } from 'react-router';
import { useRootData } from '../lib/root-data.ts';
import { useT } from '../lib/text.ts';

/**
 * The wishlist heart of product cards and the product page: a toggle button (`aria-pressed`) in a form
 * posting to `/wishlist` (works without JavaScript; with it, a fetcher with an optimistic state). Filled when
 * the product is in the shopper's wishlist (root data). `externalId` is the size chosen, if any: the
 * wishlist remembers it; without it the action picks one of the product's sizes.
 */
export function WishlistHeart({
  productId,
  slug,
  name,
  externalId,
  className = '',
}: {
  productId: number;
  slug: string;
  /** Product name, for the button's accessible label (the state is `aria-pressed`). */
  name: string;
  externalId?: string;
  className?: string;
}) {
  const t = useT();
  const root = useRootData();
  const fetcher = useFetcher<{ ok: boolean }>();
  const location = useLocation();
  const entry = root?.wishlist.find((w) => w.productId === productId);
  const pending = fetcher.formData?.get('intent');
  const on = pending ? pending === 'add' : Boolean(entry);
  const sku = on ? (entry?.externalId ?? externalId) : externalId;
  return (
    <fetcher.Form method="post" action="/wishlist" className={`heart-form ${className}`}>
      <input type="hidden" name="intent" value={on ? 'remove' : 'add'} />
      <input type="hidden" name="productSlug" value={slug} />
      {sku && <input type="hidden" name="externalId" value={sku} />}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className={`heart${on ? ' heart--on' : ''}`}
        aria-pressed={on}
        aria-label={t('ui.toWishlist', { name })}
        title={on ? t('ui.wishlistRemove') : t('ui.wishlistAdd')}
        data-testid="wishlist-heart"
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </fetcher.Form>
  );
}
