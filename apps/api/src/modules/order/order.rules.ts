import {
  CHECKOUT_MESSAGES,
  DeliveryMethod,
  ErrorCode,
  checkoutErrors,
  type OrderDraft,
} from '@kiim/contract';
import { AppError, badRequest } from '#app/lib/errors.ts';
import { sha256 } from '#app/lib/ids.ts';
import { normaliseMobile } from '#app/lib/phone.ts';
import type { ShortLine } from '#app/modules/inventory/inventory.allocate.ts';

// Pure rules of placing an order: no database access here.

/** The delivery part of a draft after checking: what is stored on the order. */
export interface CheckedDelivery {
  deliveryMethodId: number;
  /** Pickup (method 1): the chosen point (still to be checked against the city). */
  pickupPointId: number | null;
  /** Courier (method 2) only; pickup ignores the draft's address. */
  address: {
    street: string;
    building: string;
    entranceNumber: string | null;
    floor: string | null;
    flat: string | null;
  } | null;
  /** Courier to someone else: their name and mobile (`7XXXXXXXXXX`). */
  deliveryNotToCustomer: boolean;
  contactName: string | null;
  contactPhone: string | null;
}

const blankToNull = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null);

/**
 * Checks the delivery fields of a checkout draft that need no database with the storefront's own rules
 * (`checkoutErrors` of the contract: spec §3 validity flags pickupPointId, deliveryStreet, deliveryBuilding,
 * deliveryContactName, deliveryContactPhone): pickup needs `pickupPointId`; courier needs `delivery.street`
 * and `delivery.building`, and when `deliveryNotToCustomer` also `delivery.contactName` and a Kazakh mobile
 * `delivery.contactPhone` (then normalised with libphonenumber); `delivery.regionId`, when sent, must be the
 * order's city. The email flag is the schema's (same pattern).
 * @returns the normalised delivery to store.
 * @throws AppError 400 with every field error at once (keys `pickupPointId`, `delivery.street`, …).
 */
export function checkDeliveryFields(draft: OrderDraft): CheckedDelivery {
  const d = draft.delivery ?? {};
  const { email: _emailIsTheSchemas, ...errors } = checkoutErrors(draft);
  if (draft.deliveryMethodId === DeliveryMethod.pickup) {
    if (Object.keys(errors).length) throw badRequest(errors);
    return {
      deliveryMethodId: DeliveryMethod.pickup,
      pickupPointId: draft.pickupPointId ?? null,
      address: null,
      deliveryNotToCustomer: false,
      contactName: null,
      contactPhone: null,
    };
  }
  if (d.regionId !== undefined && d.regionId !== draft.regionId)
    errors['delivery.regionId'] = ['Адрес доставки должен быть в выбранном городе'];
  let contactPhone: string | null = null;
  if (draft.deliveryNotToCustomer && !errors['delivery.contactPhone']) {
    try {
      contactPhone = normaliseMobile(d.contactPhone ?? '', 'delivery.contactPhone');
    } catch (err) {
      if (!(err instanceof AppError) || !err.errors) throw err;
      errors['delivery.contactPhone'] = [CHECKOUT_MESSAGES.deliveryContactPhone];
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    deliveryMethodId: DeliveryMethod.courier,
    pickupPointId: null,
    address: {
      street: blankToNull(d.street)!,
      building: blankToNull(d.building)!,
      entranceNumber: blankToNull(d.entranceNumber),
      floor: blankToNull(d.floor),
      flat: blankToNull(d.flat),
    },
    deliveryNotToCustomer: draft.deliveryNotToCustomer,
    contactName: draft.deliveryNotToCustomer ? blankToNull(d.contactName) : null,
    contactPhone,
  };
}

/** JSON with object keys sorted at every level, so equal values always serialise alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Fingerprint of a checkout draft (the validated, normalised body without its idempotency key), stored
 * with the order to tell a retry (same fingerprint) from another order under the same key.
 */
export function draftFingerprint(draft: OrderDraft): string {
  const { idempotencyKey: _k, ...rest } = draft;
  return sha256(canonicalJson(rest));
}

/** Counter value → order number text, at least 6 digits (ePay invoiceID needs 6–15 digits). */
export const formatOrderNumber = (value: number): string => String(value).padStart(6, '0');

/** 409 insufficientStock listing every line that could not be reserved (`details.lines`). */
export function insufficientStock(lines: ShortLine[]): AppError {
  return new AppError(
    409,
    ErrorCode.insufficientStock,
    'Некоторых товаров уже нет в нужном количестве. Проверьте корзину и оформите заказ снова',
    { lines },
  );
}

/**
 * The note of an order's stock movement rows (the back office's stock history): «№ 100001», with `detail`
 * after a colon when given (why it was cancelled, «отказ при выдаче»…).
 */
export function orderStockNote(number: string, detail?: string | null): string {
  const why = detail?.trim();
  return why ? `№ ${number}: ${why}` : `№ ${number}`;
}
