/**
 * Checkout rules shared by the storefront (messages beside the fields before anything is sent) and the API
 * (the same rules enforced on `POST /api/order/create`): the validity flags of spec §3 and the delivery
 * dates shown at checkout and stored on the order. Zod-free, so browser code may import it
 * (`@kiim/contract/checkout`).
 */
import { DeliveryMethod } from './enums.ts';
import { normaliseKzMobile } from './phone.rules.ts';

/**
 * E-mail address pattern: the one zod 4 uses for `z.email()` (its `regexes.email`), so the storefront and
 * the API accept exactly the same addresses.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Longest values of the draft's text fields (the same limits as the API schema). */
export const CHECKOUT_LIMITS = {
  email: 254,
  contactName: 100,
  contactPhone: 32,
  street: 200,
  building: 50,
  entranceNumber: 20,
  floor: 20,
  flat: 20,
  customerComment: 1000,
} as const;

/** The part of the checkout draft (spec §3) the validity flags look at. */
export interface CheckoutFields {
  deliveryMethodId: number;
  pickupPointId?: number | null;
  /** A carrier point is chosen by its code instead of `pickupPointId` (issue 34, decision 069). */
  carrier?: { code: string | null } | null;
  email?: string | null;
  deliveryNotToCustomer?: boolean;
  delivery?: {
    contactName?: string | null;
    contactPhone?: string | null;
    street?: string | null;
    building?: string | null;
  } | null;
}

/** Validity flags of the checkout draft (spec §3): true when the field is acceptable as it is. */
export interface CheckoutValidity {
  email: boolean;
  deliveryContactName: boolean;
  deliveryContactPhone: boolean;
  deliveryStreet: boolean;
  deliveryBuilding: boolean;
  pickupPointId: boolean;
}

/** The message shown beside a field whose validity flag is false (spec §3, §8: Russian, polite). */
export const CHECKOUT_MESSAGES: Record<keyof CheckoutValidity, string> = {
  email: 'Проверьте адрес электронной почты, например aigerim@mail.kz',
  deliveryContactName: 'Укажите имя получателя',
  deliveryContactPhone: 'Укажите мобильный номер получателя, например +7 701 234 56 78',
  deliveryStreet: 'Укажите улицу или микрорайон',
  deliveryBuilding: 'Укажите номер дома',
  pickupPointId: 'Выберите пункт самовывоза',
};

/**
 * Where each flag's message goes in an API error body (`errors` keys of `POST /api/order/create`) and which
 * form field it belongs to in the storefront.
 */
export const CHECKOUT_FIELD_KEYS: Record<keyof CheckoutValidity, string> = {
  email: 'email',
  deliveryContactName: 'delivery.contactName',
  deliveryContactPhone: 'delivery.contactPhone',
  deliveryStreet: 'delivery.street',
  deliveryBuilding: 'delivery.building',
  pickupPointId: 'pickupPointId',
};

const filled = (v: string | null | undefined, max: number) => {
  const t = (v ?? '').trim();
  return t.length > 0 && t.length <= max;
};

/**
 * The validity flags of spec §3 for a draft. Rules:
 * - `email`: optional; when given, a valid address of at most 254 characters;
 * - `pickupPointId`: pickup (method 1) needs a point; when `offeredPickupPointIds` is given, one of them
 *   (the city's points);
 * - `deliveryStreet` (≤ 200) and `deliveryBuilding` (≤ 50): required for the courier (method 2);
 * - `deliveryContactName` (at least two letters, ≤ 100) and `deliveryContactPhone` (a Kazakh mobile): required
 *   for the courier when the recipient is another person (`deliveryNotToCustomer`).
 * Flags that do not apply to the chosen method are true.
 */
export function checkoutValidity(
  draft: CheckoutFields,
  offeredPickupPointIds?: readonly number[],
): CheckoutValidity {
  const email = (draft.email ?? '').trim();
  const courier = draft.deliveryMethodId === DeliveryMethod.courier;
  const pickup = draft.deliveryMethodId === DeliveryMethod.pickup;
  const other = courier && draft.deliveryNotToCustomer === true;
  const d = draft.delivery ?? {};
  const name = (d.contactName ?? '').trim();
  return {
    email: email === '' || (email.length <= CHECKOUT_LIMITS.email && EMAIL_PATTERN.test(email)),
    pickupPointId:
      !pickup ||
      Boolean(draft.carrier?.code) ||
      (typeof draft.pickupPointId === 'number' &&
        draft.pickupPointId > 0 &&
        (!offeredPickupPointIds || offeredPickupPointIds.includes(draft.pickupPointId))),
    deliveryStreet: !courier || filled(d.street, CHECKOUT_LIMITS.street),
    deliveryBuilding: !courier || filled(d.building, CHECKOUT_LIMITS.building),
    deliveryContactName:
      !other || (name.length <= CHECKOUT_LIMITS.contactName && (name.match(/\p{L}/gu)?.length ?? 0) >= 2),
    deliveryContactPhone: !other || normaliseKzMobile(d.contactPhone ?? '') !== null,
  };
}

/**
 * Field errors of a draft keyed as the API answers them ({@link CHECKOUT_FIELD_KEYS}), each with its
 * message; empty when every flag is true.
 */
export function checkoutErrors(
  draft: CheckoutFields,
  offeredPickupPointIds?: readonly number[],
): Record<string, string[]> {
  const validity = checkoutValidity(draft, offeredPickupPointIds);
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(validity) as (keyof CheckoutValidity)[]) {
    if (!validity[key]) errors[CHECKOUT_FIELD_KEYS[key]] = [CHECKOUT_MESSAGES[key]];
  }
  return errors;
}

// The delivery dates live in delivery.dates.ts (pages without checkout load only them); checkout offers them too.
export * from './delivery.dates.ts';
