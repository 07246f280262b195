import { z } from 'zod';

/**
 * Stable numeric error codes of the API (architecture: "API conventions").
 * Clients branch on `code`, never on `message`. Codes are never reused.
 */
export const ErrorCode = {
  validation: 1000,
  notFound: 1004,
  rateLimited: 1029,
  /** Another request created the same thing (a unique value) at the same moment (409): reload and look. */
  conflict: 1409,
  internal: 1500,
  /**
   * The shop cannot reach or write its database for now (503 with `Retry-After` and `details.retryAfterSeconds`):
   * try again later; nothing was changed unless a repeat with the same idempotency key finds it (issue 27).
   */
  serviceUnavailable: 1503,
  unauthorized: 2001,
  tokenExpired: 2002,
  forbidden: 2003,
  invalidCode: 2010,
  codeExpired: 2011,
  codeAttemptsExceeded: 2012,
  /** Registration of a number that already has an account (409). */
  alreadyRegistered: 2020,
  /** Password recovery for a number without an account (404). */
  notRegistered: 2021,
  /** Wrong number or password at password sign-in (401). */
  invalidCredentials: 2022,
  /** Changing a password needs the current one (or a fresh SMS sign-in); missing or wrong (400). */
  currentPasswordRequired: 2023,
  /** The SMS gateway failed; nothing was sent (503). */
  smsUnavailable: 2030,
  /** The SMS gateway refuses this number (400, field `mobile`). */
  smsUndeliverable: 2031,
  /** spec §8: no cart/wishlist for this customer yet. */
  noCustomerCart: 3001,
  cartNotFound: 3002,
  skuNotFound: 3003,
  cityNotFound: 3004,
  wishlistNotFound: 3005,
  /** The source cart/wishlist of a merge was already merged into another one. */
  alreadyMerged: 3006,
  /** Attaching a cart/wishlist to a customer who already has one: merge instead. */
  customerHasCart: 3007,
  emptyCart: 4001,
  insufficientStock: 4009,
  pickupPointNotFound: 4010,
  deliveryMethodNotOffered: 4011,
  paymentMethodNotOffered: 4012,
  orderNotFound: 4004,
  /** An information page that does not exist in that language or is not published (404). */
  contentNotFound: 5004,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Message of the 403 that the client answers by refreshing the token (spec §8). */
export const TOKEN_EXPIRED_MESSAGE = 'Token has expired';

/** Error body of every non-2xx API answer. `errors` maps a field path to its messages (400 only). */
export const ErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
