import { data, Form, Link, useLocation } from 'react-router';
import type { CartItem } from '@kiim/contract';
import { cartGroups, linesAmount } from '@kiim/contract/cart';
import { formatPrice } from '@kiim/contract/format';
import type { Route } from './+types/cart';
import { cartView, shopperOf, type CartView } from '../../lib/lists.server.ts';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { useRootData } from '../../lib/root-data.ts';
import { metaT, useT } from '../../lib/text.ts';
import { pageTexts } from '../../lib/lang.server.ts';
import { cartAction } from './cart.server.ts';
import { CartLine } from '../../components/CartLine.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { signInHref } from '../../components/sign-in/sign-in-url.ts';
import { carrierPeriod, pointsPeriod } from '../../lib/carrier-choice.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('cart.meta') },
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
  return data(
    { view: view?.lines.length ? view : null, texts: pageTexts(request, ['cart', 'product', 'carrier']) },
    { headers: shopper.headers },
  );
}

/** Opening and closing the removal and clearing dialogs (`?remove=`, `?clear=1`) reloads nothing. */
export const shouldRevalidate = keepDataUnderDialogs;

/** The cart intents (add a delta, remove, move to wishlist, clear): see `cartAction`. */
export function action({ request, context }: Route.ActionArgs) {
  return cartAction(shopperOf(request, context));
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { view } = loaderData;
  const root = useRootData();
  const search = new URLSearchParams(useLocation().search);
  if (!view) return <EmptyCart />;
  const cityName = root?.city?.name ?? t('cart.yourCity');
  const removing = view.lines.find((i) => i.externalId === search.get('remove'));
  const groups = cartGroups(view.split);
  const other = otherCityTexts(t, view.split);
  return (
    <>
      <h1>
        {t('cart.title')}{' '}
        <span className="count muted">
          {t('count.goods', { count: view.lines.reduce((n, i) => n + i.qty, 0) })}
        </span>
      </h1>
      <div className="cart">
        <div>
          <CartGroup id="available" lines={groups.inCity} title={t('cart.available', { city: cityName })} />
          <CartGroup id="other-city" lines={groups.otherCity} {...other} />
          <CartGroup
            id="not-available"
            lines={groups.unavailable}
            title={t('cart.unavailable')}
            note={t('cart.unavailableNote')}
          />
          <Link to="/Cart?clear=1" className="button button--link" preventScrollReset>
            {t('cart.clear')}
          </Link>
        </div>
        <CartSummary view={view} cityName={cityName} />
      </div>
      {removing && <RemoveDialog item={removing} />}
      {search.get('clear') === '1' && <ClearDialog />}
    </>
  );
}

/**
 * The words of the lines held in another city: brought by the shop in 3–5 days (spec §4), or, in a carrier city
 * (issue 34, issue 35 item 1: the cart and checkout agree), sent by CDEK with its lowest price and period — or the
 * carrier's own message when it cannot answer now.
 */
function otherCityTexts(t: ReturnType<typeof useT>, split: CartView['split']) {
  const carrier = split.carrierDelivery;
  if (!carrier) return { title: t('cart.otherCity'), note: t('cart.otherCityNote') };
  const best = pointsPeriod(split.availablePickupPointList, carrier.door);
  const note =
    carrier.available && best
      ? t('carrier.cartNote', {
          price: t('carrier.from', { price: formatPrice(best.price) }),
          period: carrierPeriod(t, best.periodMinDays, best.periodMaxDays),
        })
      : (carrier.message ?? t('carrier.unavailable'));
  return { title: t('carrier.cartTitle'), note, lineText: t('carrier.lineDelivery') };
}

function EmptyCart() {
  const t = useT();
  return (
    <section className="message-page">
      <h1>{t('cart.empty')}</h1>
      <p>{t('cart.emptyText')}</p>
      <Link className="button button--primary" to="/">
        {t('cart.shop')}
      </Link>
    </section>
  );
}

/**
 * One block of the split cart (spec §4: in stock in the city, brought from another city's stock, or in stock
 * nowhere), left out when it has no lines; `lineText` replaces each line's delivery words.
 */
