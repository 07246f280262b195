import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation, type ShouldRevalidateFunction } from 'react-router';
import { DeliveryMethod, PaymentMethod } from '@kiim/contract/enums';
import {
  CHECKOUT_LIMITS,
  checkoutErrors,
  deliveryDates,
  formatDeliveryDates,
  type CheckoutFields,
} from '@kiim/contract/checkout';
import { formatPrice } from '@kiim/contract/format';
import type { Route } from './+types/checkout';
import { apiFor } from '../../lib/api.server.ts';
import { loadCheckout, placeOrder, type CheckoutFailure } from './checkout.server.ts';
import { useRootData } from '../../lib/root-data.ts';
import { PickupPoints } from '../../components/checkout/PickupPoints.tsx';
import { CheckoutField, CourierForm } from '../../components/checkout/CourierForm.tsx';
import { CheckoutSummary } from '../../components/checkout/CheckoutSummary.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Оформление заказа — Kiim' },
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
export function loader({ request, context }: Route.LoaderArgs) {
  return loadCheckout(request, apiFor(request, context));
}

export function action({ request, context }: Route.ActionArgs) {
  return placeOrder(request, apiFor(request, context));
}

/** After a refusal for stock the page reloads the cart (it changed); after other refusals nothing changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

const PAYMENT_HINTS: Record<number, string> = {
  [PaymentMethod.cashOnDelivery]: 'Курьеру или в пункте выдачи',
  [PaymentMethod.cardOnDelivery]: 'Курьеру или в пункте выдачи, по терминалу',
  [PaymentMethod.cardOnline]: 'Visa или Mastercard на защищённой странице Halyk Bank сразу после оформления',
};

/** Form field names ← keys of API/validity errors (`order.email`, `delivery.street`…). */
function byField(errors: Record<string, string[]> | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    out[key.replace(/^order\./, '').replace(/^delivery\./, '')] ??= messages[0];
  }
  return out;
}

