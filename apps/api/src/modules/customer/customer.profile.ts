import { ErrorCode, type Customer, type UpdateCustomerBody, type UpdatePasswordBody } from '@kiim/contract';
import type { Db } from '#app/db/database.ts';
import { AppError, badRequest } from '#app/lib/errors.ts';
import { toCustomer } from './customer.mapper.ts';
import { checkPasswordFailures, forgetPasswordFailures, reservePasswordAttempt } from './customer.limits.ts';
import { checkPasswordAgainstMobile, hashPassword, verifyPassword } from './customer.password.ts';
import * as repo from './customer.repository.ts';
import type { CustomerRow } from './customer.table.ts';
import { revokeOtherTokens, type TokenInfo } from './customer.token.ts';

/**
 * How long after an SMS code sign-in (sign-in, registration, recovery) a password may be set without the
 * current one (docs/security.md): the code already proved the phone, as recovery would.
 */
const FRESH_CODE_SIGN_IN_MS = 15 * 60 * 1000;

/**
 * Changes the signed-in customer's profile (`POST /api/customer/update`): name, surname, e-mail, gender
 * (female 0, male 1, spec §3), birth date, language (`ru` | `kk`, issue 13); `null` clears an optional field.
 * @returns the customer after the change.
 * @throws AppError 400 (field `birthDate`) for a birth date in the future (by the app clock).
 */
export async function updateProfile(
  db: Db,
  customer: CustomerRow,
  body: UpdateCustomerBody,
  now: Date,
): Promise<Customer> {
  if (body.birthDate && body.birthDate > now.toISOString().slice(0, 10)) {
    throw badRequest({ birthDate: ['Дата рождения не может быть в будущем'] });
  }
  const row = await repo.updateCustomer(db, customer.id, {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.surname !== undefined && { surname: body.surname }),
    ...(body.email !== undefined && { email: body.email }),
    ...(body.gender !== undefined && { gender: body.gender }),
    ...(body.birthDate !== undefined && { birth_date: body.birthDate }),
    ...(body.language !== undefined && { language: body.language }),
    updated_at: now.toISOString(),
  });
  return toCustomer(row);
}

const currentPasswordError = (message: string) =>
  new AppError(400, ErrorCode.currentPasswordRequired, message, undefined, { currentPassword: [message] });

/**
 * Sets or changes the signed-in customer's password (`POST /api/customer/update-password`), hashed with
 * argon2id. The current password is needed when one is set, unless the request's token comes from an SMS
 * code confirmed in the last 15 minutes (recovery: `confirm-recover-password-code`). Every other token of
 * the customer is revoked (other devices sign in again); the current one stays.
 * @throws AppError 400 for a password against the rules (length, letter and digit, not the phone number);
 *   400 currentPasswordRequired (field `currentPassword`) when it is missing or wrong; 429 after too many
 *   wrong current passwords (the password sign-in limits).
 */
export async function updatePassword(
  db: Db,
  customer: CustomerRow,
  token: TokenInfo,
  body: UpdatePasswordBody,
  clientIp: string | null,
  now: Date,
): Promise<void> {
  checkPasswordAgainstMobile(body.password, customer.mobile);
  if (customer.password_hash) {
    if (body.currentPassword !== undefined) {
      const by = { mobile: customer.mobile, clientIp };
      await checkPasswordFailures(db, by, now);
      const attempt = await reservePasswordAttempt(db, by, now);
      if (!(await verifyPassword(customer.password_hash, body.currentPassword))) {
        throw currentPasswordError('Неверный текущий пароль');
      }
      await forgetPasswordFailures(db, customer.mobile, attempt);
    } else {
      const fresh =
        (token.auth_method === 'code' || token.auth_method === 'recovery') &&
        now.getTime() - Date.parse(token.created_at) <= FRESH_CODE_SIGN_IN_MS;
      if (!fresh) throw currentPasswordError('Введите текущий пароль');
    }
  }
  const hash = await hashPassword(body.password);
  const nowIso = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.updateCustomer(trx, customer.id, { password_hash: hash, updated_at: nowIso });
    await revokeOtherTokens(trx, customer.id, token.id, 'password', nowIso);
  });
}
