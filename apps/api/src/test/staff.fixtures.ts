import { generate } from 'otplib';
import { expect } from 'vitest';
import type { ApiKeyScope, StaffRole } from '@kiim/contract';
import type { App } from '#app/app.ts';
import type { Db } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { hashPassword } from '#app/lib/password.ts';
import { createApiKey } from '#app/modules/staff/staff.apikeys.ts';

// Test support of the staff module: members made directly in the database, sign-in through the API, calls with the
// session cookie and the shop's Origin, and codes of an "authenticator app" at the app's clock time.

/** The shop's origin in tests (PUBLIC_URL's default): state-changing staff calls must carry it. */
export const ORIGIN = 'http://localhost:3000';
export const STAFF_PASSWORD = 'correct horse 42 battery';
let passwordHash: Promise<string> | undefined;

/** A member of `role` with {@link STAFF_PASSWORD} (no two-factor), made directly in the database. */
export async function makeMember(db: Db, role: StaffRole, email = `${role}-${newId().slice(0, 8)}@kiim.kz`) {
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const now = new Date().toISOString();
  const id = newId();
  await db
    .insertInto('staff_member')
    .values({
      ...{ id, email, name: `Сотрудник ${role}`, role, password_hash: await passwordHash },
      ...{ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null },
      ...{ last_sign_in_at: null, deactivated_at: null, created_at: now, updated_at: now },
    })
    .execute();
  return { id, email, role };
}

export type StaffResult = { status: number; body: any; cookie: string | undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The `kiim_staff` cookie an answer sets (`''` when it clears it, undefined when it does not touch it). */
function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('kiim_staff='));
  return line === undefined ? undefined : line.slice('kiim_staff='.length).split(';')[0];
}

/** A staff API call with the session cookie and the shop's Origin. */
export async function staffCall(
  app: App,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<StaffResult> {
  const res = await app.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    headers: { origin: ORIGIN, ...headers },
    cookies: cookie ? { kiim_staff: cookie } : {},
  });
  // A file download (the catalogue export) answers text; everything else JSON.
  const json = /^application\/json/.test(String(res.headers['content-type'] ?? 'application/json'));
  const body = json ? res.json() : res.body;
  return { status: res.statusCode, body, cookie: sessionCookieOf(res.headers['set-cookie']) };
}

/** Signs in with e-mail and password. @returns the session cookie and the stage. */
export async function signIn(app: App, email: string, password = STAFF_PASSWORD) {
  const r = await staffCall(app, undefined, 'POST', '/api/admin/session', { email, password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { cookie: r.cookie!, stage: r.body.data.stage as string };
}

/** A signed-in member of `role` (no two-factor, as allowed outside production). */
export async function signedInMember(app: App, db: Db, role: StaffRole) {
  const m = await makeMember(db, role);
  return { ...m, cookie: (await signIn(app, m.email)).cookie };
}

/** The code an authenticator app shows for `secret` at `at` (default: the app's clock). */
export const totpAt = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Enrols two-factor for the signed-in `cookie`. @returns the secret, recovery codes and the (possibly new) cookie. */
export async function enrolTwoFactor(app: App, cookie: string) {
  const setup = await staffCall(app, cookie, 'POST', '/api/admin/two-factor/setup');
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const enabled = await staffCall(app, cookie, 'POST', '/api/admin/two-factor/enable', {
    code: await totpAt(secret, app.clock.now()),
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, codes: enabled.body.data.codes as string[], cookie: enabled.cookie ?? cookie };
}

/** Audit entries of an action, oldest first. */
export async function auditOf(db: Db, action: string) {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    ...r,
    before: r.before_json ? JSON.parse(r.before_json) : null,
    after: r.after_json ? JSON.parse(r.after_json) : null,
  }));
}

/** A live API key with `scopes`, made by a new owner. @returns its secret (the `X-Api-Key` value) and id. */
export async function makeApiKey(db: Db, scopes: ApiKeyScope[], name = 'ERP') {
  const owner = await makeMember(db, 'owner');
  const actor = { type: 'staff' as const, id: owner.id, ip: null, at: new Date() };
  const made = await createApiKey(db, actor, { name, scopes });
  return { secret: made.secret, id: made.apiKey.id };
}
