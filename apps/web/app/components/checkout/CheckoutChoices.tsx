import { PaymentMethod } from '@kiim/contract/enums';
import { CHECKOUT_LIMITS } from '@kiim/contract/checkout';
import { formatPrice } from '@kiim/contract/format';
import type { CartItem, DeliveryMethodOption, PaymentMethodOption, PickupPoint } from '@kiim/contract';
import { text } from '../../lib/text.ts';
import { Field, FieldError, FormAlert } from '../form/Field.tsx';
import { CourierForm } from './CourierForm.tsx';
import { PickupPoints } from './PickupPoints.tsx';

const PAYMENT_HINTS: Record<number, string> = {
  [PaymentMethod.cashOnDelivery]: 'Курьеру или в пункте выдачи',
  [PaymentMethod.cardOnDelivery]: 'Курьеру или в пункте выдачи, по терминалу',
  [PaymentMethod.cardOnline]: 'Visa или Mastercard на защищённой странице Halyk Bank сразу после оформления',
};

/** The delivery methods the city offers (spec §4), each with its price and when it comes (`datesFor`). */
export function DeliveryMethods({
  methods,
  checkedId,
  cityName,
  datesFor,
  courierOffered,
}: {
  methods: DeliveryMethodOption[];
  checkedId: number;
  cityName?: string;
  datesFor: (methodId: number) => string;
  courierOffered: boolean;
}) {
  return (
    <fieldset className="panel">
      <legend>Способ получения{cityName ? ` в городе ${cityName}` : ''}</legend>
      {methods.map((m) => (
        <label key={m.id} className="option option--method">
          <input type="radio" name="deliveryMethodId" value={m.id} defaultChecked={m.id === checkedId} />
          <span>
            <strong>{m.name}</strong> — {m.price ? formatPrice(m.price) : 'бесплатно'}
            <span className="muted"> · {datesFor(m.id)}</span>
          </span>
        </label>
      ))}
      {!courierOffered && <p className="muted checkout__hint">Курьерской доставки в этом городе пока нет.</p>}
    </fieldset>
  );
}

/** The payment methods (spec §4); those the chosen delivery does not allow are disabled. */
export function PaymentMethods({
  methods,
  checkedId,
  deliveryMethodId,
  error,
}: {
  methods: PaymentMethodOption[];
  checkedId: number;
  deliveryMethodId: number;
  error?: string;
}) {
  return (
    <fieldset className="panel">
      <legend>Оплата</legend>
      {methods.map((m) => (
        <label key={m.id} className="option option--method">
          <input
            type="radio"
            name="paymentId"
            value={m.id}
            defaultChecked={m.id === checkedId}
            disabled={!m.deliveryMethodIds.includes(deliveryMethodId)}
          />
          <span>
            <strong>{m.name}</strong>
            <span className="muted"> · {PAYMENT_HINTS[m.id]}</span>
          </span>
        </label>
      ))}
      <FieldError id="paymentId-error" message={error} />
    </fieldset>
  );
}

/** Lines that can come from another city (spec §4 'В другом городе', 3–5 days) and the choice to bring them. */
export function OtherCityItems({ items, checked }: { items: CartItem[]; checked: boolean }) {
  if (items.length === 0) return null;
  return (
    <fieldset className="panel">
      <legend>Товары из других городов</legend>
      <ul className="other-city">
        {items.map((i) => (
          <li key={i.externalId}>
            {i.name}, {i.size} × {i.qty} — {formatPrice(i.price * i.qty)}
          </li>
        ))}
      </ul>
      <label className="option">
        <input type="checkbox" name="includeOtherCityItems" defaultChecked={checked} />
        <span>Привезти их из другого города — 3–5 дней, весь заказ приедет вместе</span>
      </label>
    </fieldset>
  );
}

/** E-mail (optional, spec §3 validity flag) and the comment. */
export function ContactFields({
  email,
  comment,
  error,
}: {
  email: string;
  comment?: string;
  error?: string;
}) {
  return (
    <fieldset className="panel">
      <legend>Контакты и комментарий</legend>
      <Field
        id="email"
        name="email"
        label={text.checkout.email}
        type="email"
        autoComplete="email"
        maxLength={CHECKOUT_LIMITS.email}
        defaultValue={email}
        error={error}
      />
      <label className="field">
        <span>{text.checkout.comment}</span>
        <textarea
          name="customerComment"
          rows={3}
          maxLength={CHECKOUT_LIMITS.customerComment}
          defaultValue={comment}
        />
      </label>
    </fieldset>
  );
}

/** Why the order was not placed, with the lines whose stock changed (409). */
export function CheckoutAlert({
  message,
  changedLines,
}: {
  message?: string;
  changedLines: { externalId: string; name: string; requested: number; available: number }[];
}) {
  return (
    <FormAlert message={message} className="alert" testId="checkout-alert">
      {changedLines.length > 0 && (
        <ul>
          {changedLines.map((l) => (
            <li key={l.externalId}>
              {l.name}: вы хотели {l.requested} шт.,{' '}
              {l.available ? `осталось ${l.available} шт.` : 'больше нет в наличии'}
            </li>
          ))}
        </ul>
      )}
    </FormAlert>
  );
}

/**
 * Where the order is received: the pickup points, and the courier's address where the city offers it. Both are
 * on the page; CSS shows the one the chosen method needs (before and without JavaScript too).
 */
export function ReceivingPanels({
  points,
  selectedPointId,
  courierOffered,
  errors,
  values,
  mobile,
}: {
  points: PickupPoint[];
  selectedPointId: number | null;
  courierOffered: boolean;
  errors: Record<string, string | undefined>;
  values: Record<string, string>;
  mobile: string | null;
}) {
  return (
    <>
      <fieldset className="panel pickup-panel">
        <legend>Пункт самовывоза</legend>
        <PickupPoints points={points} selectedId={selectedPointId} error={errors.pickupPointId} />
      </fieldset>
      {courierOffered && (
        <fieldset className="panel courier-panel">
          <legend>Адрес доставки курьером</legend>
          <CourierForm errors={errors} values={values} mobile={mobile} />
        </fieldset>
      )}
    </>
  );
}
