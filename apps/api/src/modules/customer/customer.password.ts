import { badRequest } from '#app/lib/errors.ts';

// Hashing (argon2id, shared with staff accounts) lives in lib/password.ts.
export { hashPassword, passwordNeedsRehash, verifyPassword } from '#app/lib/password.ts';

/**
 * Rules a schema cannot check (the schema checks length, letter and digit): the password must not
 * contain the customer's phone number.
 * @throws AppError 400 with the message under `field`.
 */
export function checkPasswordAgainstMobile(password: string, mobile: string, field = 'password'): void {
  const digits = password.replace(/\D/g, '');
  if (digits.includes(mobile.slice(1))) {
    throw badRequest({ [field]: ['Пароль не должен содержать номер телефона'] });
  }
}
