import { Form, Link, data, useNavigation } from 'react-router';
import { ApiError, type Order } from '@kiim/contract';
import { formatDeliveryDates } from '@kiim/contract/checkout';
import { formatDate, formatDateTime, formatPhone, formatPrice } from '@kiim/contract/format';
import type { Route } from './+types/order-details';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { FieldError } from '../../components/form/Field.tsx';
import { apiFor, notFoundOnBadAddress } from '../../lib/api.server.ts';
import { startPayment } from '../../lib/payment.server.ts';
import { loadKaspi, startKaspi, type KaspiView } from '../../lib/kaspi.server.ts';
import { useRootData } from '../../lib/root-data.ts';
import { KaspiPay } from '../../components/KaspiPay.tsx';
import { OrderStatusBadge } from '../../components/OrderStatus.tsx';
import { OrderReceipts } from '../../components/OrderReceipts.tsx';
import { OrderPaymentInfo } from '../../components/OrderPaymentInfo.tsx';
import { PayButton } from '../../components/PayButton.tsx';
import { pickupAddress } from '../../lib/pickup-points.ts';
import { OrderShipment } from '../../components/OrderShipment.tsx';
import { useCarrierKind } from '../../components/carrier-kind.ts';
import {
  OrderReviewLinks,
  ReviewSentNote,
  reviewableProducts,
  reviewsBySlug,
} from '../../components/reviews/OrderReviewLinks.tsx';
import { ReviewDialog } from '../../components/reviews/ReviewDialog.tsx';
import { metaT, useDateWords, useLocale, useT } from '../../lib/text.ts';
import { pageTexts, translateFor } from '../../lib/lang.server.ts';
import { readForm } from '../../lib/form.server.ts';

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: data ? metaT(matches)('personal.orderMeta', { number: data.order.number }) : 'Kiim' },
];

/**
 * One order of the customer (spec §2: /personal/orders/details/{id}, id = order number; another's, or an id that
 * is no order number at all → the 404 screen): its
 * status and their history, payment, delivery or pickup and lines; a completed one offers reviews of its
 * products (the review modal, `?review=<slug>`, issue 10). Halyk ePay sends the shopper back here
 * (`?payment=return` or `?payment=failed`): the shop then asks ePay itself about the payment, so the page
 * shows the result even before ePay's callback arrives. A Kaspi order awaiting payment shows its Kaspi panel.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const back = new URL(request.url).searchParams.get('payment');
  const returned = back === 'return' || back === 'failed';
  const order = returned
    ? await api
        .halykStatus(params.id)
        .then((r) => r.order)
        .catch(notFoundOnBadAddress)
    : await api.order(params.id).catch(notFoundOnBadAddress);
  // A completed order offers a review of its products (issue 10).
  const reviews = order.status === 'completed' ? (await api.myReviews()).items : [];
  return {
    order,
    returned,
    reviews,
    // A Kaspi order awaiting payment: its Kaspi panel (issue 33); nothing is started before the shopper asks.
    kaspi: order.status === 'awaiting_payment' ? await loadKaspi(api, order, request, false) : null,
    now: new Date().toISOString(),
    texts: pageTexts(request, [
      'pay',
      'orderStatus',
      'thankyou',
      'checkout',
      'receipt',
      'carrier',
      'shipment',
    ]),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

/** `intent=pay`: a fresh payment for ePay's script; `intent=cancel`: the customer cancels the order. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = apiFor(request, context);
  const form = await readForm(request);
  if (form.get('intent') === 'pay') return startPayment(api, params.id);
  if (form.get('intent') === 'kaspi') return startKaspi(api, params.id, form, translateFor(request));
  if (form.get('intent') === 'cancel') {
    try {
      await api.cancelOrder(params.id);
      return { cancelled: true as const };
    } catch (e) {
      if (e instanceof ApiError && e.status < 500)
        return data({ cancelError: e.body.message }, { status: e.status });
      throw e;
    }
  }
  return data({ cancelError: translateFor(request)('personal.unknownAction') }, { status: 400 });
}

/** What the shopper sees after coming back from the bank's payment page. */
function ReturnBanner({ order }: { order: Order }) {
  const t = useT();
  const p = order.payment;
  if (!p) return null;
  if (order.status === 'paid' || p.status === 'charged' || p.status === 'authorized') {
    return (
      <p className="notice" role="status" data-testid="payment-banner">
        {t('pay.success')}
      </p>
    );
  }
  if (p.status === 'failed') {
    return (
      <p className="alert" role="alert" data-testid="payment-banner">
        {p.failureReason ? t('pay.failedNoteReason', { reason: p.failureReason }) : t('pay.failedNote')}
      </p>
    );
  }
  if (order.status === 'awaiting_payment') {
    return (
      <p className="alert alert--info" role="status" data-testid="payment-banner">
        {t('pay.waitingBank')}
      </p>
    );
  }
  return null;
}

