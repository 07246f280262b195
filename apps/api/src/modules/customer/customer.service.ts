import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_CUSTOMER_LANGUAGE,
  ErrorCode,
  type CodeSent,
  type CustomerLanguage,
  type RegisterByMobileBody,
  type RegisterByMobileConfirmBody,
  type SignedIn,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { reserveSend, type SmsLimits } from '#app/modules/sms/sms.limits.ts';
import type { SmsProvider } from '#app/modules/sms/sms.provider.ts';
import { toCustomer } from './customer.mapper.ts';
import { confirmCode, sendCode } from './customer.otp.ts';
import {
  checkPasswordAgainstMobile,
  hashPassword,
  passwordNeedsRehash,
  verifyPassword,
} from './customer.password.ts';
import { normaliseMobile } from '#app/lib/phone.ts';
import * as repo from './customer.repository.ts';
import type { CustomerRow } from './customer.table.ts';
import { checkPasswordFailures, forgetPasswordFailures, reservePasswordAttempt } from './customer.limits.ts';
import {
  TOKEN_REFRESH_WINDOW_MS,
  findToken,
  invalidToken,
  issueToken,
  revokeToken,
  revokeTokenById,
} from './customer.token.ts';

/** What the customer services need from the app: the database, the SMS provider and limits, the OTP secret, a log. */
export interface CustomerDeps {
  db: Db;
  sms: SmsProvider;
  otpSecret: string;
  smsLimits: SmsLimits;
  log: FastifyBaseLogger;
}

/**
 * Sends a sign-in code by SMS (spec §7 `POST /api/customer/auth-by-mobile`), written in `language` (the
 * storefront's, issue 35 §7). Any valid Kazakh mobile may sign in: the customer is created on confirmation if new (sign-in-or-register).
 * @throws AppError 400 (field `mobile`) for a number that is not a Kazakh mobile; the errors of
 *   {@link sendCode} (429 send limits, 400/429/503 gateway).
 */
export async function requestSignInCode(
  deps: CustomerDeps,
  input: { mobile: string; clientIp: string | null; language?: CustomerLanguage },
  now: Date,
): Promise<CodeSent> {
  const mobile = normaliseMobile(input.mobile);
  return sendCode(
    deps,
    { mobile, purpose: 'sign-in', clientIp: input.clientIp, language: input.language },
    now,
  );
}

/**
 * Confirms a sign-in code (`POST /api/customer/auth-by-mobile/confirm`): finds or creates the customer
 * and issues a new token.
 * @returns the token (256 random bits, shown once) and the customer.
 * @throws AppError 400 field `mobile` for a bad number; the code errors of {@link confirmCode}.
 */
export async function confirmSignIn(
  deps: CustomerDeps,
  input: { mobile: string; code: string },
  now: Date,
): Promise<SignedIn> {
  const mobile = normaliseMobile(input.mobile);
  return confirmCode(deps, { mobile, purpose: 'sign-in', code: input.code }, now, async (trx) => {
    const customer = await repo.findOrCreateCustomerByMobile(trx, newId(), mobile, now.toISOString());
    const token = await issueToken(trx, customer.id, now, 'code');
    return { token, customer: toCustomer(customer) };
  });
}

const alreadyRegistered = () => {
  const message = 'Этот номер уже зарегистрирован. Войдите по коду из SMS или паролю';
  return new AppError(409, ErrorCode.alreadyRegistered, message, undefined, { mobile: [message] });
};

/**
 * Starts registration (`POST /api/customer/register-by-mobile`): checks the number has no account and
 * sends a registration code. The name is checked here (before an SMS is paid for) and sent again with the
 * code: the server keeps no half-made account.
 * @throws AppError 400 for a bad number or name; 409 alreadyRegistered (field `mobile`); the errors of
 *   {@link sendCode}.
 */
export async function requestRegistrationCode(
  deps: CustomerDeps,
  input: RegisterByMobileBody & { clientIp: string | null; language?: CustomerLanguage },
  now: Date,
): Promise<CodeSent> {
  const mobile = normaliseMobile(input.mobile);
  if (await repo.findCustomerByMobile(deps.db, mobile)) {
    // Answered only within the send limits, and counted (issue 11 §6): a spent budget is 429 for every number.
    await reserveSend(
      deps.db,
      { mobile, purpose: 'register', clientIp: input.clientIp, lookup: true },
      deps.smsLimits,
      now,
    );
    throw alreadyRegistered();
  }
  return sendCode(
    deps,
    { mobile, purpose: 'register', clientIp: input.clientIp, language: input.language },
    now,
  );
}

