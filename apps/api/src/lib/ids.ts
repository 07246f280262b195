import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A new random UUID v4 (ids of carts, customers, orders…). */
export const newId = (): string => randomUUID();

/** 256 bits from the system's secure random source, base64url (customer tokens). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex of a string (token hashes: tokens have 256 bits of entropy, no slow hash needed). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** HMAC-SHA-256 hex with a server secret (one-time code hashes: 6 digits need a keyed hash). */
export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
