import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type CodeSent, type SignedIn } from '@kiim/contract';
import type { Db } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { hmac, newId, safeEqual, sha256 } from '#app/lib/ids.ts';
import type { SmsProvider } from '#app/modules/sms/sms.provider.ts';
import { toCustomer } from './customer.mapper.ts';
import { normaliseMobile } from './customer.phone.ts';
import * as repo from './customer.repository.ts';
import { issueToken } from './customer.token.ts';

/** Rules of phone sign-in (spec §7 `auth-by-mobile`; architecture: Identity and sessions). */
export const OTP_PURPOSE_SIGN_IN = 'sign-in';
/** A code is valid for 5 minutes. */
export const OTP_TTL_MS = 5 * 60 * 1000;
/** At most one code per number every 60 seconds. */
export const OTP_RESEND_MS = 60 * 1000;
/** At most this many codes per number in a rolling hour (SMS-pumping guard). */
export const OTP_MAX_PER_HOUR = 5;
/** Checks allowed per code, the right one included: 5 wrong guesses and the code is dead. */
export const OTP_MAX_ATTEMPTS = 5;

const HOUR_MS = 3600 * 1000;

/** What the customer service needs from the app: the database, the SMS provider, the OTP secret, a log. */
export interface CustomerDeps {
  db: Db;
  sms: SmsProvider;
  otpSecret: string;
  log: FastifyBaseLogger;
}

/** `45` → `45 секунд`, `1` → `1 секунду`, `22` → `22 секунды` (Russian plural of «секунда», accusative). */
export function secondsRu(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word =
    mod10 === 1 && mod100 !== 11
      ? 'секунду'
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 'секунды'
        : 'секунд';
  return `${n} ${word}`;
}

/** `5` → `5 минут`, `1` → `1 минуту`, `2` → `2 минуты`. */
function minutesRu(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word =
    mod10 === 1 && mod100 !== 11
      ? 'минуту'
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 'минуты'
        : 'минут';
  return `${n} ${word}`;
}

/** 429 for a number that must wait `retryAfterSeconds` before the next code; `details.retryAfterSeconds`. */
function tooSoon(retryAfterSeconds: number): AppError {
  const wait =
    retryAfterSeconds > 90 ? `${minutesRu(Math.ceil(retryAfterSeconds / 60))}` : secondsRu(retryAfterSeconds);
  return new AppError(429, ErrorCode.rateLimited, `Новый код можно запросить через ${wait}`, {
    retryAfterSeconds,
  });
}

/**
 * Id of the code that follows `previousId` for this number: derived from the predecessor, so two
 * parallel requests that both passed the 60-second check compute the same id and only one insert wins
 * (optimistic concurrency through the primary key; works the same on SQLite and PostgreSQL).
 */
