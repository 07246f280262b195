import type { ColumnType, Selectable } from 'kysely';
import type { CustomerLanguage } from '@kiim/contract';

export interface CustomerTable {
  id: string;
  /** Normalised Kazakh mobile `7XXXXXXXXXX`, unique. */
  mobile: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  gender: number | null;
  birth_date: string | null;
  password_hash: string | null;
  /** The customer's language (issue 13): `ru` (default) or `kk`; SMS and emails are written in it. */
  language: ColumnType<CustomerLanguage, CustomerLanguage | undefined, CustomerLanguage>;
  created_at: string;
  updated_at: string;
}

/** Customer token: only its SHA-256 hash is stored (architecture: Identity and sessions). */
export interface CustomerTokenTable {
  id: string;
  customer_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  /** Sliding expiry: last use + 7 days, never past `absolute_expires_at`. */
  expires_at: string;
  absolute_expires_at: string;
  revoked_at: string | null;
  /** How the token was obtained: `code` (SMS sign-in, registration, recovery), `password` or `refresh`. */
  auth_method: string;
  /** Why it was revoked: `logout`, `refresh` (exchanged for a new one) or `password` (password changed). */
  revoked_reason: string | null;
  updated_at: string;
}

/** One-time SMS code, stored as an HMAC; single use, bounded attempts. */
export interface OneTimeCodeTable {
  id: string;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  client_ip: string | null;
  created_at: string;
  updated_at: string;
}

/** A failed password sign-in, counted by the per-number and per-address limits (docs/security.md). */
export interface AuthFailureTable {
  id: string;
  /** `password`. */
  kind: string;
  mobile: string;
  client_ip: string | null;
  created_at: string;
  updated_at: string;
}

export type CustomerRow = Selectable<CustomerTable>;
export type CustomerTokenRow = Selectable<CustomerTokenTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodeTable>;
