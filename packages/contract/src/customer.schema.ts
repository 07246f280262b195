import { z } from 'zod';

/**
 * Mobile number as typed by a shopper: `+7 701 234 56 78`, `87012345678`, `7012345678`…
 * The API normalises and checks it is a Kazakh mobile (stored as `7XXXXXXXXXX`).
 */
export const MobileInput = z
  .string({ message: 'Укажите номер телефона' })
  .trim()
  .min(1, { message: 'Укажите номер телефона' })
  .max(32, { message: 'Слишком длинный номер телефона' });

/** One-time code from the SMS: exactly 6 digits. */
export const OtpCode = z
  .string({ message: 'Введите код из SMS' })
  .trim()
  .regex(/^\d{6}$/, { message: 'Код состоит из 6 цифр' });

/** Body of `POST /api/customer/auth-by-mobile` (spec §7: body mobile). */
export const AuthByMobileBody = z.object({ mobile: MobileInput }).strict();
/** Body of `POST /api/customer/auth-by-mobile/confirm`. */
export const AuthByMobileConfirmBody = z.object({ mobile: MobileInput, code: OtpCode }).strict();

/**
 * Body of `POST /api/customer/logout` (spec §7: body token). Without `token`, the token of the request
 * (header `X-Authorization` or the `customer_token` cookie) is revoked.
 */
export const LogoutBody = z
  .object({ token: z.string().trim().max(200, { message: 'Слишком длинный токен' }).optional() })
  .strict();
export type LogoutBody = z.infer<typeof LogoutBody>;
/** Answer of `POST /api/customer/logout`: always ok (an unknown token is already "logged out"). */
export const LoggedOut = z.object({ ok: z.literal(true) });

/** Answer of `POST /api/customer/auth-by-mobile`. */
export const CodeSent = z.object({
  /** Normalised mobile the code was sent to, `7XXXXXXXXXX`. */
  mobile: z.string(),
  /** Seconds before another code may be requested for this number. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof CodeSent>;

/** Customer (spec §3: name, surname; plus contact data). `mobile` is `7XXXXXXXXXX`. */
export const Customer = z.object({
  id: z.string(),
  mobile: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.number().int().min(0).max(1).nullable(),
  birthDate: z.string().nullable(),
});
export type Customer = z.infer<typeof Customer>;

/**
 * Answer of `POST /api/customer/auth-by-mobile/confirm`. The same token is also set as the HttpOnly
 * `customer_token` cookie (30 days); `X-Authorization` carries it for non-browser clients (spec §7).
 */
export const SignedIn = z.object({ token: z.string(), customer: Customer });
export type SignedIn = z.infer<typeof SignedIn>;

/** One message in the development SMS outbox (development only, never in production). */
export const OutboxMessage = z.object({
  id: z.string(),
  mobile: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