/**
 * Completes registration (`POST /api/customer/register-by-mobile/confirm`): checks the code, creates the
 * customer with the name (and the password, hashed with argon2id, when given) and signs in.
 * @throws AppError 400 for a bad number, name or password (checked before the code, so a typo costs no
 *   attempt); the code errors of {@link confirmCode}; 409 alreadyRegistered when the number got an account
 *   meanwhile (the code then stays unused).
 */
export async function confirmRegistration(
  deps: CustomerDeps,
  input: RegisterByMobileConfirmBody,
  now: Date,
): Promise<SignedIn> {
  const mobile = normaliseMobile(input.mobile);
  if (input.password) checkPasswordAgainstMobile(input.password, mobile);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const nowIso = now.toISOString();
  return confirmCode(deps, { mobile, purpose: 'register', code: input.code }, now, async (trx) => {
    const row = {
      id: newId(),
      mobile,
      name: input.name,
      surname: input.surname ?? null,
      email: null,
      gender: null,
      birth_date: null,
      password_hash: passwordHash,
      language: DEFAULT_CUSTOMER_LANGUAGE,
      blocked_at: null,
      blocked_reason: null,
      created_at: nowIso,
      updated_at: nowIso,
    };
    if (!(await repo.insertCustomerIfNew(trx, row))) throw alreadyRegistered();
    const token = await issueToken(trx, row.id, now, 'code');
    return { token, customer: toCustomer(row) };
  });
}

/**
 * Password sign-in (`POST /api/customer/auth-by-mobile-password`). A wrong password, an unknown number and
 * an account without a password get the same answer in about the same time (argon2 runs either way).
 * Failed attempts are limited per number and per client address (customer.limits.ts).
 * @returns a new token and the customer.
 * @throws AppError 400 for a malformed number; 401 invalidCredentials (field `password`); 429
 *   rateLimited after too many failures (`details.retryAfterSeconds`).
 */
export async function signInWithPassword(
  deps: CustomerDeps,
  input: { mobile: string; password: string; clientIp: string | null },
  now: Date,
): Promise<SignedIn> {
  const mobile = normaliseMobile(input.mobile);
  await checkPasswordFailures(deps.db, { mobile, clientIp: input.clientIp }, now);
  const attempt = await reservePasswordAttempt(deps.db, { mobile, clientIp: input.clientIp }, now);
  const customer = await repo.findCustomerByMobile(deps.db, mobile);
  if (!(await verifyPassword(customer?.password_hash, input.password)) || !customer) {
    const message = 'Неверный номер телефона или пароль';
    throw new AppError(401, ErrorCode.invalidCredentials, message, undefined, { password: [message] });
  }
  await forgetPasswordFailures(deps.db, mobile, attempt);
  const hash = customer.password_hash!;
  const nowIso = now.toISOString();
  const current = passwordNeedsRehash(hash)
    ? await repo.updateCustomer(deps.db, customer.id, {
        password_hash: await hashPassword(input.password),
        updated_at: nowIso,
      })
    : customer;
  const token = await issueToken(deps.db, customer.id, now, 'password');
  return { token, customer: toCustomer(current) };
}

/**
 * Sends a password recovery code (`GET /api/customer/get-code-for-recover-password?mobile=…`) to a number
 * that has an account.
 * @throws AppError 400 for a bad number; 404 notRegistered (field `mobile`); the errors of {@link sendCode}.
 */
export async function requestRecoveryCode(
  deps: CustomerDeps,
  input: { mobile: string; clientIp: string | null; language?: CustomerLanguage },
  now: Date,
): Promise<CodeSent> {
  const mobile = normaliseMobile(input.mobile);
  if (!(await repo.findCustomerByMobile(deps.db, mobile))) {
    // Answered only within the send limits, and counted (issue 11 §6): a spent budget is 429 for every number.
    await reserveSend(
      deps.db,
      { mobile, purpose: 'recover-password', clientIp: input.clientIp, lookup: true },
      deps.smsLimits,
      now,
    );
    const message = 'Аккаунт с этим номером не найден. Зарегистрируйтесь или войдите по коду из SMS';
    throw new AppError(404, ErrorCode.notRegistered, message, undefined, { mobile: [message] });
  }
  const language = input.language;
  return sendCode(deps, { mobile, purpose: 'recover-password', clientIp: input.clientIp, language }, now);
}

