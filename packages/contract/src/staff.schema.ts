import { z } from 'zod';
import { Uuid } from './common.schema.ts';
import { EmailInput, PasswordInput } from './customer.schema.ts';
import { API_KEY_SCOPE_NAMES, PERMISSION_NAMES, STAFF_ROLES } from './staff.permissions.ts';

/**
 * The back office's API (`/api/admin/*`, issue 15): staff sign-in with two-factor, sessions, staff accounts and
 * invitations, API keys for integrations, the audit log. Field rules and their Russian messages live here, so the
 * API and the back office's forms say the same.
 */

/** Error codes of the back office (7xxx). */
export const StaffErrorCode = {
  /** 401: wrong e-mail or password (the same for an unknown or deactivated account). */
  invalidCredentials: 7001,
  /** 401: no staff session (or it expired, was signed out or revoked). */
  signedOut: 7002,
  /** 403: the member's role lacks the route's permission. */
  permissionDenied: 7003,
  /** 403: two-factor is required (production) and not yet set up: only its enrolment is open. */
  twoFactorRequired: 7004,
  /** 400 (field `code`/`recoveryCode`): wrong, reused or expired authenticator or recovery code. */
  invalidSecondFactor: 7005,
  /** 403: a state-changing request from another site (Origin check). */
  crossSiteRequest: 7006,
  /** 404: the invitation link is unknown, expired, already used or revoked. */
  invitationInvalid: 7007,
  /** 409 (field `email`): a member or a pending invitation already has this e-mail. */
  emailTaken: 7008,
  /** 409: the change would leave the shop without an active owner, or touches the member's own account. */
  ownAccountOrLastOwner: 7009,
  /** 409: two-factor is already on / not set up / may not be turned off (required in production). */
  twoFactorState: 7010,
  /** 404: no such staff member, invitation or API key. */
  staffNotFound: 7011,
  /** 401: missing, unknown or revoked API key (`X-Api-Key`). */
  apiKeyInvalid: 7012,
  /** 403: the API key lacks the route's scope. */
  apiKeyScope: 7013,
} as const;

/** A member's display name: 1–100 characters. */
export const StaffName = z
  .string({ message: 'Укажите имя' })
  .trim()
  .min(1, { message: 'Укажите имя' })
  .max(100, { message: 'Имя должно быть не длиннее 100 символов' });

/** Staff passwords are longer than shoppers': 12–128 characters with a letter and a digit (docs/security.md). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_RULE =
  'Пароль сотрудника должен быть не короче 12 символов и содержать хотя бы одну букву и одну цифру';
export const StaffNewPassword = z
  .string({ message: 'Придумайте пароль' })
  .min(1, { message: 'Придумайте пароль' })
  .min(STAFF_PASSWORD_MIN_LENGTH, { message: STAFF_PASSWORD_RULE })
  .max(128, { message: 'Пароль должен быть не длиннее 128 символов' })
  .regex(/\p{L}/u, { message: STAFF_PASSWORD_RULE })
  .regex(/\p{Nd}/u, { message: STAFF_PASSWORD_RULE });

export const StaffRoleInput = z.enum(STAFF_ROLES, { message: 'Выберите роль' });
export const PermissionName = z.enum(PERMISSION_NAMES);

/** A code of the authenticator app: 6 digits (spaces typed between them are dropped). */
export const TotpCode = z
  .string({ message: 'Введите код из приложения' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Код из приложения состоит из 6 цифр' }));

/** A recovery code as shown (`abcde-fghij`); case, spaces and dashes are not significant. */
export const RecoveryCodeInput = z
  .string({ message: 'Введите резервный код' })
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(
    z.string().regex(/^[a-z2-9]{10}$/, { message: 'Резервный код — 10 букв и цифр, например abcde-23456' }),
  );

/** Body of `POST /api/admin/session`: step one of signing in. */
export const StaffSignInBody = z.object({ email: EmailInput, password: PasswordInput }).strict();
export type StaffSignInBody = z.infer<typeof StaffSignInBody>;

/** Body of `POST /api/admin/session/second-factor`: a code of the app, or one recovery code. */
export const SecondFactorBody = z
  .object({ code: TotpCode.optional(), recoveryCode: RecoveryCodeInput.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.code === undefined) === (v.recoveryCode === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'Введите код из приложения или резервный код',
      });
  });
export type SecondFactorBody = z.infer<typeof SecondFactorBody>;

/** The signed-in member as the back office sees themselves. */
export const StaffMe = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  role: StaffRoleInput,
  permissions: z.array(PermissionName),
  twoFactorEnabled: z.boolean(),
  /** Whether this shop requires two-factor (production). */
  twoFactorRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type StaffMe = z.infer<typeof StaffMe>;

/**
 * Where a session stands: `second_factor` — the password was right, the code of the app is awaited;
 * `enrolment` — signed in, but two-factor must be set up before anything else (production);
 * `signed_in` — a full session.
 */
export const SessionStage = z.enum(['second_factor', 'enrolment', 'signed_in']);
export type SessionStage = z.infer<typeof SessionStage>;
export const StaffSessionState = z.object({ stage: SessionStage, staff: StaffMe.nullable() });
export type StaffSessionState = z.infer<typeof StaffSessionState>;

export const Ok = z.object({ ok: z.literal(true) });