function nextCodeId(mobile: string, purpose: string, previousId: string | undefined): string {
  const h = sha256(`otp-chain:${purpose}:${mobile}:${previousId ?? 'first'}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** HMAC of a code bound to its number, so a leaked table does not reveal codes (6 digits are guessable). */
const codeHash = (secret: string, mobile: string, code: string) => hmac(secret, `${mobile}:${code}`);

/**
 * Sends a sign-in code by SMS (spec §7 `POST /api/customer/auth-by-mobile`). Any valid Kazakh mobile may
 * sign in: the customer is created on confirmation if new. The code (6 digits from `crypto.randomInt`)
 * is stored only as an HMAC, lives 5 minutes, voids the number's earlier unused codes.
 * @param input.mobile as typed by the shopper; @param input.clientIp recorded with the code.
 * @returns the normalised mobile, seconds until a resend is allowed, seconds the code is valid.
 * @throws AppError 400 (field `mobile`) for a number that is not a Kazakh mobile; 429 rateLimited with
 *   `details.retryAfterSeconds` within 60 s of the previous code or after 5 codes in an hour; 503 when
 *   the SMS provider fails (nothing is kept, the shopper may retry at once).
 */
export async function requestSignInCode(
  deps: CustomerDeps,
  input: { mobile: string; clientIp: string | null },
  now: Date,
): Promise<CodeSent> {
  const mobile = normaliseMobile(input.mobile);
  const purpose = OTP_PURPOSE_SIGN_IN;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();

  const latest = await repo.findLatestCode(deps.db, mobile, purpose);
  if (latest) {
    const waitMs = Date.parse(latest.created_at) + OTP_RESEND_MS - nowMs;
    if (waitMs > 0) throw tooSoon(Math.ceil(waitMs / 1000));
  }
  const lastHour = await repo.countCodesSince(
    deps.db,
    mobile,
    purpose,
    new Date(nowMs - HOUR_MS).toISOString(),
  );
  if (lastHour.count >= OTP_MAX_PER_HOUR && lastHour.oldest) {
    throw tooSoon(Math.max(1, Math.ceil((Date.parse(lastHour.oldest) + HOUR_MS - nowMs) / 1000)));
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = nextCodeId(mobile, purpose, latest?.id);
  const inserted = await repo.insertCodeIfSlotFree(deps.db, {
    id,
    mobile,
    purpose,
    code_hash: codeHash(deps.otpSecret, mobile, code),
    attempts: 0,
    expires_at: new Date(nowMs + OTP_TTL_MS).toISOString(),
    consumed_at: null,
    client_ip: input.clientIp,
    created_at: nowIso,
    updated_at: nowIso,
  });
  // A parallel request for the same number made its code a moment ago.
  if (!inserted) throw tooSoon(Math.ceil(OTP_RESEND_MS / 1000));

  try {
    await deps.sms.send(mobile, `Kiim: код для входа ${code}. Никому его не сообщайте.`);
  } catch (err) {
    await repo.deleteCode(deps.db, id);
    deps.log.warn({ err, provider: deps.sms.name }, 'sign-in code SMS failed');
    throw new AppError(503, ErrorCode.internal, 'Не удалось отправить SMS. Попробуйте ещё раз');
  }
  await repo.voidOtherCodes(deps.db, mobile, purpose, id, nowIso);
  return { mobile, resendAfterSeconds: OTP_RESEND_MS / 1000, expiresInSeconds: OTP_TTL_MS / 1000 };
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
 * Confirms a sign-in code (`POST /api/customer/auth-by-mobile/confirm`): checks it against the number's
 * latest code, consumes it, finds or creates the customer and issues a token (passwordless
 * sign-in-or-register). Every check counts as an attempt before the comparison (conditional UPDATE), so
 * at most 5 checks per code are ever made, even in parallel; consumption is a conditional UPDATE in
 * the transaction that creates the customer and token, so one code signs in once.
 * @returns the new token (256 random bits, shown once) and the customer.
 * @throws AppError 400 field `mobile` for a bad number; 400 invalidCode (field `code`,
 *   `details.attemptsLeft`) for a wrong code; 400 codeExpired when the code expired, was used, was
 *   replaced or never requested; 400 codeAttemptsExceeded after 5 checks (400, not 429: waiting does not
 *   help, and the storefront's client retries 429, spec §9).
 */
export async function confirmSignIn(
  deps: CustomerDeps,
  input: { mobile: string; code: string },
  now: Date,
): Promise<SignedIn> {
  const mobile = normaliseMobile(input.mobile);
  const nowIso = now.toISOString();
  const latest = await repo.findLatestCode(deps.db, mobile, OTP_PURPOSE_SIGN_IN);
  if (!latest || latest.consumed_at || latest.expires_at <= nowIso || latest.attempts >= OTP_MAX_ATTEMPTS) {
    throw deadCodeError(latest, nowIso);
  }
  const attempts = await repo.reserveCodeAttempt(deps.db, latest.id, nowIso, OTP_MAX_ATTEMPTS);
  if (attempts === null) throw deadCodeError(await repo.findCodeById(deps.db, latest.id), nowIso);

  if (!safeEqual(latest.code_hash, codeHash(deps.otpSecret, mobile, input.code))) {
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
    const customer = await repo.findOrCreateCustomerByMobile(trx, newId(), mobile, nowIso);
    const token = await issueToken(trx, customer.id, now);
    return { token, customer: toCustomer(customer) };
  });
}

/**
 * Logs out (spec §7 `POST /api/customer/logout`): revokes the token. An unknown, expired or already
 * revoked token is not an error (the shopper is logged out either way, spec §4).
 */
export async function logout(db: Db, token: string | undefined, now: Date): Promise<void> {
  if (!token) return;
  await repo.revokeTokenByHash(db, sha256(token), now.toISOString());
}
