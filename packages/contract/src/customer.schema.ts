import { z } from 'zod';
import { CUSTOMER_LANGUAGES } from './enums.ts';

/**
 * Customer accounts (spec §3, §7; issue 4): phone sign-in and registration, passwords, recovery, tokens,
 * profile. Field rules and their Russian messages live here, so the API and the storefront say the same.
 */

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

/** Password rules (docs/security.md): 8 to 128 characters with at least one letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE_MESSAGE = 'Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и одну цифру';

/** A new password: 8–128 characters, at least one letter and one digit (the API also refuses the phone number). */
export const NewPassword = z
  .string({ message: 'Придумайте пароль' })
  .min(1, { message: 'Придумайте пароль' })
  .min(PASSWORD_MIN_LENGTH, { message: PASSWORD_RULE_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, { message: 'Пароль должен быть не длиннее 128 символов' })
  .regex(/\p{L}/u, { message: PASSWORD_RULE_MESSAGE })
  .regex(/\p{Nd}/u, { message: PASSWORD_RULE_MESSAGE });

/** A password typed to sign in or to confirm a change: not checked against the rules, only bounded. */
export const PasswordInput = z
  .string({ message: 'Введите пароль' })
  .min(1, { message: 'Введите пароль' })
  .max(PASSWORD_MAX_LENGTH, { message: 'Пароль должен быть не длиннее 128 символов' });

const PERSON_NAME = /^\p{L}[\p{L}\p{M}' ’-]*$/u;

/** A first name (spec §3 name): 1–50 letters; spaces, hyphens and apostrophes inside. */
export const PersonName = z
  .string({ message: 'Укажите имя' })
  .trim()
  .min(1, { message: 'Укажите имя' })
  .max(50, { message: 'Имя должно быть не длиннее 50 символов' })
  .regex(PERSON_NAME, { message: 'Имя может содержать только буквы, пробел, дефис и апостроф' });

/** A surname (spec §3 surname): 1–50 letters; spaces, hyphens and apostrophes inside. */
export const PersonSurname = z
  .string({ message: 'Укажите фамилию' })
  .trim()
  .min(1, { message: 'Укажите фамилию' })
  .max(50, { message: 'Фамилия должна быть не длиннее 50 символов' })
  .regex(PERSON_NAME, { message: 'Фамилия может содержать только буквы, пробел, дефис и апостроф' });

/** An e-mail address, at most 254 characters; stored in lower case. */
export const EmailInput = z
  .string({ message: 'Укажите электронную почту' })
  .trim()
  .max(254, { message: 'Адрес почты должен быть не длиннее 254 символов' })
  .pipe(z.email({ message: 'Укажите адрес почты в виде name@example.kz' }))
  .transform((v) => v.toLowerCase());

/** Gender of a customer (spec §3): female 0, male 1. */
export const GenderInput = z.union([z.literal(0), z.literal(1)], { message: 'Пол: 0 — женский, 1 — мужской' });

/** A birth date `YYYY-MM-DD`: a real calendar date from 1900 on (the API also refuses future dates). */
export const BirthDateInput = z
  .string({ message: 'Укажите дату рождения' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Дата рождения в формате ГГГГ-ММ-ДД' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
    },
    { message: 'Укажите настоящую дату рождения' },
  );

/** Body of `POST /api/customer/auth-by-mobile` (spec §7: body mobile). */
export const AuthByMobileBody = z.object({ mobile: MobileInput }).strict();
/** Body of `POST /api/customer/auth-by-mobile/confirm`. */
export const AuthByMobileConfirmBody = z.object({ mobile: MobileInput, code: OtpCode }).strict();

/** Body of `POST /api/customer/register-by-mobile`: the number and the name (checked before an SMS is sent). */
export const RegisterByMobileBody = z
  .object({ mobile: MobileInput, name: PersonName, surname: PersonSurname.optional() })
  .strict();
export type RegisterByMobileBody = z.infer<typeof RegisterByMobileBody>;

/**
 * Body of `POST /api/customer/register-by-mobile/confirm`: the code, the name again (the server keeps no
 * half-made account) and an optional password for signing in without SMS later.
 */
export const RegisterByMobileConfirmBody = z
  .object({
    mobile: MobileInput,
    code: OtpCode,
    name: PersonName,
    surname: PersonSurname.optional(),
    password: NewPassword.optional(),
  })
  .strict();
export type RegisterByMobileConfirmBody = z.infer<typeof RegisterByMobileConfirmBody>;

/** Body of `POST /api/customer/auth-by-mobile-password`. */
export const AuthByMobilePasswordBody = z.object({ mobile: MobileInput, password: PasswordInput }).strict();

/** Query of `GET /api/customer/get-code-for-recover-password`. */
export const RecoverPasswordCodeQuery = z.object({ mobile: MobileInput }).strict();

/** Body of `POST /api/customer/confirm-recover-password-code`. */
export const ConfirmRecoverPasswordBody = z.object({ mobile: MobileInput, code: OtpCode }).strict();

/**
 * Body of `POST /api/customer/update-password` (signed in). `currentPassword` is needed when the customer
 * has a password, unless the token comes from an SMS code confirmed in the last 15 minutes (recovery).
 */
export const UpdatePasswordBody = z
  .object({ password: NewPassword, currentPassword: PasswordInput.optional() })
  .strict();
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

/**
 * Body of `POST /api/customer/update` (signed in): the fields to change; `null` clears an optional one
 * (the name cannot be cleared). At least one field.
 */
export const UpdateCustomerBody = z
  .object({
    name: PersonName.optional(),
    surname: PersonSurname.nullable().optional(),
    email: EmailInput.nullable().optional(),
    gender: GenderInput.nullable().optional(),
    birthDate: BirthDateInput.nullable().optional(),
    /** The customer's language for SMS and emails (issue 13): the storefront sets it when the shopper switches. */
    language: z.enum(CUSTOMER_LANGUAGES, { message: 'Язык: ru или kk' }).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Нет данных для сохранения' });
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBody>;

// ---------------------------------------------------------------------------------------------------------
// The storefront's forms (strings as a browser posts them) read with the same field rules and messages.

/** An empty or blank text field of a form: left out (optional fields) or cleared (`null`, the profile). */
const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const blankToUndefined = (v: unknown) => (blank(v) ? undefined : v);
const blankToNull = (v: unknown) => (blank(v) ? null : v);

/** Shown when the repeated password differs from the new one. */
export const PASSWORDS_DIFFER_MESSAGE = 'Пароли не совпадают';

/** A new password typed twice (recovery, the profile); the repeat must match. */
const newPasswordTwice = { password: NewPassword, passwordRepeat: z.string({ message: PASSWORDS_DIFFER_MESSAGE }) };
const samePassword: [(f: { password: string; passwordRepeat: string }) => boolean, { path: string[]; message: string }] = [
  (f) => f.password === f.passwordRepeat,
  { path: ['passwordRepeat'], message: PASSWORDS_DIFFER_MESSAGE },
];

/** The recovery's new-password form: the new password twice. */
export const NewPasswordForm = z.object(newPasswordTwice).refine(...samePassword);

/** The profile's password form: the new password twice and, when one is set, the current one. */
export const ChangePasswordForm = z
  .object({ ...newPasswordTwice, currentPassword: z.preprocess(blankToUndefined, PasswordInput.optional()) })
  .refine(...samePassword);

/** The registration form: name, optional surname, number (→ `register-by-mobile`). */
export const RegisterForm = z.object({
  mobile: MobileInput,
  name: PersonName,
  surname: z.preprocess(blankToUndefined, PersonSurname.optional()),
});

/** The registration's code form: the code, the name again and an optional password (→ `register-by-mobile/confirm`). */
export const RegisterConfirmForm = RegisterForm.extend({
  code: OtpCode,
  password: z.preprocess(blankToUndefined, NewPassword.optional()),
});

/**
 * The profile form → `POST /api/customer/update`: an empty optional field clears it (`null`); gender `0`
 * (female), `1` (male) or empty (not given).
 */
export const ProfileForm = z.object({
  name: PersonName,
  surname: z.preprocess(blankToNull, PersonSurname.nullable()),
  email: z.preprocess(blankToNull, EmailInput.nullable()),
  gender: z.preprocess((v) => (blank(v) ? null : Number(v)), GenderInput.nullable()),
  birthDate: z.preprocess(blankToNull, BirthDateInput.nullable()),
});

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

/**
 * Body of `POST /api/customer/auth-by-expired-token` (spec §7: body token). Without `token`, the token of the
 * request is exchanged.
 */
export const AuthByExpiredTokenBody = z
  .object({ token: z.string().trim().max(200, { message: 'Слишком длинный токен' }).optional() })
  .strict();

/** Answer of `POST /api/customer/update-password`. */
export const PasswordUpdated = z.object({ ok: z.literal(true) });

/** Answer of the calls that send a code. */
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
  /** female 0, male 1 (spec §3). */
  gender: z.number().int().min(0).max(1).nullable(),
  /** `YYYY-MM-DD`. */
  birthDate: z.string().nullable(),
  /** Whether a password is set (the profile asks for the current one before a change). */
  hasPassword: z.boolean(),
});
export type Customer = z.infer<typeof Customer>;

/**
 * Answer of every sign-in (code, password, registration, recovery) and of `auth-by-expired-token`
 * (`data.token`, spec §7). The same token is also set as the HttpOnly `customer_token` cookie (30 days);
 * `X-Authorization` carries it for non-browser clients (spec §7).
 */
export const SignedIn = z.object({ token: z.string(), customer: Customer });
export type SignedIn = z.infer<typeof SignedIn>;

/**
 * Query of the development SMS outbox `GET /api/dev/sms-outbox` (development only): the messages to one
 * number as typed (any form the API accepts, normalised there; empty means every number), and how many,
 * 1–100, default 20.
 */
export const OutboxQuery = z.object({
  mobile: z.string().max(32).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One message in the development SMS outbox (development only, never in production). */
export const OutboxMessage = z.object({
  id: z.string(),
  mobile: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
