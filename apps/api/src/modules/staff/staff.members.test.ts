import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import {
  auditOf,
  enrolTwoFactor,
  makeMember,
  signIn,
  signedInMember,
  staffCall,
} from '#app/test/staff.fixtures.ts';
import { createFirstOwner, changeRole } from './staff.members.ts';

// Staff accounts (issue 15): the first owner, invitations, roles, deactivation, two-factor reset, API keys and the
// audit log's screen — each change audited in its transaction — on SQLite and PostgreSQL.

const clock = manualClock(new Date('2026-04-06T05:00:00Z'));
const HOUR = 3_600_000;
let t: TestContext;
let owner: { id: string; email: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
  owner = await signedInMember(t.app, t.db, 'owner');
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  staffCall(t.app, cookie, method, url, body);
const tokenOf = (url: string) => url.split('#')[1]!;

describe('the first owner', () => {
  it('is made from ADMIN_EMAIL/ADMIN_PASSWORD only while no staff account exists', async () => {
    const fresh = await createTestApp({ clock, seed: false });
    try {
      const deps = { db: fresh.db, config: fresh.config };
      const made = await createFirstOwner(
        deps,
        { email: 'owner@kiim.kz', password: 'first owner pass 1' },
        clock.now(),
      );
      expect(made).toMatchObject({ email: 'owner@kiim.kz', role: 'owner' });
      expect(
        await createFirstOwner(deps, { email: 'other@kiim.kz', password: 'first owner pass 1' }, clock.now()),
      ).toBeNull();
      expect((await signIn(fresh.app, 'owner@kiim.kz', 'first owner pass 1')).stage).toBe('signed_in');
      const [entry] = await auditOf(fresh.db, 'staff.owner_created');
      expect(entry).toMatchObject({ actor_type: 'system', actor_id: null, entity_id: made!.id });
      expect(entry!.after).toMatchObject({ email: 'owner@kiim.kz', role: 'owner', active: true });
    } finally {
      await fresh.close();
    }
  });

  it('npm run admin:create-owner makes it on the configured database, once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-owner-'));
    const { DATABASE_URL: _pg, ...env } = process.env;
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/modules/staff/staff.owner.cli.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...env,
          SQLITE_PATH: path.join(dir, 'kiim.db'),
          ADMIN_EMAIL: 'cli@kiim.kz',
          ADMIN_PASSWORD: 'cli owner pass 12',
        },
      });
    try {
      expect((await run()).stdout).toContain('Владелец cli@kiim.kz создан');
      await expect(run()).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Сотрудники уже есть'),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('invitations', () => {
  it('the owner invites, the invitee sets a password and is signed in with the invited role; the link works once', async () => {
    const made = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: 'Picker@Kiim.kz',
      name: 'Айгерим',
      role: 'warehouse',
    });
    expect(made.status).toBe(200);
    expect(made.body.data.url).toMatch(/^http:\/\/localhost:3000\/admin\/invitation#[A-Za-z0-9_-]{43}$/);
    expect(made.body.data.invitation).toMatchObject({
      email: 'picker@kiim.kz',
      role: 'warehouse',
      invitedBy: 'Сотрудник owner',
    });
    const token = tokenOf(made.body.data.url);
    const stored = await t.db.selectFrom('staff_invitation').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    expect(
      (await call(owner.cookie, 'GET', '/api/admin/staff')).body.data.invitations.map(
        (i: { email: string }) => i.email,
      ),
    ).toContain('picker@kiim.kz');

    const again = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: 'picker@kiim.kz',
      name: 'А',
      role: 'manager',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.email).toBeDefined();
    const member = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: owner.email,
      name: 'А',
      role: 'manager',
    });
    expect(member.body.code).toBe(StaffErrorCode.emailTaken);

    const details = await call(undefined, 'POST', '/api/admin/invitation/lookup', { token });
    expect(details.body.data).toMatchObject({ email: 'picker@kiim.kz', name: 'Айгерим', role: 'warehouse' });
    const weak = await call(undefined, 'POST', '/api/admin/invitation/accept', {
      token,
      name: 'Айгерим',
      password: 'short1',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password[0]).toMatch(/не короче 12 символов/);
    const accepted = await call(undefined, 'POST', '/api/admin/invitation/accept', {
      token,
      name: 'Айгерим Н.',
      password: 'warehouse pass 77',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      stage: 'signed_in',
      staff: { name: 'Айгерим Н.', role: 'warehouse' },
    });
    expect((await call(accepted.cookie, 'GET', '/api/admin/staff')).status).toBe(403);
    expect(
      (
        await call(undefined, 'POST', '/api/admin/invitation/accept', {
          token,
          name: 'X',
          password: 'warehouse pass 77',
        })
      ).status,
    ).toBe(404);
    expect((await call(undefined, 'POST', '/api/admin/invitation/lookup', { token })).body.code).toBe(
      StaffErrorCode.invitationInvalid,
    );

    const newId = accepted.body.data.staff.id;
    expect((await auditOf(t.db, 'staff.invited')).at(-1)).toMatchObject({
      actor_id: owner.id,
      entity_type: 'staff_invitation',
    });
    const acceptedEntry = (await auditOf(t.db, 'staff.invitation_accepted')).at(-1)!;
    expect(acceptedEntry).toMatchObject({ actor_type: 'staff', actor_id: newId, entity_id: newId });
    expect(acceptedEntry.after).toEqual({
      email: 'picker@kiim.kz',
      name: 'Айгерим Н.',
      role: 'warehouse',
      active: true,
      twoFactor: false,
    });
  });

  it('expire after 72 hours and can be revoked', async () => {
    const a = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: 'late@kiim.kz',
      name: 'Поздний',
      role: 'manager',
    });
    const b = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: 'revoked@kiim.kz',
      name: 'Отозванный',
      role: 'catalogue',
    });
    const revoke = await call(
      owner.cookie,
      'POST',
      `/api/admin/staff/invitations/${b.body.data.invitation.id}/revoke`,
    );
    expect(revoke.status).toBe(200);
    expect(
      (await call(undefined, 'POST', '/api/admin/invitation/lookup', { token: tokenOf(b.body.data.url) }))
        .status,
    ).toBe(404);
    expect(
      (await call(owner.cookie, 'POST', `/api/admin/staff/invitations/${b.body.data.invitation.id}/revoke`))
        .status,
    ).toBe(404);
    expect((await auditOf(t.db, 'staff.invitation_revoked')).at(-1)!.before).toEqual({
      email: 'revoked@kiim.kz',
      role: 'catalogue',
    });
    clock.advance(72 * HOUR + 1000);
    const late = await call(undefined, 'POST', '/api/admin/invitation/accept', {
      token: tokenOf(a.body.data.url),
      name: 'Поздний',
      password: 'too late pass 12',
    });
    expect(late.status).toBe(404);
    owner.cookie = (await signIn(t.app, owner.email)).cookie;
    // An expired invitation does not block a new one for the same e-mail.
    const again = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: 'late@kiim.kz',
      name: 'Поздний',
      role: 'manager',
    });
    expect(again.status).toBe(200);
  });

  it('parallel invitations of one e-mail: one lands, the rest get 409 (issue 29 item 5)', async () => {
    const body = { email: 'twice@kiim.kz', name: 'Дважды', role: 'manager' };
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => call(owner.cookie, 'POST', '/api/admin/staff/invitations', body)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(14).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body).toMatchObject({ code: StaffErrorCode.emailTaken });
    const open = await t.db
      .selectFrom('staff_invitation')
      .select('id')
      .where('email', '=', body.email)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('parallel accepts of one link: one account, the rest 404, never 500 (issue 29 item 5)', async () => {
    const made = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: 'race@kiim.kz',
      name: 'Гонка',
      role: 'warehouse',
    });
    const token = tokenOf(made.body.data.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(undefined, 'POST', '/api/admin/invitation/accept', {
          token,
          name: 'Гонка',
          password: 'race condition 2026',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(404)]);
    const accounts = await t.db
      .selectFrom('staff_member')
      .select('id')
      .where('email', '=', 'race@kiim.kz')
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('refuse bad input with field errors', async () => {
    const r = await call(owner.cookie, 'POST', '/api/admin/staff/invitations', {
      email: 'x',
      name: '',
      role: 'boss',
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['email', 'name', 'role']);
    expect(
      (await call(undefined, 'POST', '/api/admin/invitation/lookup', { token: 'short' })).body.errors.token,
    ).toBeDefined();
  });
});

describe('roles and access', () => {
  it('a new role applies at the member’s next request; nobody changes their own', async () => {
    const m = await signedInMember(t.app, t.db, 'warehouse');
    expect((await call(m.cookie, 'GET', '/api/admin/audit')).status).toBe(403);
    const changed = await call(owner.cookie, 'PATCH', `/api/admin/staff/${m.id}`, { role: 'owner' });
    expect(changed.body.data).toMatchObject({ role: 'owner', active: true });
    expect((await call(m.cookie, 'GET', '/api/admin/audit')).status).toBe(200);
    const entry = (await auditOf(t.db, 'staff.role_changed')).at(-1)!;
    expect(entry).toMatchObject({
      actor_id: owner.id,
      entity_id: m.id,
      before: { role: 'warehouse' },
      after: { role: 'owner' },
    });
    const own = await call(owner.cookie, 'PATCH', `/api/admin/staff/${owner.id}`, { role: 'manager' });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe(StaffErrorCode.ownAccountOrLastOwner);
    expect(
      (await call(owner.cookie, 'PATCH', `/api/admin/staff/${m.id}`, { role: 'chief' })).body.errors.role,
    ).toBeDefined();
    expect(
      (
        await call(owner.cookie, 'PATCH', '/api/admin/staff/00000000-0000-4000-8000-000000000000', {
          role: 'manager',
        })
      ).status,
    ).toBe(404);
    await call(owner.cookie, 'PATCH', `/api/admin/staff/${m.id}`, { role: 'warehouse' });
  });

  it('never leaves the shop without an active owner', async () => {
    const fresh = await createTestApp({ clock, seed: false });
    try {
      const only = await makeMember(fresh.db, 'owner');
      const manager = await makeMember(fresh.db, 'manager');
      const actor = { type: 'staff' as const, id: manager.id, ip: null, at: clock.now() };
      await expect(
        changeRole({ db: fresh.db, config: fresh.config }, actor, only.id, 'manager'),
      ).rejects.toMatchObject({
        statusCode: 409,
        code: StaffErrorCode.ownAccountOrLastOwner,
      });
      expect(
        (
          await fresh.db
            .selectFrom('staff_member')
            .select('role')
            .where('id', '=', only.id)
            .executeTakeFirstOrThrow()
        ).role,
      ).toBe('owner');
    } finally {
      await fresh.close();
    }
  });

  it('deactivating closes every session at once and refuses sign-in; reactivating lets the member in again', async () => {
    const m = await signedInMember(t.app, t.db, 'manager');
    const second = (await signIn(t.app, m.email)).cookie;
    const off = await call(owner.cookie, 'POST', `/api/admin/staff/${m.id}/deactivate`);
    expect(off.body.data.active).toBe(false);
    expect((await call(m.cookie, 'GET', '/api/admin/session')).status).toBe(401);
    expect((await call(second, 'GET', '/api/admin/session')).status).toBe(401);
    const refused = await call(undefined, 'POST', '/api/admin/session', {
      email: m.email,
      password: 'correct horse 42 battery',
    });
    expect(refused.status).toBe(401);
    expect((await auditOf(t.db, 'staff.deactivated')).at(-1)!.after).toEqual({
      active: false,
      sessionsClosed: 2,
    });
    expect((await call(owner.cookie, 'POST', `/api/admin/staff/${owner.id}/deactivate`)).status).toBe(409);
    const on = await call(owner.cookie, 'POST', `/api/admin/staff/${m.id}/activate`);
    expect(on.body.data.active).toBe(true);
    expect((await signIn(t.app, m.email)).stage).toBe('signed_in');
    expect((await auditOf(t.db, 'staff.activated')).at(-1)).toMatchObject({
      actor_id: owner.id,
      entity_id: m.id,
    });
  });

  it('resetting a member’s two-factor turns it off and closes their sessions', async () => {
    const m = await signedInMember(t.app, t.db, 'catalogue');
    const { cookie } = await enrolTwoFactor(t.app, m.cookie);
    const reset = await call(owner.cookie, 'POST', `/api/admin/staff/${m.id}/reset-two-factor`);
    expect(reset.body.data.twoFactorEnabled).toBe(false);
    expect((await call(cookie, 'GET', '/api/admin/session')).status).toBe(401);
    expect((await signIn(t.app, m.email)).stage).toBe('signed_in');
    expect((await auditOf(t.db, 'staff.two_factor_reset')).at(-1)).toMatchObject({
      before: { twoFactor: true },
      after: { twoFactor: false, sessionsClosed: 1 },
    });
  });
});

describe('API keys', () => {
  it('are shown once, stored hashed, listed without secrets, revocable; bad input is refused', async () => {
    const made = await call(owner.cookie, 'POST', '/api/admin/api-keys', {
      name: 'ERP склада',
      scopes: ['orders.status'],
    });
    expect(made.status).toBe(200);
    const secret = made.body.data.secret as string;
    expect(secret).toMatch(/^kiim_[A-Za-z0-9_-]{43}$/);
    expect(made.body.data.apiKey).toMatchObject({
      name: 'ERP склада',
      scopes: ['orders.status'],
      prefix: secret.slice(0, 11),
      revokedAt: null,
    });
    const list = await call(owner.cookie, 'GET', '/api/admin/api-keys');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const row = await t.db
      .selectFrom('api_key')
      .selectAll()
      .where('id', '=', made.body.data.apiKey.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(11));
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['orders.delete'] },
      { name: '', scopes: ['orders.status', 'orders.status'] },
    ]) {
      const r = await call(owner.cookie, 'POST', '/api/admin/api-keys', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors, JSON.stringify(body)).toBeDefined();
    }
    const id = made.body.data.apiKey.id;
    expect((await call(owner.cookie, 'POST', `/api/admin/api-keys/${id}/revoke`)).status).toBe(200);
    expect((await call(owner.cookie, 'POST', `/api/admin/api-keys/${id}/revoke`)).status).toBe(404);
    const after = (await call(owner.cookie, 'GET', '/api/admin/api-keys')).body.data.items.find(
      (k: { id: string }) => k.id === id,
    );
    expect(after.revokedAt).not.toBeNull();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/orders/100001/status',
      headers: { 'x-api-key': secret },
      payload: { status: 'completed' },
    });
    expect(refused.statusCode).toBe(401);
    expect((await auditOf(t.db, 'apikey.created')).at(-1)).toMatchObject({
      actor_id: owner.id,
      entity_id: id,
      after: { name: 'ERP склада', scopes: ['orders.status'] },
    });
    expect((await auditOf(t.db, 'apikey.revoked')).at(-1)).toMatchObject({ entity_id: id });
  });
});

