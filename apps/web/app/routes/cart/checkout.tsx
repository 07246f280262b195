import { Form, useNavigation, type ShouldRevalidateFunction } from 'react-router';
import { DeliveryMethod, isPaidOnline } from '@kiim/contract/enums';
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
    texts: pageTexts(request, ['checkout']),
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
          <DeliveryMethods
            methods={methods}
            checkedId={choice.deliveryMethodId}
            cityName={city?.name}
            datesFor={datesFor}
            courierOffered={courierOffered}
          />
          <ReceivingPanels
            points={split.availablePickupPointList}
            selectedPointId={Number(values.pickupPointId) || defaults.pickupPointId}
            courierOffered={courierOffered}
            errors={errors}
            values={values}
            mobile={root?.customer?.mobile ?? null}
          />
          <OtherCityItems items={otherCity} checked={choice.includeOther} />
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
            method ? methodName(t, 'deliveryMethod', method.id, method.name) : t('common.delivery')
          }
          deliveryPrice={method?.price ?? 0}
          dates={method ? datesFor(method.id) : '—'}
          cardOnline={isPaidOnline(choice.paymentId)}
          busy={busy}
        />
      </Form>
    </>
  );
}