/**
 * Confirms a recovery code (`POST /api/customer/confirm-recover-password-code`): signs the customer in
 * with a token marked `recovery`, which may set a new password without the old one for 15 minutes
 * (`update-password`). Failed password attempts of the number are forgotten.
 * @throws AppError 400 for a bad number; the code errors of {@link confirmCode}; 404 notRegistered.
 */
export async function confirmRecovery(
  deps: CustomerDeps,
  input: { mobile: string; code: string },
  now: Date,
): Promise<SignedIn> {
  const mobile = normaliseMobile(input.mobile);
  return confirmCode(deps, { mobile, purpose: 'recover-password', code: input.code }, now, async (trx) => {
    const customer = await repo.findCustomerByMobile(trx, mobile);
    if (!customer) throw new AppError(404, ErrorCode.notRegistered, 'Аккаунт с этим номером не найден');
    await forgetPasswordFailures(trx, mobile, null);
    const token = await issueToken(trx, customer.id, now, 'recovery');
    return { token, customer: toCustomer(customer) };
  });
}

/**
 * Exchanges a token for a new one (`POST /api/customer/auth-by-expired-token`, spec §8): allowed until 60
 * days after the token expired; the old token is revoked in the same transaction (of two parallel
 * exchanges one wins). A still-valid token may be exchanged too (rotation).
 * @returns the new token and the customer (`data.token`, spec §7).
 * @throws AppError 403 forbidden for an unknown or revoked token (a revoked token presented again is
 *   refused) and after the 60-day window.
 */
export async function refreshToken(
  deps: Pick<CustomerDeps, 'db'>,
  token: string | undefined,
  now: Date,
): Promise<SignedIn> {
  if (!token) throw invalidToken();
  const row = await findToken(deps.db, token);
  if (!row || row.revoked_at) throw invalidToken();
  if (now.getTime() >= Date.parse(row.expires_at) + TOKEN_REFRESH_WINDOW_MS) {
    throw new AppError(403, ErrorCode.forbidden, 'Сессия давно истекла. Войдите снова');
  }
  const nowIso = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await revokeTokenById(trx, row.id, 'refresh', nowIso))) throw invalidToken();
    const customer = await repo.findCustomerById(trx, row.customer_id);
    if (!customer) throw invalidToken();
    const fresh = await issueToken(trx, customer.id, now, 'refresh');
    return { token: fresh, customer: toCustomer(customer) };
  });
}

/**
 * Logs out (spec §7 `POST /api/customer/logout`): revokes the token. An unknown, expired or already
 * revoked token is not an error (the shopper is logged out either way, spec §4).
 */
export async function logout(db: Db, token: string | undefined, now: Date): Promise<void> {
  if (!token) return;
  await revokeToken(db, token, 'logout', now.toISOString());
}

/** How to reach a customer about their orders (issue 13): mobile `7XXXXXXXXXX`, profile email, first name, language. */
export interface CustomerContact {
  mobile: string;
  email: string | null;
  name: string | null;
  language: CustomerLanguage;
}

/** The {@link CustomerContact} of a customer; undefined for an unknown id. */
export async function customerContact(db: DbOrTrx, customerId: string): Promise<CustomerContact | undefined> {
  const row = await repo.findCustomerById(db, customerId);
  return row && { mobile: row.mobile, email: row.email, name: row.name, language: row.language };
}

/** The mobile number (`7XXXXXXXXXX`) of a customer, for messages about their orders; undefined when unknown. */
export async function customerMobile(db: DbOrTrx, customerId: string): Promise<string | undefined> {
  return (await repo.findCustomerById(db, customerId))?.mobile;
}

/**
 * The customer with this normalised mobile (`7XXXXXXXXXX`), created with only the mobile when new (a Kaspi Магазин
 * buyer, issue 33 item 6). Safe under races (unique mobile).
 */
export function customerForMobile(db: DbOrTrx, mobile: string, nowIso: string): Promise<CustomerRow> {
  return repo.findOrCreateCustomerByMobile(db, newId(), mobile, nowIso);
}
