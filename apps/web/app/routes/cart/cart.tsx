import { data, Form, Link, useLocation } from 'react-router';
import { formatPrice } from '@kiim/contract/format';
import type { CartItem } from '@kiim/contract';
import type { Route } from './+types/cart';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { loadCart } from '../../lib/cart-wishlist.server.ts';
import { pluralRu } from '../../lib/plural.ts';
import { cartAction } from './cart.server.ts';
import { CartLine } from '../../components/CartLine.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { signInHref } from '../../components/SignInDialog.tsx';
import { useRootData } from '../../root.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Корзина — Kiim' }, { name: 'robots', content: 'noindex' }];

const GOODS = ['товар', 'товара', 'товаров'] as const;

/**
 * Cart (spec §2): the cart of the cookie `cart_uuid` (or the signed-in customer's), priced and split for the
 * current city (cookie `city_id`, spec §3, §4) — changing the city re-splits it. Cart errors are swallowed
 * (spec §8): the page then shows an empty cart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = new Headers();
  const loaded = await loadCart(request, apiFor(request, context), currentCityId(request), headers);
  return data(loaded, { headers });
}

/** The cart intents (add a delta, remove, move to wishlist, clear): see `cartAction`. */
export function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, apiFor(request, context));
}

/** Hidden fields and submit button of one cart intent, posted as a navigation (the dialogs close after it). */
function IntentForm({ intent, externalId, children, primary }: { intent: string; externalId?: string; children: string; primary?: boolean }) {
  return (
    <Form method="post" action="/Cart" preventScrollReset replace>
      <input type="hidden" name="intent" value={intent} />
      {externalId && <input type="hidden" name="externalId" value={externalId} />}
      <input type="hidden" name="redirectTo" value="/Cart" />
      <button type="submit" className={`button button--block${primary ? ' button--primary' : ''}`}>
        {children}
      </button>
    </Form>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, split } = loaderData;
  const root = useRootData();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
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
  const cityName = root?.city?.name ?? 'вашем городе';
  const removeHref = (item: CartItem) => `/Cart?${new URLSearchParams({ remove: item.externalId })}`;
  const removing = cart.items.find((i) => i.externalId === search.get('remove'));
  const clearing = search.get('clear') === '1';
  const checkoutHref = root?.customer ? '/Cart/checkout' : signInHref(location, '/Cart/checkout');
  const group = (items: CartItem[]) => (
    <ul className="cart-lines">
      {items.map((item) => (
        <CartLine key={item.externalId} item={item} removeHref={removeHref(item)} redirectTo="/Cart" />
      ))}
    </ul>
  );
  return (
    <>
      <h1>
        Корзина <span className="count muted">{pluralRu(cart.items.reduce((n, i) => n + i.qty, 0), GOODS)}</span>
      </h1>
      <div className="cart">
        <div>
          {split.available.length > 0 && (
            <section aria-labelledby="available-title" data-testid="cart-available">
              <h2 id="available-title" className="cart__group">
                В наличии в городе {cityName}
              </h2>
              {group(split.available)}
            </section>
          )}
          {split.notAvailable.length > 0 && (
            <section aria-labelledby="na-title" data-testid="cart-not-available">
              <h2 id="na-title" className="cart__group">
                Нет в наличии в городе {cityName}
              </h2>
              <p className="muted cart__note">Эти товары не войдут в заказ, пока их нет в наличии в вашем городе.</p>
              {group(split.notAvailable)}
            </section>
          )}
          <Link to="/Cart?clear=1" className="button button--link" preventScrollReset>
            Очистить корзину
          </Link>
        </div>
        <aside className="summary" aria-label="Итого">
          <dl>
            <div>
              <dt>Товаров в наличии</dt>
              <dd data-testid="cart-total-count">{cart.totalCount}</dd>
            </div>
            {cart.totalSavings > 0 && (
              <>
                <div>
                  <dt>Сумма без скидки</dt>
                  <dd>{formatPrice(cart.totalAmount + cart.totalSavings)}</dd>
                </div>
                <div>
                  <dt>Скидка</dt>
                  <dd className="price__now--sale" data-testid="cart-savings">
                    −{formatPrice(cart.totalSavings)}
                  </dd>
                </div>
              </>
            )}
            <div className="summary__total">
              <dt>Итого</dt>
              <dd data-testid="cart-total">{formatPrice(cart.totalAmount)}</dd>
            </div>
          </dl>
          {split.available.length > 0 ? (
            <>
              <Link className="button button--primary button--block" to={checkoutHref} preventScrollReset={!root?.customer}>
                Оформить заказ
              </Link>
              {!root?.customer && <p className="muted summary__hint">Чтобы оформить заказ, войдите по номеру телефона.</p>}
            </>
          ) : (
            <p className="muted">Товаров из корзины нет в наличии в городе {cityName}. Выберите другой город в шапке сайта.</p>
          )}
        </aside>
      </div>
      {removing && (
        <ConfirmDialog title="Удалить товар из корзины?" closeHref="/Cart" testId="remove-dialog">
          <p>
            {removing.name}, размер {removing.size}, {removing.colourName.toLowerCase()}
            {removing.qty > 1 ? ` — ${pluralRu(removing.qty, ['штука', 'штуки', 'штук'])}` : ''}.
          </p>
          <div className="dialog__actions">
            <IntentForm intent="remove" externalId={removing.externalId} primary>
              Удалить
            </IntentForm>
            <IntentForm intent="move-to-wishlist" externalId={removing.externalId}>
              Перенести в избранное
            </IntentForm>
            <Link to="/Cart" className="button button--block" preventScrollReset replace>
              Отмена
            </Link>
          </div>
        </ConfirmDialog>
      )}
      {clearing && (
        <ConfirmDialog title="Очистить корзину?" closeHref="/Cart" testId="clear-dialog">
          <p>Из корзины будут удалены все товары.</p>
          <div className="dialog__actions">
            <IntentForm intent="clear" primary>
              Очистить
            </IntentForm>
            <Link to="/Cart" className="button button--block" preventScrollReset replace>
              Отмена
            </Link>
          </div>
        </ConfirmDialog>
      )}
    </>
  );
}
