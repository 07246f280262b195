import { z } from 'zod';

/**
 * Stable numeric error codes of the API (architecture: "API conventions").
 * Clients branch on `code`, never on `message`. Codes are never reused.
 */
export const ErrorCode = {
  validation: 1000,
  notFound: 1004,
  rateLimited: 1029,
  internal: 1500,
  unauthorized: 2001,
  tokenExpired: 2002,
  forbidden: 2003,
  invalidCode: 2010,
  codeExpired: 2011,
  codeAttemptsExceeded: 2012,
  /** spec §8: no cart/wishlist for this customer yet. */
  noCustomerCart: 3001,
  cartNotFound: 3002,
  skuNotFound: 3003,
  cityNotFound: 3004,
  emptyCart: 4001,
  insufficientStock: 4009,
  pickupPointNotFound: 4010,
  deliveryMethodNotOffered: 4011,
  paymentMethodNotOffered: 4012,
  orderNotFound: 4004,
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
