import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { hmac } from '#app/lib/ids.ts';

/**
 * Two-factor with an authenticator app (issue 15; docs/security.md, Staff accounts): TOTP of RFC 6238 as every
 * authenticator app reads it (SHA-1, 6 digits, 30 s), by otplib; the enrolment QR code is drawn here as SVG (npm
 * `qrcode`), so nothing is fetched. Time comes from the app's clock (tests move it). Secrets are stored encrypted:
 * AES-256-GCM with a key derived from OTP_SECRET (HKDF), so a copy of the database alone gives no second factor.
 * Recovery codes: 10 characters from 31 unambiguous letters and digits (about 49 bits), shown once as `abcde-fghjk`,
 * stored as HMAC-SHA-256 with OTP_SECRET.
 */

const ISSUER = 'Kiim';
/** A code of the previous or the next 30-second step is accepted too (clock drift of the phone). */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const keyOf = (otpSecret: string) =>
  Buffer.from(hkdfSync('sha256', otpSecret, 'kiim-staff', 'totp-secret-encryption', 32));

/** Encrypts an authenticator secret for storage (`v1.<iv>.<tag>.<ciphertext>`, base64url). */
export function sealSecret(otpSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(otpSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Decrypts a stored authenticator secret. @throws Error when it was sealed with another OTP_SECRET or altered. */
export function openSecret(otpSecret: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(otpSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new authenticator secret (base32, 160 bits) and what the app scans: the otpauth URL and its QR code (SVG data URL). */
export async function newTotpSecret(email: string) {
  const secret = generateSecret({ length: 20 });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a code of the app at `now` (± one step). @param afterStep the last step accepted before: a code of that
 * step or an earlier one is refused, so a code seen over a shoulder cannot be used again.
 * @returns the code's time step when valid, else null.
 */
export async function checkTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** New recovery codes as shown (`abcde-fghjk`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored hash of a recovery code (given normalised or as shown). */
export const recoveryCodeHash = (otpSecret: string, code: string) =>
  hmac(otpSecret, `staff-recovery:${code.toLowerCase().replace(/[\s-]+/g, '')}`);