/** The draft fields the validity flags read, from the form as it is now. */
function draftOf(form: HTMLFormElement): CheckoutFields & { paymentId: number; includeOther: boolean } {
  const f = new FormData(form);
  const s = (n: string) => String(f.get(n) ?? '');
  const deliveryMethodId = Number(f.get('deliveryMethodId'));
  return {
    deliveryMethodId,
    paymentId: Number(f.get('paymentId')),
    pickupPointId: Number(f.get('pickupPointId')) || null,
    email: s('email'),
    deliveryNotToCustomer: f.get('deliveryNotToCustomer') === 'on',
    delivery: {
      street: s('street'),
      building: s('building'),
      contactName: s('contactName'),
      contactPhone: s('contactPhone'),
    },
    includeOther: f.get('includeOtherCityItems') === 'on',
  };
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { split, otherCity, defaults, idempotencyKey, now } = loaderData;
  const failure = actionData as CheckoutFailure | undefined;
  const values = failure?.values ?? {};
  const root = useRootData();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [choice, setChoice] = useState({
    deliveryMethodId: Number(values.deliveryMethodId) || defaults.deliveryMethodId,
    paymentId: Number(values.paymentId) || defaults.paymentId,
    includeOther: values.includeOtherCityItems === 'on' || split.available.length === 0,
  });
  // Field messages: the server's after a refusal; the same rules checked here once the shopper tries to send.
  // (kept with the answer they follow: a new answer from the server shows its own messages again)
  const [checkedState, setCheckedState] = useState<{
    after: CheckoutFailure | undefined;
    errors: Record<string, string[]>;
  } | null>(null);
  const checked = checkedState && checkedState.after === failure ? checkedState.errors : null;
  const setChecked = (errors: Record<string, string[]>) => setCheckedState({ after: failure, errors });
  const errors = byField(checked ?? failure?.errors);

  const refresh = (validate: boolean) => {
    const form = formRef.current;
    if (!form) return;
    const d = draftOf(form);
    setChoice({ deliveryMethodId: d.deliveryMethodId, paymentId: d.paymentId, includeOther: d.includeOther });
    if (validate && (checked || failure)) setChecked(checkoutErrors(d));
  };
  // Choices made before the page became interactive count too.
  useEffect(() => refresh(false), []); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const found = checkoutErrors(draftOf(e.currentTarget));
    if (Object.keys(found).length === 0) return;
    e.preventDefault();
    setChecked(found);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .pickup .field-error')?.focus(),
    );
  };

  const city = root?.city;
  const timeZone = city?.timeZone ?? 'Asia/Almaty';
  const method =
    split.availableDeliveryMethods.find((m) => m.id === choice.deliveryMethodId) ??
    split.availableDeliveryMethods[0];
  const lines = [
    ...split.available,
    ...(choice.includeOther ? otherCity.map((i) => ({ ...i, fromOtherCity: true })) : []),
  ];
  const datesFor = (methodId: number) =>
    formatDeliveryDates(
      deliveryDates(methodId, new Date(now), timeZone, choice.includeOther && otherCity.length > 0),
      new Date(now),
      timeZone,
    );
  const courierOffered = split.availableDeliveryMethods.some((m) => m.id === DeliveryMethod.courier);

  return (
    <>
      <h1>Оформление заказа</h1>
      {failure?.message && (
        <div className="alert" role="alert" data-testid="checkout-alert">
          <p>{failure.message}</p>
          {failure.changedLines.length > 0 && (
            <ul>
              {failure.changedLines.map((l) => (
                <li key={l.externalId}>
                  {l.name}: вы хотели {l.requested} шт.,{' '}
                  {l.available ? `осталось ${l.available} шт.` : 'больше нет в наличии'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Form
        method="post"
        className="checkout"
        ref={formRef}
        onChange={() => refresh(true)}
        onSubmit={onSubmit}
        noValidate
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="checkout__main">
          <fieldset className="panel">
            <legend>Способ получения{city ? ` в городе ${city.name}` : ''}</legend>
            {split.availableDeliveryMethods.map((m) => (
              <label key={m.id} className="option option--method">
                <input
                  type="radio"
                  name="deliveryMethodId"
                  value={m.id}
                  defaultChecked={m.id === choice.deliveryMethodId}
                />
                <span>
                  <strong>{m.name}</strong> — {m.price ? formatPrice(m.price) : 'бесплатно'}
                  <span className="muted"> · {datesFor(m.id)}</span>
                </span>
              </label>
            ))}
            {!courierOffered && (
              <p className="muted checkout__hint">Курьерской доставки в этом городе пока нет.</p>
            )}
          </fieldset>

          <fieldset className="panel pickup-panel">
            <legend>Пункт самовывоза</legend>
            <PickupPoints
              points={split.availablePickupPointList}
              selectedId={Number(values.pickupPointId) || defaults.pickupPointId}
              error={errors.pickupPointId}
            />
          </fieldset>

          {courierOffered && (
            <fieldset className="panel courier-panel">
              <legend>Адрес доставки курьером</legend>
              <CourierForm errors={errors} values={values} mobile={root?.customer?.mobile ?? null} />
            </fieldset>
          )}

          {otherCity.length > 0 && (
            <fieldset className="panel">
              <legend>Товары из других городов</legend>
              <ul className="other-city">
                {otherCity.map((i) => (
                  <li key={i.externalId}>
                    {i.name}, {i.size} × {i.qty} — {formatPrice(i.price * i.qty)}
                  </li>
                ))}
              </ul>
              <label className="option">
                <input type="checkbox" name="includeOtherCityItems" defaultChecked={choice.includeOther} />
                <span>Привезти их из другого города — 3–5 дней, весь заказ приедет вместе</span>
              </label>
            </fieldset>
          )}

          <fieldset className="panel">
            <legend>Оплата</legend>
            {split.availablePaymentMethods.map((m) => (
              <label key={m.id} className="option option--method">
                <input
                  type="radio"
                  name="paymentId"
                  value={m.id}
                  defaultChecked={m.id === choice.paymentId}
                  disabled={!m.deliveryMethodIds.includes(choice.deliveryMethodId)}
                />
                <span>
                  <strong>{m.name}</strong>
                  <span className="muted"> · {PAYMENT_HINTS[m.id]}</span>
                </span>
              </label>
            ))}
            {errors.paymentId && <p className="field-error">{errors.paymentId}</p>}
          </fieldset>

          <fieldset className="panel">
            <legend>Контакты и комментарий</legend>
            <CheckoutField
              name="email"
              label="Электронная почта (необязательно) — пришлём чек и статус заказа"
              type="email"
              autoComplete="email"
              maxLength={CHECKOUT_LIMITS.email}
              defaultValue={values.email ?? root?.customer?.email ?? ''}
              error={errors.email}
            />
            <label className="field">
              <span>Комментарий к заказу</span>
              <textarea
                name="customerComment"
                rows={3}
                maxLength={CHECKOUT_LIMITS.customerComment}
                defaultValue={values.customerComment}
              />
            </label>
          </fieldset>
        </div>

        <CheckoutSummary
          lines={lines}
          leftInCart={split.notAvailable.length - (choice.includeOther ? otherCity.length : 0)}
          deliveryName={method?.name ?? 'Доставка'}
          deliveryPrice={method?.price ?? 0}
          dates={method ? datesFor(method.id) : '—'}
          cardOnline={choice.paymentId === PaymentMethod.cardOnline}
          busy={navigation.state !== 'idle'}
        />
      </Form>
    </>
  );
}
