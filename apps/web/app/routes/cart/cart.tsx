import { Link, useLocation } from 'react-router';
import { formatPrice } from '@kiim/contract/format';
import { COOKIE } from '@kiim/contract/enums';
import type { Route } from './+types/cart';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId, uuidCookie } from '../../lib/cookies.server.ts';
import { cartAction } from './cart.server.ts';
import { CartLine } from '../../components/CartLine.tsx';
import { signInHref } from '../../components/SignInDialog.tsx';
import { useRootData } from '../../root.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Корзина — Kiim' }, { name: 'robots', content: 'noindex' }];

/**
 * Cart (spec §2): lines split into available and not available in the current city (spec §3, §4) with the
 * cart totals (count capped by stock, spec §9). Cart errors are swallowed (spec §8): an empty cart shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uuid = uuidCookie(request, COOKIE.cartUuid);
  if (!uuid) return { cart: null, split: null };
  const api = apiFor(request, context);
  const cityId = currentCityId(request);
  const [cart, split] = await Promise.all([
    api.cartByUuid(uuid, cityId).then((r) => r.cart).catch(() => null),
    api.splitCart(uuid, cityId).catch(() => null),
  ]);
  return { cart, split };
}

export function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, apiFor(request, context));
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, split } = loaderData;
  const root = useRootData();
  const location = useLocation();
  if (!cart || !split || cart.items.length === 0) {
    return (
      <section className="message-page">
        <h1>В корзине пока пусто</h1>
        <p>Загляните в каталог — там много всего интересного.</p>
        <Link className="button button--primary" to="/">
          Перейти к покупкам
        </Link>
      </section>
    );
  }
  const checkoutHref = root?.customer ? '/Cart/checkout' : signInHref(location, '/Cart/checkout');
  return (
    <>
      <h1>Корзина</h1>
      <div className="cart">
        <div>
          {split.available.length > 0 && (
            <section aria-labelledby="available-title">
              <h2 id="available-title" className="cart__group">В наличии в городе {root?.city?.name}</h2>
              <ul className="cart-lines">{split.available.map((item) => <CartLine key={item.externalId} item={item} />)}</ul>
            </section>
          )}
          {split.notAvailable.length > 0 && (
            <section aria-labelledby="na-title">
              <h2 id="na-title" className="cart__group">Нет в наличии в вашем городе</h2>
              <ul className="cart-lines">{split.notAvailable.map((item) => <CartLine key={item.externalId} item={item} />)}</ul>
            </section>
          )}
        </div>
        <aside className="summary" aria-label="Итого">
          <dl>
            <div>
              <dt>Товаров</dt>
              <dd data-testid="cart-total-count">{cart.totalCount}</dd>
            </div>
            {cart.totalSavings > 0 && (
              <div>
                <dt>Скидка</dt>
                <dd className="price__now--sale">−{formatPrice(cart.totalSavings)}</dd>
              </div>
            )}
            <div className="summary__total">
              <dt>Итого</dt>
              <dd data-testid="cart-total">{formatPrice(cart.totalAmount)}</dd>
            </div>
          </dl>
          {split.available.length > 0 ? (
            <Link className="button button--primary button--block" to={checkoutHref} preventScrollReset={!root?.customer}>
              Оформить заказ
            </Link>
          ) : (
            <p className="muted">Товаров из корзины нет в наличии в вашем городе.</p>
          )}
        </aside>
      </div>
    </>
  );
}