describe('the audit log', () => {
  it('is browsed newest first and filtered by actor, action, entity and time', async () => {
    const all = await call(owner.cookie, 'GET', '/api/admin/audit');
    expect(all.status).toBe(200);
    const items = all.body.data.items as {
      at: string;
      action: string;
      actor: { id: string; label: string };
    }[];
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    const byOwner = await call(
      owner.cookie,
      'GET',
      `/api/admin/audit?actorType=staff&actorId=${owner.id}&action=staff.role_changed`,
    );
    expect(byOwner.body.data.items.length).toBeGreaterThan(0);
    for (const e of byOwner.body.data.items) {
      expect(e).toMatchObject({
        action: 'staff.role_changed',
        actor: { type: 'staff', id: owner.id, label: `Сотрудник owner (${owner.email})` },
      });
    }
    const keys = await call(owner.cookie, 'GET', '/api/admin/audit?entityType=api_key');
    expect(keys.body.data.items.every((e: { entity: { type: string } }) => e.entity.type === 'api_key')).toBe(
      true,
    );
    const future = await call(
      owner.cookie,
      'GET',
      `/api/admin/audit?from=${encodeURIComponent(new Date(clock.now().getTime() + HOUR).toISOString())}`,
    );
    expect(future.body.data).toMatchObject({ items: [], total: 0, pageCount: 1 });
    const past = await call(owner.cookie, 'GET', `/api/admin/audit?to=2026-04-06T05:00:00Z`);
    expect(past.body.data.total).toBe(0);
    const bad = await call(owner.cookie, 'GET', '/api/admin/audit?from=yesterday&page=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'page']);
    const filters = await call(owner.cookie, 'GET', '/api/admin/audit/filters');
    expect(filters.body.data.actions).toEqual(
      expect.arrayContaining(['staff.invited', 'staff.role_changed', 'apikey.created']),
    );
    expect(filters.body.data.actors).toContainEqual({
      type: 'staff',
      id: owner.id,
      label: `Сотрудник owner (${owner.email})`,
    });
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const before = await t.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(t.db.updateTable('audit_log').set({ action: 'forged' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await t.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
