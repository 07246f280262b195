import type { Selectable } from 'kysely';
import type { SessionStage, StaffRole } from '@kiim/contract';

// Tables of the staff module (migration 20261206T100000; docs/decisions/014). Times are ISO 8601 UTC text.

/** A back-office account. Never deleted: `deactivated_at` ends its access and keeps its audit trail. */
export interface StaffMemberTable {
  id: string;
  /** Lower case, unique. */
  email: string;
  name: string;
  role: StaffRole;
  /** argon2id (lib/password.ts). */
  password_hash: string;
  /** The authenticator secret, encrypted (staff.secret-box.ts); null until two-factor is on. */
  totp_secret: string | null;
  /** A secret being enrolled (shown as a QR code, not yet confirmed with a code), encrypted. */
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused (no replay). */
  totp_last_step: number | null;
  last_sign_in_at: string | null;
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}
export type StaffMemberRow = Selectable<StaffMemberTable>;

/** A one-time recovery code: HMAC-SHA-256 with OTP_SECRET of its normalised text. */
export interface StaffRecoveryCodeTable {
  id: string;
  staff_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A staff session: only the SHA-256 of its token is stored (docs/security.md, Staff sessions). */
export interface StaffSessionTable {
  id: string;
  staff_id: string;
  token_hash: string;
  stage: SessionStage;
  /** Wrong second-factor codes given in this session (stage `second_factor`); at 5 the session is revoked. */
  failed_codes: number;
  client_ip: string | null;
  user_agent: string | null;
  last_used_at: string;
  /** Idle expiry: last use + the idle time, never past `absolute_expires_at`. */
  expires_at: string;
  absolute_expires_at: string;
  revoked_at: string | null;
  /** `sign_out`, `sign_out_everywhere`, `second_factor` (exchanged for a full session), `deactivated`… */
  revoked_reason: string | null;
  created_at: string;
  updated_at: string;
}
export type StaffSessionRow = Selectable<StaffSessionTable>;

/** An invitation: only the SHA-256 of its link's secret is stored. */
export interface StaffInvitationTable {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  token_hash: string;
  invited_by: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_staff_id: string | null;
  revoked_at: string | null;
  created_at: string;
  updated_at: string;
}
export type StaffInvitationRow = Selectable<StaffInvitationTable>;

/** A failed staff sign-in (the per-e-mail and per-address limits). */
export interface StaffAuthFailureTable {
  id: string;
  email: string;
  client_ip: string | null;
  created_at: string;
  updated_at: string;
}

/** An API key of an integration: only the SHA-256 of the key is stored. */
export interface ApiKeyTable {
  id: string;
  name: string;
  /** The key's first characters, shown to recognise it. */
  prefix: string;
  key_hash: string;
  /** JSON array of scopes (`["orders.status"]`). */
  scopes: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  updated_at: string;
}
export type ApiKeyRow = Selectable<ApiKeyTable>;
