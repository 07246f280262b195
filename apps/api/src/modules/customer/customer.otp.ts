import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type CodeSent, type CustomerLanguage } from '@kiim/contract';
import { DEFAULT_CUSTOMER_LANGUAGE } from '@kiim/contract/enums';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError, rateLimited } from '#app/lib/errors.ts';
import { hmac, newId, safeEqual } from '#app/lib/ids.ts';
import { finishSend, reserveSend, SMS_RESEND_MS, type SmsLimits } from '#app/modules/sms/sms.limits.ts';
import { SmsProviderError, type SmsProvider } from '#app/modules/sms/sms.provider.ts';
import * as repo from './customer.repository.ts';
import { blockedCustomer } from './customer.token.ts';

/**
 * One-time SMS codes (issue 4; docs/security.md): 6 digits from `crypto.randomInt`, stored only as an
 * HMAC-SHA-256 bound to the number and purpose, valid 5 minutes, single use, void after 5 wrong tries;
 * a new code voids the number's earlier codes of the same purpose. Sending goes through the SMS send
 * limits (sms.limits.ts).
 */
const OTP_TTL_MS = 5 * 60 * 1000;
/** Checks allowed per code, the right one included: 5 wrong guesses and the code is dead. */
export const OTP_MAX_ATTEMPTS = 5;

/** What a code is for; codes of one purpose never confirm another. */
type OtpPurpose = 'sign-in' | 'register' | 'recover-password';

/** What the code functions need from the app. */
interface OtpDeps {
  db: Db;
  sms: SmsProvider;
  otpSecret: string;
  smsLimits: SmsLimits;
  log: FastifyBaseLogger;
}

/**
 * The SMS text of each purpose in the storefront's language (issue 35 §7; the code is the only run of digits in
 * it). Each fits one Cyrillic SMS segment of 70 characters.
 */
const SMS_TEXT: Record<CustomerLanguage, Record<OtpPurpose, (code: string) => string>> = {
  ru: {
    'sign-in': (code) => `Kiim: код для входа ${code}. Никому его не сообщайте.`,
    register: (code) => `Kiim: код для регистрации ${code}. Никому его не сообщайте.`,
    'recover-password': (code) => `Kiim: код для восстановления пароля ${code}. Никому его не сообщайте.`,
  },
  kk: {
    'sign-in': (code) => `Kiim: кіру коды ${code}. Оны ешкімге айтпаңыз.`,
    register: (code) => `Kiim: тіркелу коды ${code}. Оны ешкімге айтпаңыз.`,
    'recover-password': (code) => `Kiim: құпиясөзді қалпына келтіру коды ${code}. Оны ешкімге айтпаңыз.`,
  },
};

/** HMAC of a code bound to its number and purpose, so a leaked table does not reveal codes. */
const codeHash = (secret: string, mobile: string, purpose: string, code: string) =>
  hmac(secret, `${purpose}:${mobile}:${code}`);

/**
 * The shop error for a gateway failure (design/payments-sms.md: provider errors mapped to clear shop
 * errors; the provider's code goes to the log).
 */
function smsFailure(err: unknown, deps: OtpDeps, mobile: string): AppError {
  const e = err instanceof SmsProviderError ? err : undefined;
  const logged = {
    provider: deps.sms.name,
    providerCode: e?.providerCode ?? null,
    mobile,
    reason: (err as Error)?.message,
  };
  if (e?.kind === 'recipient') {
    deps.log.warn(logged, 'SMS gateway refused the number');
    const message = 'Не удалось отправить SMS на этот номер. Проверьте номер или укажите другой';
    return new AppError(400, ErrorCode.smsUndeliverable, message, undefined, { mobile: [message] });
  }
  if (e?.kind === 'throttled') {
    deps.log.warn(logged, 'SMS gateway asks to slow down');
    return rateLimited(
      (e.retryAfterSeconds ?? 60) * 1000,
      (wait) => `SMS-сервис перегружен. Попробуйте через ${wait}`,
    );
  }
  deps.log.error(logged, 'SMS gateway failed');
  return new AppError(
    503,
    ErrorCode.smsUnavailable,
    'Не удалось отправить SMS. Попробуйте ещё раз через минуту',
  );
}

/**
 * Sends a new code for `purpose` to a normalised number, its text in `language` (default Russian).
 * @returns the number, seconds until a resend is allowed, seconds the code is valid.
 * @throws AppError 403 when staff blocked the number's customer (no SMS is sent); 429 rateLimited from the send limits (`details.retryAfterSeconds`); 400
 *   smsUndeliverable (field `mobile`) when the gateway refuses the number; 429 when the gateway throttles;
 *   503 smsUnavailable for any other gateway failure (nothing is kept: the failed send does not count
 *   and the shopper may retry at once).
 */
