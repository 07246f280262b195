import { CHECKOUT_LIMITS } from '@kiim/contract/checkout';
import { DeliveryMethod } from '@kiim/contract/enums';
import { formatPrice } from '@kiim/contract/format';
import type {
  CarrierDelivery,
  CartItem,
  DeliveryMethodOption,
  PaymentMethodOption,
  PickupPoint,
} from '@kiim/contract';
import { carrierDoorValue } from '../../lib/carrier-choice.ts';
import { methodName, useT } from '../../lib/text.ts';
import { Field, FieldError, FormAlert } from '../form/Field.tsx';
import { CourierForm } from './CourierForm.tsx';
import { PickupPoints } from './PickupPoints.tsx';

/**
 * The delivery methods the city offers (spec §4), each with its price and when it comes (`datesFor`). In a carrier
 * city (issue 34, `carrier` set) they are the carrier's: «Пункт выдачи или постамат СДЭК — от 1 200 ₸» (the
 * cheapest point's price, «от» when the points' prices differ) and «Курьер СДЭК до двери».
 */
export function DeliveryMethods({
  methods,
  checkedId,
  cityName,
  datesFor,
  courierOffered,
  carrier,
}: {
  methods: DeliveryMethodOption[];
  checkedId: number;
  cityName?: string;
  datesFor: (methodId: number) => string;
  courierOffered: boolean;
  carrier?: { pricesVary: boolean };
}) {
  const t = useT();
  const name = (m: DeliveryMethodOption) =>
    !carrier
      ? methodName(t, 'deliveryMethod', m.id, m.name)
      : m.id === DeliveryMethod.courier
        ? t('carrier.doorMethod')
        : t('carrier.pickupMethod');
  const price = (m: DeliveryMethodOption) =>
    !m.price
      ? t('common.free')
      : carrier?.pricesVary && m.id === DeliveryMethod.pickup
        ? t('carrier.from', { price: formatPrice(m.price) })
        : formatPrice(m.price);
  return (
    <fieldset className="panel">
      <legend>{cityName ? t('checkout.receiveIn', { city: cityName }) : t('checkout.receive')}</legend>
      {methods.map((m) => (
        <label key={m.id} className="option option--method">
          <input type="radio" name="deliveryMethodId" value={m.id} defaultChecked={m.id === checkedId} />
          <span>
            <strong>{name(m)}</strong> — {price(m)}
            <span className="muted"> · {datesFor(m.id)}</span>
          </span>
        </label>
      ))}
      {!courierOffered && <p className="muted checkout__hint">{t('checkout.noCourier')}</p>}
    </fieldset>
  );
}

/**
 * The payment methods (spec §4, and «Kaspi» when the API offers it: issue 33), each with a short explanation; those
 * the chosen delivery does not allow are disabled.
 */
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
  const t = useT();
  return (
    <fieldset className="panel">
      <legend>{t('common.payment')}</legend>
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
            <strong>{methodName(t, 'paymentMethod', m.id, m.name)}</strong>
            {[1, 2, 3, 4].includes(m.id) && (
              <span className="muted"> · {t(`checkout.payHint.${m.id as 1 | 2 | 3 | 4}`)}</span>
            )}
          </span>
        </label>
      ))}
      <FieldError id="paymentId-error" message={error} />
    </fieldset>
  );
}

/** Lines that can come from another city (spec §4 'В другом городе', 3–5 days) and the choice to bring them. */
export function OtherCityItems({ items, checked }: { items: CartItem[]; checked: boolean }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <fieldset className="panel">
      <legend>{t('checkout.otherCities')}</legend>
      <ul className="other-city">
        {items.map((i) => (
          <li key={i.externalId}>
            {i.name}, {i.size} × {i.qty} — {formatPrice(i.price * i.qty)}
          </li>
        ))}
      </ul>
      <label className="option">
        <input type="checkbox" name="includeOtherCityItems" defaultChecked={checked} />
        <span>{t('checkout.bringThem')}</span>
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
  const t = useT();
  return (
    <fieldset className="panel">
      <legend>{t('checkout.contacts')}</legend>
      <Field
        id="email"
        name="email"
        label={t('checkout.email')}
        type="email"
        autoComplete="email"
        maxLength={CHECKOUT_LIMITS.email}
        defaultValue={email}
        error={error}
      />
      <label className="field">
        <span>{t('checkout.comment')}</span>
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
  const t = useT();
  return (
    <FormAlert message={message} className="alert" testId="checkout-alert">
      {changedLines.length > 0 && (
        <ul>
          {changedLines.map((l) => (
            <li key={l.externalId}>
              {l.available
                ? t('checkout.shortage', { name: l.name, requested: l.requested, available: l.available })
                : t('checkout.shortageNone', { name: l.name, requested: l.requested })}
            </li>
          ))}
        </ul>
      )}
    </FormAlert>
  );
}

/**
 * Where the order is received: the pickup points, and the courier's address where the city offers it. Both are
 * on the page; CSS shows the one the chosen method needs (before and without JavaScript too). In a carrier city
 * (issue 34, `carrier` set) they are the carrier's points and lockers, and its door delivery, whose tariff and
 * signed quote go with the form (`carrierDoor`, lib/carrier-choice.ts).
 */
export function ReceivingPanels({
  points,
  selectedPointId,
  courierOffered,
  errors,
  values,
  mobile,
  carrier,
}: {
  points: PickupPoint[];
  selectedPointId: number | null;
  courierOffered: boolean;
  errors: Record<string, string | undefined>;
  values: Record<string, string>;
  mobile: string | null;
  carrier?: CarrierDelivery;
}) {
  const t = useT();
  const door = carrier?.door;
  return (
    <>
      {points.length > 0 && (
        <fieldset className="panel pickup-panel">
          <legend>{carrier ? t('carrier.pickupPanel') : t('checkout.pickupPoint')}</legend>
          <PickupPoints points={points} selectedId={selectedPointId} error={errors.pickupPointId} />
        </fieldset>
      )}
      {courierOffered && (
        <fieldset className="panel courier-panel">
          <legend>{door ? t('carrier.doorPanel') : t('checkout.courierAddress')}</legend>
          {door && (
            <>
              <input type="hidden" name="carrierDoor" value={carrierDoorValue(door)} />
              <p className="muted checkout__hint">{t('carrier.doorNote')}</p>
            </>
          )}
          <CourierForm errors={errors} values={values} mobile={mobile} />
        </fieldset>
      )}
    </>
  );
}