/** A new authenticator secret to scan: the QR code as an SVG data URL (made on the server, nothing fetched). */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
export const TotpCodeBody = z.object({ code: TotpCode }).strict();
/** Recovery codes, shown once. */
export const RecoveryCodes = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
/** Answer of turning two-factor on: the recovery codes (once) and the new session's state. */
export const TwoFactorEnabled = RecoveryCodes.extend({ session: StaffSessionState });
export type TwoFactorEnabled = z.infer<typeof TwoFactorEnabled>;

/** Body of `POST /api/admin/password`. */
export const StaffChangePasswordBody = z
  .object({ currentPassword: PasswordInput, newPassword: StaffNewPassword })
  .strict();

/** A staff account as the owner sees it. */
export const StaffMember = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  role: StaffRoleInput,
  active: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** A pending invitation (its link is shown once, when it is made). */
export const StaffInvitation = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  role: StaffRoleInput,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;

export const StaffList = z.object({ members: z.array(StaffMember), invitations: z.array(StaffInvitation) });
export type StaffList = z.infer<typeof StaffList>;

/** Body of `POST /api/admin/staff/invitations`. */
export const InviteStaffBody = z
  .object({ email: EmailInput, name: StaffName, role: StaffRoleInput })
  .strict();
export type InviteStaffBody = z.infer<typeof InviteStaffBody>;
/** The invitation and its one-time link (`/admin/invitation#<token>`), shown to the owner once. */
export const InvitationCreated = z.object({ invitation: StaffInvitation, url: z.string() });
export type InvitationCreated = z.infer<typeof InvitationCreated>;

/** The secret of an invitation link (what follows `#`). */
export const InvitationToken = z
  .string({ message: 'Ссылка приглашения неполная' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Ссылка приглашения неполная' });
export const InvitationTokenBody = z.object({ token: InvitationToken }).strict();
/** What an invitee sees before accepting. */
export const InvitationDetails = z.object({
  email: z.string(),
  name: z.string(),
  role: StaffRoleInput,
  expiresAt: z.string(),
});
export type InvitationDetails = z.infer<typeof InvitationDetails>;
/** Body of `POST /api/admin/invitation/accept`: the link's secret, the name as it should show, a password. */
export const AcceptInvitationBody = z
  .object({ token: InvitationToken, name: StaffName, password: StaffNewPassword })
  .strict();
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const StaffIdParams = z.object({ id: Uuid }).strict();
/** Body of `PATCH /api/admin/staff/{id}`. */
export const UpdateStaffBody = z.object({ role: StaffRoleInput }).strict();

export const ApiKeyScopeName = z.enum(API_KEY_SCOPE_NAMES, { message: 'Неизвестная область доступа' });
/** An API key as listed (never its secret). */
export const ApiKey = z.object({
  id: Uuid,
  name: z.string(),
  /** The key's first characters, to recognise it (`kiim_3f9a2c…`). */
  prefix: z.string(),
  scopes: z.array(ApiKeyScopeName),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeyList = z.object({ items: z.array(ApiKey) });
/** Body of `POST /api/admin/api-keys`. */
export const CreateApiKeyBody = z
  .object({
    name: z
      .string({ message: 'Назовите ключ' })
      .trim()
      .min(1, { message: 'Назовите ключ' })
      .max(100, { message: 'Не длиннее 100 символов' }),
    scopes: z
      .array(ApiKeyScopeName, { message: 'Выберите хотя бы одну область доступа' })
      .min(1, { message: 'Выберите хотя бы одну область доступа' })
      .max(API_KEY_SCOPE_NAMES.length)
      .refine((s) => new Set(s).size === s.length, { message: 'Области доступа повторяются' }),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;
/** A new key and its secret, shown once. */
export const ApiKeyCreated = z.object({ apiKey: ApiKey, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const AUDIT_ACTOR_TYPES = ['staff', 'api_key', 'system'] as const;
export const AuditActorType = z.enum(AUDIT_ACTOR_TYPES);
const Slug = z
  .string()
  .trim()
  .max(64, { message: 'Не длиннее 64 символов' })
  .regex(/^[a-z_.]+$/, { message: 'Только латинские строчные буквы, точка и подчёркивание' });
const Instant = z.iso.datetime({ offset: true, message: 'Дата и время в формате ISO 8601' });

/** Query of `GET /api/admin/audit`: filters and the page (50 entries, newest first). */
export const AuditQuery = z
  .object({
    actorType: AuditActorType.optional(),
    actorId: z.string().trim().max(64).optional(),
    action: Slug.optional(),
    entityType: Slug.optional(),
    entityId: z.string().trim().max(64).optional(),
    from: Instant.optional(),
    to: Instant.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

/** Who did it: a member, an API key, or the shop itself (start-up). `label` is their name at the time of reading. */
export const AuditActor = z.object({ type: AuditActorType, id: z.string().nullable(), label: z.string() });
export type AuditActor = z.infer<typeof AuditActor>;
/** One entry of the append-only audit log: who, when, from which address, what, on what, before → after. */
export const AuditEntry = z.object({
  id: Uuid,
  at: z.string(),
  actor: AuditActor,
  clientIp: z.string().nullable(),
  action: z.string(),
  entity: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AUDIT_PAGE_SIZE = 50;
export const AuditPage = z.object({
  items: z.array(AuditEntry),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;
/** What the audit screen's filters offer: the actors, actions and entity types present in the log. */
export const AuditFilters = z.object({
  actors: z.array(AuditActor),
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
});
export type AuditFilters = z.infer<typeof AuditFilters>;