/** The Kaspi panel of a Kaspi order awaiting payment (issue 33). */
function KaspiPanel({ order, kaspi }: { order: Order; kaspi: KaspiView }) {
  const mobile = useRootData()?.customer?.mobile ?? '';
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

export default function OrderDetails({
  loaderData: { order, returned, reviews, now, kaspi },
  actionData,
}: Route.ComponentProps) {
  const t = useT();
  const tz = order.timeZone;
  const locale = useLocale();
  const cancelError = actionData && 'cancelError' in actionData ? actionData.cancelError : undefined;
  return (
    <section className="order-details">
      <Link to="/personal/orders/pending">{t('personal.allOrders')}</Link>
      <h1>
        {t('personal.order', { number: order.number })} <OrderStatusBadge status={order.status} />
      </h1>
      <p className="muted">{t('personal.from', { date: formatDate(order.createdAt, tz, locale) })}</p>
      {returned && <ReturnBanner order={order} />}
      <ReviewSentNote />

      <div className="order-details__grid">
        <div>
          <h2>{t('common.payment')}</h2>
          <OrderPaymentInfo order={order} />
          {order.status === 'awaiting_payment' &&
            (kaspi ? <KaspiPanel order={order} kaspi={kaspi} /> : <PayButton amount={order.amount} />)}
          <OrderReceipts orderNumber={order.number} receipts={order.receipts} />
          <h2>{t('common.receiving')}</h2>
          <Receiving order={order} now={now} />
          <OrderShipment order={order} />
        </div>

        <div>
          <h2>{t('personal.history')}</h2>
          <ol className="timeline" data-testid="status-history">
            {order.statusHistory.map((h) => (
              <li key={`${h.status}-${h.at}`}>
                <strong>{t(`orderStatus.${h.status}`)}</strong>{' '}
                <span className="muted">{formatDateTime(h.at, tz, locale)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <OrderLines order={order} />
      <OrderReviewLinks order={order} reviews={reviewsBySlug(reviews)} />
      <ReviewDialog products={reviewableProducts([order])} />
      {order.cancellable && <CancelOrder order={order} />}
      <FieldError id="cancel-order-error" message={cancelError ?? undefined} />
    </section>
  );
}

type OrderData = Route.ComponentProps['loaderData']['order'];

/** How the order is received: the pickup point or the courier's address (and recipient), with the dates. */
function Receiving({ order, now }: { order: OrderData; now: string }) {
  const t = useT();
  const words = useDateWords();
  const carrierKind = useCarrierKind();
  return (
    <>
      {order.pickupPoint && (
        <p>
          {order.carrier ? `${carrierKind(order.carrier.kind)}:` : t('personal.pickup')}{' '}
          <strong>{order.pickupPoint.title}</strong>
          {t('personal.pickupRest', {
            address: pickupAddress(order.pickupPoint, t),
            hours: order.pickupPoint.openingHours,
          })}
        </p>
      )}
      {order.delivery && (
        <p>
          {t('personal.courier', { street: order.delivery.street, building: order.delivery.building })}
          {order.delivery.entranceNumber ? t('personal.entrance', { n: order.delivery.entranceNumber }) : ''}
          {order.delivery.floor ? t('personal.floor', { n: order.delivery.floor }) : ''}
          {order.delivery.flat ? t('personal.flat', { n: order.delivery.flat }) : ''}.
          {order.deliveryNotToCustomer && order.delivery.contactName && (
            <>
              {' '}
              {t('personal.recipient', { name: order.delivery.contactName })}
              {order.delivery.contactPhone ? `, ${formatPhone(order.delivery.contactPhone)}` : ''}.
            </>
          )}
        </p>
      )}
      {order.deliveryDateFrom &&
        order.deliveryDateTo &&
        !['completed', 'cancelled'].includes(order.status) && (
          <p>
            {order.pickupPoint ? t('thankyou.canCollect') : t('thankyou.willDeliver')}:{' '}
            {formatDeliveryDates(
              { from: order.deliveryDateFrom, to: order.deliveryDateTo },
              new Date(now),
              order.timeZone,
              words,
            )}
          </p>
        )}
      {order.customerComment && (
        <p className="muted">{t('personal.comment', { comment: order.customerComment })}</p>
      )}
    </>
  );
}

/**
 * The order's lines and its sums; after a handover with partial refusal (issue 15) each line says how many units were
 * taken and returned, and the sums show the returned amount and what was paid in the end.
 */
function OrderLines({ order }: { order: OrderData }) {
  const returned = order.lines.reduce((sum, l) => sum + l.refusedQty * l.price, 0);
  const t = useT();
  return (
    <>
      <ul className="cart-lines">
        {order.lines.map((l, i) => (
          <li key={`${l.externalId}-${i}`} className="cart-line">
            <Link to={`/product/${l.productSlug}`} className="cart-line__media">
              {l.image && <img src={l.image} width={96} height={128} alt={l.name} loading="lazy" />}
            </Link>
            <div className="cart-line__body">
              <Link to={`/product/${l.productSlug}`}>{l.name}</Link>
              <span className="muted">
                {t('personal.line', { size: l.size, colour: l.colourName, qty: l.qty })}
                {l.fromOtherCity ? ` · ${t('common.fromOtherCity')}` : ''}
              </span>
              {l.refusedQty > 0 && (
                <span className="muted" data-testid="line-returned">
                  Выкуплено {l.qty - l.refusedQty} шт., возвращено при примерке {l.refusedQty} шт.
                </span>
              )}
            </div>
            <div className="cart-line__price">{formatPrice(l.amount)}</div>
          </li>
        ))}
      </ul>
      <dl className="details">
        <div>
          <dt>{t('common.goods')}</dt>
          <dd>{formatPrice(order.itemsAmount)}</dd>
        </div>
        <div>
          <dt>{t('common.delivery')}</dt>
          <dd>{order.deliveryAmount ? formatPrice(order.deliveryAmount) : t('common.free')}</dd>
        </div>
        <div>
          <dt>{t('common.total')}</dt>
          <dd>
            <strong>{formatPrice(order.amount)}</strong>
          </dd>
        </div>
        {returned > 0 && (
          <>
            <div>
              <dt>Возвращено при получении</dt>
              <dd>−{formatPrice(returned)}</dd>
            </div>
            <div>
              <dt>Оплачено за выкупленное</dt>
              <dd>
                <strong>{formatPrice(order.amount - returned)}</strong>
              </dd>
            </div>
          </>
        )}
      </dl>
    </>
  );
}

/** «Отменить заказ» behind a disclosure (works without JavaScript); a paid order is refunded. */
function CancelOrder({ order }: { order: OrderData }) {
  const t = useT();
  const navigation = useNavigation();
  return (
    <details className="cancel-order">
      <summary>{t('personal.cancel')}</summary>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <p>
          {order.payment && ['charged', 'authorized'].includes(order.payment.status)
            ? t('personal.cancelGoodsAndMoney')
            : t('personal.cancelGoods')}{' '}
          {t('personal.cannotUndo')}
        </p>
        <button type="submit" className="button" disabled={navigation.state !== 'idle'}>
          {t('personal.cancelYes')}
        </button>
      </Form>
    </details>
  );
}