function CartGroup({
  id,
  lines,
  title,
  note,
  lineText,
}: {
  id: 'available' | 'other-city' | 'not-available';
  lines: CartItem[];
  title: string;
  note?: string;
  lineText?: string;
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
            deliveryText={lineText}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The totals and the way to checkout (signed in, spec §2). The count is spec §9's (each line capped at its stock in
 * the city); the amounts are what the order will take: the lines in the city and those brought from another city
 * (issue 35 §1 — checkout includes them by default), each shown apart when both are there. In a carrier city the
 * count is of the units CDEK brings (decision 073).
 */
function CartSummary({ view, cityName }: { view: CartView; cityName: string }) {
  const t = useT();
  const root = useRootData();
  const location = useLocation();
  const groups = cartGroups(view.split);
  const [inCity, other] = [linesAmount(groups.inCity), linesAmount(groups.otherCity)];
  const savings = inCity.savings + other.savings;
  const total = inCity.amount + other.amount;
  const checkoutHref = root?.customer ? '/Cart/checkout' : signInHref(location, '/Cart/checkout');
  // In a carrier city the lines from elsewhere come by CDEK: say so instead of «in stock: 0» (decision 073).
  const byCarrier = Boolean(view.split.carrierDelivery) && groups.otherCity.length > 0;
  const row = (label: string, value: string, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <aside className="summary" aria-label={t('common.total')}>
      <dl>
        {(!byCarrier || groups.inCity.length > 0) &&
          row(t('cart.inStockCount'), String(view.totals.totalCount), 'cart-total-count')}
        {byCarrier &&
          row(
            t('carrier.cartCount'),
            t('count.goods', { count: groups.otherCity.reduce((n, i) => n + i.qty, 0) }),
            'cart-carrier-count',
          )}
        {groups.inCity.length > 0 && groups.otherCity.length > 0 && (
          <>
            {row(
              t('cart.inCityAmount', { city: cityName }),
              formatPrice(inCity.amount),
              'cart-in-city-amount',
            )}
            {row(t('cart.otherCityAmount'), formatPrice(other.amount), 'cart-other-city-amount')}
          </>
        )}
        {savings > 0 && (
          <>
            {row(t('cart.withoutDiscount'), formatPrice(total + savings))}
            <div>
              <dt>{t('cart.discount')}</dt>
              <dd className="price__now--sale" data-testid="cart-savings">
                −{formatPrice(savings)}
              </dd>
            </div>
          </>
        )}
        <div className="summary__total">
          <dt>{t('common.total')}</dt>
          <dd data-testid="cart-total">{formatPrice(total)}</dd>
        </div>
      </dl>
      {groups.inCity.length + groups.otherCity.length > 0 ? (
        <>
          <Link
            className="button button--primary button--block"
            to={checkoutHref}
            preventScrollReset={!root?.customer}
          >
            {t('cart.checkout')}
          </Link>
          {!root?.customer && <p className="muted summary__hint">{t('cart.signInHint')}</p>}
        </>
      ) : (
        <p className="muted">{t('cart.noneInCity')}</p>
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

function CancelLink() {
  const t = useT();
  return (
    <Link to="/Cart" className="button button--block" preventScrollReset replace>
      {t('common.cancel')}
    </Link>
  );
}

/** The product removal modal of spec §2 (`?remove=<externalId>`): remove, move to the wishlist, or cancel. */
function RemoveDialog({ item }: { item: CartItem }) {
  const t = useT();
  return (
    <ConfirmDialog title={t('cart.removeTitle')} closeHref="/Cart" testId="remove-dialog">
      <p>
        {t('cart.removeWhat', { name: item.name, size: item.size, colour: item.colourName.toLowerCase() })}
        {item.qty > 1 ? ` — ${t('count.pieces', { count: item.qty })}` : ''}.
      </p>
      <div className="dialog__actions">
        <IntentForm intent="remove" externalId={item.externalId} primary>
          {t('cart.remove')}
        </IntentForm>
        <IntentForm intent="move-to-wishlist" externalId={item.externalId}>
          {t('cart.toWishlist')}
        </IntentForm>
        <CancelLink />
      </div>
    </ConfirmDialog>
  );
}

/** «Очистить корзину?» (`?clear=1`). */
function ClearDialog() {
  const t = useT();
  return (
    <ConfirmDialog title={t('cart.clearTitle')} closeHref="/Cart" testId="clear-dialog">
      <p>{t('cart.clearText')}</p>
      <div className="dialog__actions">
        <IntentForm intent="clear" primary>
          {t('cart.clearDo')}
        </IntentForm>
        <CancelLink />
      </div>
    </ConfirmDialog>
  );
}