export async function sendCode(
  deps: OtpDeps,
  input: { mobile: string; purpose: OtpPurpose; clientIp: string | null; language?: CustomerLanguage },
  now: Date,
): Promise<CodeSent> {
  const { mobile, purpose } = input;
  if ((await repo.findCustomerByMobile(deps.db, mobile))?.blocked_at) {
    // A number staff blocked gets no code (issue 35 §7: its sign-in would be refused anyway); the answer is
    // counted within the send limits like the other lookups (issue 11 §6).
    await reserveSend(
      deps.db,
      { mobile, purpose, clientIp: input.clientIp, lookup: true },
      deps.smsLimits,
      now,
    );
    throw blockedCustomer();
  }
  const slot = await reserveSend(deps.db, input, deps.smsLimits, now);
  const nowIso = now.toISOString();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = newId();
  await repo.insertCode(deps.db, {
    id,
    mobile,
    purpose,
    code_hash: codeHash(deps.otpSecret, mobile, purpose, code),
    attempts: 0,
    expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
    consumed_at: null,
    client_ip: input.clientIp,
    created_at: nowIso,
    updated_at: nowIso,
  });
  try {
    // The gateway stops trying once the code has expired (Mobizon's floor is an hour: payments-sms.md §4).
    await deps.sms.send(mobile, SMS_TEXT[input.language ?? DEFAULT_CUSTOMER_LANGUAGE][purpose](code), {
      validityMinutes: OTP_TTL_MS / 60_000,
    });
  } catch (err) {
    await repo.deleteCode(deps.db, id);
    await finishSend(deps.db, slot, 'failed', now);
    throw smsFailure(err, deps, mobile);
  }
  await finishSend(deps.db, slot, 'sent', now);
  await repo.voidOtherCodes(deps.db, mobile, purpose, id, nowIso);
  return { mobile, resendAfterSeconds: SMS_RESEND_MS / 1000, expiresInSeconds: OTP_TTL_MS / 1000 };
}

/** 400 on the `code` field with a contract code. */
const codeError = (code: number, message: string, details?: unknown) =>
  new AppError(400, code, message, details, { code: [message] });

const EXPIRED = 'Срок действия кода истёк. Запросите новый код';
const USED = 'Код уже использован или заменён новым. Запросите новый код';
const EXHAUSTED = 'Слишком много неверных попыток. Запросите новый код';

/** The error for a code that can no longer be checked. */
function deadCodeError(
  code: { consumed_at: string | null; expires_at: string; attempts: number } | undefined,
  nowIso: string,
) {
  if (!code) return codeError(ErrorCode.codeExpired, 'Сначала запросите код');
  if (code.consumed_at) return codeError(ErrorCode.codeExpired, USED);
  if (code.attempts >= OTP_MAX_ATTEMPTS)
    return codeError(ErrorCode.codeAttemptsExceeded, EXHAUSTED, { attemptsLeft: 0 });
  if (code.expires_at <= nowIso) return codeError(ErrorCode.codeExpired, EXPIRED);
  return codeError(ErrorCode.codeExpired, USED);
}

/**
 * Checks a code against the number's latest code of `purpose` and, when right, consumes it and runs
 * `onValid` in the same transaction (so one code does its work once). Every check counts as an attempt
 * before the comparison (conditional UPDATE), so at most 5 checks per code are ever made, even in
 * parallel; the comparison is constant-time.
 * @returns what `onValid` returns.
 * @throws AppError 400 invalidCode (field `code`, `details.attemptsLeft`) for a wrong code; 400
 *   codeExpired when the code expired, was used, was replaced or never requested; 400
 *   codeAttemptsExceeded after 5 checks (400, not 429: waiting does not help, and the storefront's client
 *   retries 429, spec §9); whatever `onValid` throws (the code then stays unused).
 */
export async function confirmCode<T>(
  deps: Pick<OtpDeps, 'db' | 'otpSecret'>,
  input: { mobile: string; purpose: OtpPurpose; code: string },
  now: Date,
  onValid: (trx: DbOrTrx) => Promise<T>,
): Promise<T> {
  const { mobile, purpose } = input;
  const nowIso = now.toISOString();
  const latest = await repo.findLatestCode(deps.db, mobile, purpose);
  if (!latest || latest.consumed_at || latest.expires_at <= nowIso || latest.attempts >= OTP_MAX_ATTEMPTS) {
    throw deadCodeError(latest, nowIso);
  }
  const attempts = await repo.reserveCodeAttempt(deps.db, latest.id, nowIso, OTP_MAX_ATTEMPTS);
  if (attempts === null) throw deadCodeError(await repo.findCodeById(deps.db, latest.id), nowIso);

  if (!safeEqual(latest.code_hash, codeHash(deps.otpSecret, mobile, purpose, input.code))) {
    const attemptsLeft = OTP_MAX_ATTEMPTS - attempts;
    const message =
      attemptsLeft > 0
        ? `Неверный код. Осталось попыток: ${attemptsLeft}`
        : 'Неверный код. Попытки закончились — запросите новый код';
    throw codeError(ErrorCode.invalidCode, message, { attemptsLeft });
  }

  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeCode(trx, latest.id, nowIso)))
      throw deadCodeError(await repo.findCodeById(trx, latest.id), nowIso);
    return onValid(trx);
  });
}
