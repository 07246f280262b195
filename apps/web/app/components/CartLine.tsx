import { Link, useFetcher } from 'react-router';
import type { CartItem } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { Price } from './Price.tsx';
import { deliveryLabel, useT } from '../lib/text.ts';

/** Largest quantity of a cart line (the API caps a line at it: `CART_LINE_MAX_QTY`). */
const MAX_QTY = 999;

/**
 * One cart line: image, brand, name, size and colour, delivery information (spec §3), line price (with the
 * price before discount) and quantity controls. − and + post a delta of −1 / +1 to the cart action (spec §4)
 * through a fetcher, showing the new quantity at once; at quantity 1, − opens the removal dialog like
 * «Удалить» (`removeHref`), so a line never disappears without a confirmation. Without JavaScript the forms
 * post and come back to `redirectTo`. A failed change is swallowed (spec §8): the line shows the cart as it is.
 * `deliveryText` replaces the delivery information's words (a carrier city's lines come by CDEK, issue 34).
 */
export function CartLine({
  item,
  removeHref,
  redirectTo,
  deliveryText,
}: {
  item: CartItem;
  removeHref: string;
  redirectTo: string;
  deliveryText?: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const pendingDelta = Number(fetcher.formData?.get('qty') ?? 0);
  const qty = Math.min(MAX_QTY, Math.max(1, item.qty + pendingDelta));
  const few = item.inStock && item.stockCount > 0 && item.stockCount < 5;
  return (
    <li
      className={`cart-line${item.inStock ? '' : ' cart-line--out'}`}
      data-testid="cart-line"
      data-external-id={item.externalId}
    >
      <Link to={`/product/${item.slug}`} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        {item.image && (
          <img
            src={item.image.src}
            width={item.image.width}
            height={item.image.height}
            alt=""
            loading="lazy"
          />
        )}
      </Link>
      <div className="cart-line__body">
        <span className="card__brand">{item.brandName}</span>
        <Link to={`/product/${item.slug}`} className="cart-line__name">
          {item.name}
        </Link>
        <span className="muted">{t('cart.lineSize', { size: item.size, colour: item.colourName })}</span>
        <span className={item.inStock ? 'stock stock--in' : 'stock'} data-testid="delivery-information">
          {deliveryText ?? deliveryLabel(t, item.deliveryInformation)}
        </span>
        {few && <span className="stock stock--few">{t('stock.fewLeft')}</span>}
      </div>
      <div className="cart-line__qty">
        <fetcher.Form method="post" action="/Cart" className="qty" preventScrollReset>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="externalId" value={item.externalId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {qty > 1 ? (
            <button type="submit" name="qty" value="-1" aria-label={t('cart.less', { name: item.name })}>
              −
            </button>
          ) : (
            <Link
              to={removeHref}
              className="qty__remove"
              aria-label={t('cart.removeLine', { name: item.name })}
              preventScrollReset
            >
              −
            </Link>
          )}
          <output aria-label={t('cart.qty')} aria-live="polite" data-testid="cart-line-qty">
            {qty}
          </output>
          <button
            type="submit"
            name="qty"
            value="1"
            aria-label={t('cart.more', { name: item.name })}
            disabled={qty >= MAX_QTY}
          >
            +
          </button>
        </fetcher.Form>
        <Link to={removeHref} className="button button--link" preventScrollReset>
          {t('cart.remove')}
        </Link>
      </div>
      <div className="cart-line__price">
        <Price price={item.price * qty} originalPrice={item.originalPrice * qty} />
        {qty > 1 && (
          <span className="muted">
            {qty} × {formatPrice(item.price)}
          </span>
        )}
      </div>
    </li>
  );
}
