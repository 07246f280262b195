import { Form, useNavigation, type ShouldRevalidateFunction } from 'react-router';
import { DeliveryMethod, isPaidOnline } from '@kiim/contract/enums';
import type { PickupPoint } from '@kiim/contract';
import { deliveryDates, formatDeliveryDates, type DateWords } from '@kiim/contract/checkout';
import type { Route } from './+types/checkout';
import { apiFor } from '../../lib/api.server.ts';
import { loadCheckout, placeOrder, type CheckoutFailure } from './checkout.server.ts';
import { useRootData } from '../../lib/root-data.ts';
import { CheckoutSummary } from '../../components/checkout/CheckoutSummary.tsx';
import {
  CheckoutAlert,
  ReceivingPanels,
  ContactFields,
  DeliveryMethods,
  OtherCityItems,
  PaymentMethods,
} from '../../components/checkout/CheckoutChoices.tsx';
import { useCheckoutForm } from '../../components/checkout/useCheckoutForm.ts';
import { CarrierItems } from '../../components/checkout/CarrierItems.tsx';
import {
  carrierDates,
  carrierPeriod,
  carrierPointOf,
  pointsPeriod,
  withPointKeys,
  type CarrierPick,
} from '../../lib/carrier-choice.ts';
import { metaT, methodName, useDateWords, useT } from '../../lib/text.ts';
import { pageTexts } from '../../lib/lang.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('checkout.meta') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Checkout (spec §2): only for signed-in customers, otherwise sent to /cart. The checkout draft of spec §3:
 * delivery method (pickup by default) with the city's pickup points on a list and a schematic map, or the
 * courier's address with «получатель другой человек»; payment (card on delivery by default, card online
 * through Halyk ePay); email and comment; lines from other cities on request. Saved choices come back only if
 * still offered (spec §4). Each page view carries a new idempotency key, so a double submit never makes two
 * orders.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    ...(await loadCheckout(request, apiFor(request, context))),
    texts: pageTexts(request, ['checkout', 'carrier']),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return placeOrder(request, apiFor(request, context));
}

/** After a refusal for stock the page reloads the cart (it changed); after other refusals nothing changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

/**
 * When a delivery method brings the order, in words (`сегодня`, `24–25 ноября`), from the server's `now`; a courier
 * within the city's delivery days (set in the back office).
 */
const deliveryDatesText =
  (now: string, timeZone: string, fromOtherCity: boolean, words: DateWords, courierDays: number) =>
  (methodId: number) =>
    formatDeliveryDates(
      deliveryDates(methodId, new Date(now), timeZone, fromOtherCity, courierDays),
      new Date(now),
      timeZone,
      words,
    );

/**
 * The carrier point checked first (issue 34): the one the shopper sent back after a refusal (by its code: its
 * quote may have been renewed since), else the first; null with no carrier points.
 */
const checkedCarrierPoint = (points: readonly PickupPoint[], sent: string | undefined) => {
  const code = carrierPointOf(sent)?.code;
  return points.find((p) => p.carrier && p.carrier.code === code) ?? points.find((p) => p.carrier) ?? null;
};

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { split, otherCity, defaults, idempotencyKey, now } = loaderData;
  const failure = actionData as CheckoutFailure | undefined;
  const values = failure?.values ?? {};
  const root = useRootData();
  const busy = useNavigation().state !== 'idle';
  const { formRef, choice, errors, onChange, onSubmit } = useCheckoutForm(
    failure,
    defaults,
    otherCity.length === 0 ? 'none' : split.available.length === 0 ? 'only' : 'some',
  );
  const city = root?.city;
  const timeZone = city?.timeZone ?? 'Asia/Almaty';
  const methods = split.availableDeliveryMethods;
  const method = methods.find((m) => m.id === choice.deliveryMethodId) ?? methods[0];
  const lines = [
    ...split.available,
    ...(choice.includeOther ? otherCity.map((i) => ({ ...i, fromOtherCity: true })) : []),
  ];
  const words = useDateWords();
  const fromOther = choice.includeOther && otherCity.length > 0;
  const datesFor = deliveryDatesText(now, timeZone, fromOther, words, city?.deliveryDays ?? 1);
  const courierOffered = methods.some((m) => m.id === DeliveryMethod.courier);
  // A carrier city (issue 34): the carrier's points (each with its own id here), its door, and the chosen price.
  const offer = split.carrierDelivery;
  const points = withPointKeys(split.availablePickupPointList);
  const firstPoint = checkedCarrierPoint(points, values.pickupPointId);
  const pointCode = choice.pointCode ?? firstPoint?.carrier?.code;
  const pick: CarrierPick | null = !offer
    ? null
    : choice.deliveryMethodId === DeliveryMethod.courier
      ? offer.door
      : (points.find((p) => p.carrier?.code === pointCode)?.carrier ?? null);
  const pointsOffer = offer && pointsPeriod(points);
  const methodDates = offer
    ? (id: number) => {
        const o = id === DeliveryMethod.courier ? offer.door : pointsOffer;
        return o ? carrierPeriod(t, o.periodMinDays, o.periodMaxDays) : '—';
      }
    : datesFor;
  const pickDates =
    pick && formatDeliveryDates(carrierDates(now, timeZone, pick), new Date(now), timeZone, words);
  const carrierName = !pick
    ? null
    : choice.deliveryMethodId === DeliveryMethod.courier
      ? t('carrier.doorMethod')
      : points.find((p) => p.carrier?.code === pointCode)?.carrier?.kind === 'locker'
        ? t('carrier.kindLocker')
        : t('carrier.kindPoint');
  return (
    <>
      <h1>{t('checkout.title')}</h1>
      <CheckoutAlert message={failure?.message} changedLines={failure?.changedLines ?? []} />
      <Form
        method="post"
        className="checkout"
        ref={formRef}
        onChange={onChange}
        onSubmit={onSubmit}
        noValidate
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="checkout__main">
          {offer && <CarrierItems items={otherCity} carrier={offer} />}
          <DeliveryMethods
            methods={methods}
            checkedId={choice.deliveryMethodId}
            cityName={city?.name}
            datesFor={methodDates}
            courierOffered={courierOffered}
            carrier={offer && { pricesVary: new Set(points.map((p) => p.carrier?.price)).size > 1 }}
          />
          <ReceivingPanels
            points={points}
            selectedPointId={firstPoint?.id ?? (Number(values.pickupPointId) || defaults.pickupPointId)}
            courierOffered={courierOffered}
            errors={errors}
            values={values}
            mobile={root?.customer?.mobile ?? null}
            carrier={offer}
          />
          {!offer && <OtherCityItems items={otherCity} checked={choice.includeOther} />}
          <PaymentMethods
            methods={split.availablePaymentMethods}
            checkedId={choice.paymentId}
            deliveryMethodId={choice.deliveryMethodId}
            error={errors.paymentId}
          />
          <ContactFields
            email={values.email ?? root?.customer?.email ?? ''}
            comment={values.customerComment}
            error={errors.email}
          />
        </div>
        <CheckoutSummary
          lines={lines}
          leftInCart={split.notAvailable.length - (choice.includeOther ? otherCity.length : 0)}
          deliveryName={
            carrierName ??
            (method ? methodName(t, 'deliveryMethod', method.id, method.name) : t('common.delivery'))
          }
          deliveryPrice={pick?.price ?? method?.price ?? 0}
          dates={pickDates ?? (method ? datesFor(method.id) : '—')}
          cardOnline={isPaidOnline(choice.paymentId)}
          busy={busy}
          blocked={methods.length === 0}
        />
      </Form>
    </>
  );
}
