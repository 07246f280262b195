import { Link, redirect } from 'react-router';
import { formatDeliveryDates } from '@kiim/contract/checkout';
import { formatDate, formatPrice } from '@kiim/contract/format';
import type { Route } from './+types/thankyou';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { LAST_ORDER_COOKIE, readCookie } from '../../lib/cookies.server.ts';
import { startPayment } from '../../lib/payment.server.ts';
import { loadKaspi, startKaspi } from '../../lib/kaspi.server.ts';
import { readForm } from '../../lib/form.server.ts';
import { PayButton } from '../../components/PayButton.tsx';
import { KaspiPay } from '../../components/KaspiPay.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { OrderPaymentInfo } from '../../components/OrderPaymentInfo.tsx';
import { OrderReceipts } from '../../components/OrderReceipts.tsx';
import { pickupAddress } from '../../lib/pickup-points.ts';
import { useCarrierKind } from '../../components/carrier-kind.ts';
import { metaT, useDateWords, useLocale, useT } from '../../lib/text.ts';
import { pageTexts, translateFor } from '../../lib/lang.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('thankyou.meta') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Thank-you page (spec §2): only right after an order was created (the short-lived HttpOnly order cookie set
 * by checkout, and the order must be the customer's), otherwise sent to /. Shows createdOrderNumber,
 * createdOrderAmount, createdOrderImages and createdOrderAt (spec §3, the date in Russian with the month
 * name). A card-online order still to be paid shows the payment, started at once when coming from checkout
 * (`?pay=1`); a Kaspi order (issue 33) its Kaspi panel, a QR (the app link on a phone) started at once likewise.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const number = readCookie(request, LAST_ORDER_COOKIE);
  const api = apiFor(request, context);
  if (!number || !api.token) throw redirect('/');
  const order = await api.order(number).catch(() => null);
  if (!order) throw redirect('/');
  const payNow = new URL(request.url).searchParams.get('pay') === '1' && order.status === 'awaiting_payment';
  return {
    createdOrderNumber: order.number,
    createdOrderAmount: order.amount,
    createdOrderImages: order.images,
    createdOrderAt: order.createdAt,
    order,
    now: new Date().toISOString(),
    payNow,
    kaspi: await loadKaspi(api, order, request, payNow),
    texts: pageTexts(request, ['thankyou', 'pay', 'checkout', 'receipt', 'carrier']),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

/**
 * `intent=pay`: the payment object for ePay's script; `intent=kaspi`: a Kaspi payment started (kind qr, link or
 * remote with a phone). The order of the thank-you cookie only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const number = readCookie(request, LAST_ORDER_COOKIE);
  const api = apiFor(request, context);
  if (!number || !api.token) throw redirect('/');
  const form = await readForm(request);
  if (form.get('intent') === 'kaspi') return startKaspi(api, number, form, translateFor(request));
  return startPayment(api, number);
}

/** The payment part: the Kaspi panel of a Kaspi order (issue 33), else ePay's button while awaiting payment. */
function ThankYouPayment({ data: o }: { data: Route.ComponentProps['loaderData'] }) {
  const { order, kaspi } = o;
  const awaiting = order.status === 'awaiting_payment';
  const mobile = useRootData()?.customer?.mobile ?? '';
  if (kaspi) {
    if (!awaiting && kaspi.kaspi?.state !== 'paid') return null;
    return (
      <KaspiPay
        orderNumber={order.number}
        initial={kaspi.kaspi}
        error={kaspi.kaspiError}
        phone={kaspi.phone}
        mobile={mobile}
        timeZone={order.timeZone}
      />
    );
  }
  if (!awaiting) return null;
  return (
    <div className="thankyou__pay">
      <OrderPaymentInfo order={order} />
      <PayButton amount={order.amount} autoStart={o.payNow} />
    </div>
  );
}

export default function ThankYou({ loaderData: o }: Route.ComponentProps) {
  const t = useT();
  const { order } = o;
  const awaiting = order.status === 'awaiting_payment';
  const [locale, words] = [useLocale(), useDateWords()];
  const carrierKind = useCarrierKind();
  return (
    <section className="message-page thankyou">
      <h1>{awaiting ? t('thankyou.awaiting') : t('thankyou.thanks')}</h1>
      <p className="thankyou__number">
        {t('thankyou.orderBefore')} <strong data-testid="order-number">{o.createdOrderNumber}</strong>{' '}
        {t('thankyou.orderFrom')}{' '}
        <span data-testid="order-date">{formatDate(o.createdOrderAt, order.timeZone, locale)}</span>
      </p>
      <p>
        {t('thankyou.amount')} <strong data-testid="order-amount">{formatPrice(o.createdOrderAmount)}</strong>
        {order.deliveryAmount > 0 && (
          <span className="muted">
            {' '}
            {t('thankyou.withDelivery', { price: formatPrice(order.deliveryAmount) })}
          </span>
        )}
      </p>
      {o.createdOrderImages.length > 0 && (
        <ul className="thumbs">
          {o.createdOrderImages.map((src) => (
            <li key={src}>
              <img src={src} width={96} height={128} alt="" />
            </li>
          ))}
        </ul>
      )}
      <ThankYouPayment data={o} />
      {order.pickupPoint && (
        <p className="muted">
          {t('thankyou.pickup', {
            title: order.pickupPoint.title,
            address: pickupAddress(order.pickupPoint, t),
            hours: order.pickupPoint.openingHours,
          })}
          {!awaiting && !order.carrier && ` ${t('thankyou.smsWhenReady')}`}
        </p>
      )}
      {order.delivery && (
        <p className="muted">
          {t('thankyou.courier', { street: order.delivery.street, building: order.delivery.building })}
          {order.delivery.flat ? t('thankyou.flat', { flat: order.delivery.flat }) : ''}
          {t('thankyou.courierCalls')}
        </p>
      )}
      {order.carrier && (
        <p data-testid="order-carrier">{t('carrier.thankyou', { kind: carrierKind(order.carrier.kind) })}</p>
      )}
      {order.deliveryDateFrom && order.deliveryDateTo && (
        <p data-testid="order-dates">
          {order.pickupPoint ? t('thankyou.canCollect') : t('thankyou.willDeliver')}:{' '}
          {formatDeliveryDates(
            { from: order.deliveryDateFrom, to: order.deliveryDateTo },
            new Date(o.now),
            order.timeZone,
            words,
          )}
        </p>
      )}
      <OrderReceipts orderNumber={order.number} receipts={order.receipts} />
      <div className="actions">
        <Link className="button button--primary" to={`/personal/orders/details/${order.number}`}>
          {t('thankyou.details')}
        </Link>
        <Link className="button" to="/personal/orders/pending">
          {t('thankyou.myOrders')}
        </Link>
        <Link className="button" to="/">
          {t('thankyou.continue')}
        </Link>
      </div>
    </section>
  );
}
