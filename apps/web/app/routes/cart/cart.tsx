import { data, Form, Link, useLocation } from 'react-router';
import type { CartItem } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { plural } from '@kiim/contract/text';
import type { Route } from './+types/cart';
import { cartView, shopperOf, type CartView } from '../../lib/lists.server.ts';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { useRootData } from '../../lib/root-data.ts';
import { text } from '../../lib/text.ts';
import { cartAction } from './cart.server.ts';
import { CartLine } from '../../components/CartLine.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { signInHref } from '../../components/sign-in/sign-in-url.ts';

export const meta: Route.MetaFunction = () => [
  { title: 'Корзина — Kiim' },
  { name: 'robots', content: 'noindex' },
];

/**
 * Cart (spec §2): the cart of the cookie `cart_uuid` (or the signed-in customer's), priced and split for the
 * current city (cookie `city_id`, spec §3, §4) by one split-cart call, which the header's count on this page
 * shares — changing the city re-splits it. Cart errors are swallowed (spec §8): the page then shows an empty cart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = shopperOf(request, context);
  const view = await cartView(shopper);
  return data({ view: view?.lines.length ? view : null }, { headers: shopper.headers });
}

/** Opening and closing the removal and clearing dialogs (`?remove=`, `?clear=1`) reloads nothing. */
export const shouldRevalidate = keepDataUnderDialogs;

/** The cart intents (add a delta, remove, move to wishlist, clear): see `cartAction`. */
export function action({ request, context }: Route.ActionArgs) {
  return cartAction(shopperOf(request, context));
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const root = useRootData();
  const search = new URLSearchParams(useLocation().search);
  if (!view) return <EmptyCart />;
  const cityName = root?.city?.name ?? 'вашем городе';
  const removing = view.lines.find((i) => i.externalId === search.get('remove'));
  return (
    <>
      <h1>
        Корзина{' '}
        <span className="count muted">
          {plural(
            view.lines.reduce((n, i) => n + i.qty, 0),
            text.count.goods,
          )}
        </span>
      </h1>
      <div className="cart">
        <div>
          <CartGroup id="available" lines={view.split.available} title={`В наличии в городе ${cityName}`} />
          <CartGroup
            id="not-available"
            lines={view.split.notAvailable}
            title={`Нет в наличии в городе ${cityName}`}
            note="Эти товары не войдут в заказ, пока их нет в наличии в вашем городе."
          />
          <Link to="/Cart?clear=1" className="button button--link" preventScrollReset>
            Очистить корзину
          </Link>
        </div>
        <CartSummary view={view} cityName={cityName} />
      </div>
      {removing && <RemoveDialog item={removing} />}
      {search.get('clear') === '1' && <ClearDialog />}
    </>
  );
}

function EmptyCart() {
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

/** One block of the split cart (spec §4: in stock in the city, or not), left out when it has no lines. */
function CartGroup({
  id,
  lines,
  title,
  note,
}: {
  id: 'available' | 'not-available';
  lines: CartItem[];
  title: string;
  note?: string;
}) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`cart-${id}`}>
      <h2 id={`${id}-title`} className="cart__group">
        {title}
      </h2>
      {note && <p className="muted cart__note">{note}</p>}
      <ul className="cart-lines">
        {lines.map((item) => (
          <CartLine
            key={item.externalId}
            item={item}
            removeHref={`/Cart?${new URLSearchParams({ remove: item.externalId })}`}
            redirectTo="/Cart"
          />
        ))}
      </ul>
    </section>
  );
}

/** The totals (spec §9: the count caps each line at its stock) and the way to checkout (signed in, spec §2). */
function CartSummary({ view, cityName }: { view: CartView; cityName: string }) {
  const root = useRootData();
  const location = useLocation();
  const { totals } = view;
  const checkoutHref = root?.customer ? '/Cart/checkout' : signInHref(location, '/Cart/checkout');
  return (
    <aside className="summary" aria-label="Итого">
      <dl>
        <div>
          <dt>Товаров в наличии</dt>
          <dd data-testid="cart-total-count">{totals.totalCount}</dd>
        </div>
        {totals.totalSavings > 0 && (
          <>
            <div>
              <dt>Сумма без скидки</dt>
              <dd>{formatPrice(totals.totalAmount + totals.totalSavings)}</dd>
            </div>
            <div>
              <dt>Скидка</dt>
              <dd className="price__now--sale" data-testid="cart-savings">
                −{formatPrice(totals.totalSavings)}
              </dd>
            </div>
          </>
        )}
        <div className="summary__total">
          <dt>Итого</dt>
          <dd data-testid="cart-total">{formatPrice(totals.totalAmount)}</dd>
        </div>
      </dl>
      {view.split.available.length > 0 ? (
        <>
          <Link
            className="button button--primary button--block"
            to={checkoutHref}
            preventScrollReset={!root?.customer}
          >
            Оформить заказ
          </Link>
          {!root?.customer && (
            <p className="muted summary__hint">Чтобы оформить заказ, войдите по номеру телефона.</p>
          )}
        </>
      ) : (
        <p className="muted">
          Товаров из корзины нет в наличии в городе {cityName}. Выберите другой город в шапке сайта.
        </p>
      )}
    </aside>
  );
}

/** Hidden fields and submit button of one cart intent, posted as a navigation (the dialogs close after it). */
function IntentForm({
  intent,
  externalId,
  children,
  primary,
}: {
  intent: string;
  externalId?: string;
  children: string;
  primary?: boolean;
}) {
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

const CancelLink = () => (
  <Link to="/Cart" className="button button--block" preventScrollReset replace>
    Отмена
  </Link>
);

/** The product removal modal of spec §2 (`?remove=<externalId>`): remove, move to the wishlist, or cancel. */
function RemoveDialog({ item }: { item: CartItem }) {
  return (
    <ConfirmDialog title="Удалить товар из корзины?" closeHref="/Cart" testId="remove-dialog">
      <p>
        {item.name}, размер {item.size}, {item.colourName.toLowerCase()}
        {item.qty > 1 ? ` — ${plural(item.qty, text.count.pieces)}` : ''}.
      </p>
      <div className="dialog__actions">
        <IntentForm intent="remove" externalId={item.externalId} primary>
          Удалить
        </IntentForm>
        <IntentForm intent="move-to-wishlist" externalId={item.externalId}>
          Перенести в избранное
        </IntentForm>
        <CancelLink />
      </div>
    </ConfirmDialog>
  );
}

/** «Очистить корзину?» (`?clear=1`). */
function ClearDialog() {
  return (
    <ConfirmDialog title="Очистить корзину?" closeHref="/Cart" testId="clear-dialog">
      <p>Из корзины будут удалены все товары.</p>
      <div className="dialog__actions">
        <IntentForm intent="clear" primary>
          Очистить
        </IntentForm>
        <CancelLink />
      </div>
    </ConfirmDialog>
  );
}
