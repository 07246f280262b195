import { DeliveryMethod } from '@kiim/contract/enums';
import { carrierChoiceOf } from './carrier-choice.ts';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

/**
 * The checkout form as the order draft of spec §3 (everything but the cart, the city and the idempotency
 * key), read the same way in the browser (the validity flags beside the fields, the summary's choices) and on
 * the server (the order sent to `POST /api/order/create`): the pickup point only for pickup; the address only
 * for the courier; the recipient only when «Получатель другой человек» is ticked; empty texts left out. In a carrier
 * city (issue 34) the carrier point or door delivery is `carrier` (lib/carrier-choice.ts), no `pickupPointId`, and
 * the lines always come from the warehouse city (`includeOtherCityItems`).
 */
export function checkoutDraftOf(form: FormData) {
  const deliveryMethodId = Number(form.get('deliveryMethodId'));
  const courier = deliveryMethodId === DeliveryMethod.courier;
  const notToCustomer = courier && form.get('deliveryNotToCustomer') === 'on';
  const carrier = carrierChoiceOf(form, deliveryMethodId);
  return {
    deliveryMethodId,
    paymentId: Number(form.get('paymentId')),
    pickupPointId: courier ? null : Number(form.get('pickupPointId')) || null,
    customerComment: text(form, 'customerComment'),
    email: text(form, 'email'),
    deliveryNotToCustomer: notToCustomer,
    delivery: courier
      ? {
          street: text(form, 'street'),
          building: text(form, 'building'),
          entranceNumber: text(form, 'entranceNumber'),
          floor: text(form, 'floor'),
          flat: text(form, 'flat'),
          contactName: notToCustomer ? text(form, 'contactName') : undefined,
          contactPhone: notToCustomer ? text(form, 'contactPhone') : undefined,
        }
      : undefined,
    includeOtherCityItems: carrier !== null || form.get('includeOtherCityItems') === 'on',
    ...(carrier && { carrier }),
  };
}

/** Form field names ← keys of the rules' and the API's messages (`order.email`, `delivery.street`…): the first of each. */
export function messagesByField(
  errors: Record<string, string[]> | undefined,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, messages] of Object.entries(errors ?? {}))
    out[key.replace(/^order\./, '').replace(/^delivery\./, '')] ??= messages[0];
  return out;
}
