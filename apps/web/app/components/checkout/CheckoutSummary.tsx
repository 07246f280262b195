import { Link } from 'react-router';
import type { CartItem } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';

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
}: {
  lines: readonly (CartItem & { fromOtherCity?: boolean })[];
  leftInCart: number;
  deliveryName: string;
  deliveryPrice: number;
  dates: string;
  cardOnline: boolean;
  busy: boolean;
}) {
  const items = lines.reduce((s, i) => s + i.price * i.qty, 0);
  const count = lines.reduce((s, i) => s + i.qty, 0);
  return (
    <aside className="summary" aria-label="Ваш заказ">
      <h2>Ваш заказ</h2>
      <ul className="summary__lines" data-testid="summary-lines">
        {lines.map((i) => (
          <li key={i.externalId}>
            <span>
              {i.name}, {i.size} × {i.qty}
              {i.fromOtherCity && <span className="muted"> · из другого города</span>}
            </span>
            <span>{formatPrice(i.price * i.qty)}</span>
          </li>
        ))}
      </ul>
      {leftInCart > 0 && (
        <p className="muted summary__hint">
          Товары, которых нет в вашем городе, останутся в <Link to="/Cart">корзине</Link>.
        </p>
      )}
      <dl>
        <div>
          <dt>Товары, {count} шт.</dt>
          <dd data-testid="checkout-items">{formatPrice(items)}</dd>
        </div>
        <div>
          <dt>{deliveryName}</dt>
          <dd data-testid="checkout-delivery">{deliveryPrice ? formatPrice(deliveryPrice) : 'бесплатно'}</dd>
        </div>
        <div>
          <dt>Получение</dt>
          <dd data-testid="checkout-dates">{dates}</dd>
        </div>
        <div className="summary__total">
          <dt>Итого</dt>
          <dd data-testid="checkout-total">{formatPrice(items + deliveryPrice)}</dd>
        </div>
      </dl>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Оформляем…' : cardOnline ? 'Оформить и перейти к оплате' : 'Подтвердить заказ'}
      </button>
      <p className="muted summary__hint">
        Нажимая кнопку, вы соглашаетесь с условиями <Link to="/info/dogovor-publichnoj-oferty">публичной оферты</Link>.
      </p>
    </aside>
  );
}
