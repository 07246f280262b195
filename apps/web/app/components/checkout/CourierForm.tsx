import { CHECKOUT_LIMITS } from '@kiim/contract/checkout';
import { formatPhone } from '@kiim/contract/format';

/** A text field of the checkout with its label and, when invalid, its message beside it (linked for readers). */
export function CheckoutField({
  name,
  label,
  error,
  defaultValue,
  wide,
  ...input
}: {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  wide?: boolean;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name}`;
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        {...input}
      />
      {error && (
        <span id={`${name}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The courier's address (spec §3 checkout draft `delivery`): street, building (required), entrance, floor,
 * flat; «Получатель другой человек» (`deliveryNotToCustomer`) opens the recipient's name and phone (CSS, so it
 * works before JavaScript). `errors` are keyed by form field name; `values` refill the form after a refusal.
 */
export function CourierForm({
  errors,
  values,
  mobile,
}: {
  errors: Record<string, string | undefined>;
  values: Record<string, string>;
  mobile: string | null;
}) {
  return (
    <>
      <div className="form-grid">
        <CheckoutField
          name="street"
          label="Улица или микрорайон"
          wide
          required
          autoComplete="address-line1"
          maxLength={CHECKOUT_LIMITS.street}
          defaultValue={values.street}
          error={errors.street}
        />
        <CheckoutField name="building" label="Дом" required maxLength={CHECKOUT_LIMITS.building} defaultValue={values.building} error={errors.building} />
        <CheckoutField name="entranceNumber" label="Подъезд" maxLength={CHECKOUT_LIMITS.entranceNumber} defaultValue={values.entranceNumber} />
        <CheckoutField name="floor" label="Этаж" maxLength={CHECKOUT_LIMITS.floor} defaultValue={values.floor} />
        <CheckoutField name="flat" label="Квартира или офис" maxLength={CHECKOUT_LIMITS.flat} defaultValue={values.flat} />
      </div>
      {mobile && <p className="muted checkout__hint">Курьер позвонит вам перед приездом на номер {formatPhone(mobile)}.</p>}
      <label className="option">
        <input type="checkbox" name="deliveryNotToCustomer" defaultChecked={values.deliveryNotToCustomer === 'on'} />
        <span>Получатель другой человек</span>
      </label>
      <div className="form-grid recipient">
        <CheckoutField
          name="contactName"
          label="Имя получателя"
          autoComplete="off"
          maxLength={CHECKOUT_LIMITS.contactName}
          defaultValue={values.contactName}
          error={errors.contactName}
        />
        <CheckoutField
          name="contactPhone"
          label="Мобильный телефон получателя"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+7 701 234 56 78"
          maxLength={CHECKOUT_LIMITS.contactPhone}
          defaultValue={values.contactPhone}
          error={errors.contactPhone}
        />
      </div>
    </>
  );
}
