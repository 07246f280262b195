import { CHECKOUT_LIMITS } from '@kiim/contract/checkout';
import { formatPhone } from '@kiim/contract/format';
import { useT } from '../../lib/text.ts';
import { Field } from '../form/Field.tsx';

/**
 * The courier's address (spec §3 checkout draft `delivery`): street, building (required), entrance, floor,
 * flat; «Получатель другой человек» (`deliveryNotToCustomer`) opens the recipient's name and phone (CSS, so it
 * works before JavaScript). `errors` are keyed by form field name; `values` refill the form after a refusal.
 * Fields are named and identified by their draft names (`#street`, its message `#street-error`).
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
  const t = useT();
  const field = (name: keyof typeof CHECKOUT_LIMITS) => ({
    id: name,
    name,
    maxLength: CHECKOUT_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
  });
  return (
    <>
      <div className="form-grid">
        <Field label={t('checkout.street')} wide required autoComplete="address-line1" {...field('street')} />
        <Field label={t('checkout.building')} required {...field('building')} />
        <Field label={t('checkout.entrance')} {...field('entranceNumber')} />
        <Field label={t('checkout.floor')} {...field('floor')} />
        <Field label={t('checkout.flat')} {...field('flat')} />
      </div>
      {mobile && (
        <p className="muted checkout__hint">{t('checkout.courierCalls', { phone: formatPhone(mobile) })}</p>
      )}
      <label className="option">
        <input
          type="checkbox"
          name="deliveryNotToCustomer"
          defaultChecked={values.deliveryNotToCustomer === 'on'}
        />
        <span>{t('checkout.otherRecipient')}</span>
      </label>
      <div className="form-grid recipient">
        <Field label={t('checkout.contactName')} autoComplete="off" {...field('contactName')} />
        <Field
          label={t('checkout.contactPhone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={t('checkout.contactPhonePlaceholder')}
          {...field('contactPhone')}
        />
      </div>
    </>
  );
}
