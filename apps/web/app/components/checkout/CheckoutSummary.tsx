import { Link } from 'react-router';
import type { CartItem } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { useT } from '../../lib/text.ts';

/**
 * The order summary of the checkout (issue: available lines only, delivery cost and dates, total): the lines
 * in stock in the city (and those brought from another city when the shopper asked for them), the items'
 * sum, the delivery price (free pickup), when it can be received, the total and the submit button.
 * Prices are the server's (the order is priced again by the API, never from the page).
 */
export function CheckoutSummary({
  lines,
  leftInCart,
  deliveryName,
  deliveryPrice,
  dates,
  cardOnline,
  busy,
  blocked = false,
}: {
  lines: readonly (CartItem & { fromOtherCity?: boolean })[];
  leftInCart: number;
  deliveryName: string;
  deliveryPrice: number;
  dates: string;
  cardOnline: boolean;
  busy: boolean;
  /** Nothing can be ordered now (no delivery method offered, e.g. the carrier is down): the button is disabled. */
  blocked?: boolean;
}) {
  const t = useT();
  const items = lines.reduce((s, i) => s + i.price * i.qty, 0);
  const count = lines.reduce((s, i) => s + i.qty, 0);
  return (
    <aside className="summary" aria-label={t('checkout.yourOrder')}>
      <h2>{t('checkout.yourOrder')}</h2>
      <ul className="summary__lines" data-testid="summary-lines">
        {lines.map((i) => (
          <li key={i.externalId}>
            <span>
              {i.name}, {i.size} × {i.qty}
              {i.fromOtherCity && <span className="muted"> · {t('common.fromOtherCity')}</span>}
            </span>
            <span>{formatPrice(i.price * i.qty)}</span>
          </li>
        ))}
      </ul>
      {leftInCart > 0 && (
        <p className="muted summary__hint">
          {t('checkout.staysBefore')} <Link to="/Cart">{t('checkout.staysLink')}</Link>
          {t('checkout.staysAfter')}
        </p>
      )}
      <dl>
        <div>
          <dt>{t('checkout.goodsPcs', { count })}</dt>
          <dd data-testid="checkout-items">{formatPrice(items)}</dd>
        </div>
        <div>
          <dt>{deliveryName}</dt>
          <dd data-testid="checkout-delivery">
            {deliveryPrice ? formatPrice(deliveryPrice) : t('common.free')}
          </dd>
        </div>
        <div>
          <dt>{t('common.receiving')}</dt>
          <dd data-testid="checkout-dates">{dates}</dd>
        </div>
        <div className="summary__total">
          <dt>{t('common.total')}</dt>
          <dd data-testid="checkout-total">{formatPrice(items + deliveryPrice)}</dd>
        </div>
      </dl>
      <button type="submit" className="button button--primary button--block" disabled={busy || blocked}>
        {busy ? t('checkout.placing') : cardOnline ? t('checkout.placeAndPay') : t('checkout.confirm')}
      </button>
      <p className="muted summary__hint">
        {t('checkout.agreeBefore')}{' '}
        <Link to="/info/dogovor-publichnoj-oferty">{t('checkout.agreeLink')}</Link>
        {t('checkout.agreeAfter')}
      </p>
    </aside>
  );
}
