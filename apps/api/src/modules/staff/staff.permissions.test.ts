import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSION_NAMES,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  StaffErrorCode,
  roleCan,
  type StaffRole,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { guardStaffRoutes, requirePermission } from './staff.auth.ts';

// The permission matrix (issue 15): every role × every registered /api/admin route → allowed or 403. The routes come
// from the app itself (`app.staffRoutes`, filled at registration), so a route added later by any module is walked
// too; a route that declares no access cannot even be registered.

let t: TestContext;
const cookies = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  for (const role of STAFF_ROLES) cookies[role] = (await signedInMember(t.app, t.db, role)).cookie;
});
afterAll(async () => {
  await t?.close();
});

/**
 * Routes open without a permission: signing in, the member's own session, two-factor and password, invitation
 * links. A new route of this kind must be added here on purpose; every other route needs a permission.
 */
const SELF_SERVICE = [
  'POST /api/admin/session',
  'GET /api/admin/session',
  'POST /api/admin/session/second-factor',
  'POST /api/admin/session/sign-out',
  'POST /api/admin/session/sign-out-everywhere',
  'POST /api/admin/password',
  'POST /api/admin/two-factor/setup',
  'POST /api/admin/two-factor/enable',
  'POST /api/admin/two-factor/recovery-codes',
  'POST /api/admin/two-factor/disable',
  'POST /api/admin/invitation/lookup',
  'POST /api/admin/invitation/accept',
];

/** A URL of the route with its parameters filled with well-formed values of nothing that exists. */
const concrete = (url: string) =>
  url.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:(\w+)/g, '999999');

describe('the permission matrix', () => {
  it('knows the routes of the back office', () => {
    const urls = t.app.staffRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /api/admin/staff', 'GET /api/admin/audit', 'POST /api/admin/api-keys']),
    );
  });

  it('opens only the listed self-service routes without a permission', () => {
    const open = t.app.staffRoutes
      .filter((r) => r.access.kind !== 'permission')
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...SELF_SERVICE].sort());
  });

  it('each role × each route: allowed exactly when the role has the route’s permission, else 403', async () => {
    const guarded = t.app.staffRoutes.filter((r) => r.access.kind === 'permission');
    expect(guarded.length).toBeGreaterThanOrEqual(11);
    const seen: string[] = [];
    for (const route of guarded) {
      const permission = route.access.kind === 'permission' ? route.access.permission : null;
      for (const role of STAFF_ROLES) {
        const label = `${role} ${route.method} ${route.url} (${permission})`;
        const payload = route.method === 'GET' ? undefined : {};
        const r = await staffCall(t.app, cookies[role], route.method as 'GET', concrete(route.url), payload);
        if (roleCan(role, permission!)) {
          expect(r.status, label).not.toBe(401);
          expect(r.body.code, label).not.toBe(StaffErrorCode.permissionDenied);
          expect(r.status, label).toBeLessThan(500);
        } else {
          expect(r.status, label).toBe(403);
          expect(r.body.code, label).toBe(StaffErrorCode.permissionDenied);
        }
        seen.push(`${role}:${permission}`);
      }
      const anonymous = await staffCall(
        t.app,
        undefined,
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(anonymous.status, `anonymous ${route.method} ${route.url}`).toBe(401);
    }
    expect(seen.length).toBe(guarded.length * STAFF_ROLES.length);
  });

  it('gives the owner everything and each other role its own areas', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSION_NAMES);
    for (const p of [
      'orders.read',
      'orders.update',
      'orders.handover',
      'orders.cancel',
      'customers.read',
      'customers.block',
      'reviews.moderate',
      'content.edit',
      'notifications.manage',
      'catalogue.edit',
      'stock.edit',
      'staff.manage',
      'apikeys.manage',
      'audit.read',
      'settings.manage',
    ] as const) {
      expect(PERMISSION_NAMES).toContain(p);
    }
    expect(ROLE_PERMISSIONS.warehouse).toEqual([
      'orders.read',
      'orders.update',
      'orders.handover',
      'stock.edit',
    ]);
    expect(roleCan('manager', 'staff.manage')).toBe(false);
    expect(roleCan('catalogue', 'orders.read')).toBe(false);
    expect(roleCan('warehouse', 'orders.cancel')).toBe(false);
    expect(roleCan('manager', 'notifications.manage')).toBe(true);
    expect(roleCan('warehouse', 'notifications.manage')).toBe(false);
    expect(roleCan('catalogue', 'notifications.manage')).toBe(false);
    // Fiscal receipts (issue 32 §5): owner and manager read; only the owner retries and closes the shift.
    expect(STAFF_ROLES.filter((r) => roleCan(r, 'fiscal.read'))).toEqual(['owner', 'manager']);
    expect(STAFF_ROLES.filter((r) => roleCan(r, 'fiscal.manage'))).toEqual(['owner']);
  });

  it('lists every staff route in the OpenAPI document, with the session cookie as its security where one is needed', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    };
    for (const route of t.app.staffRoutes) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      expect(op!.tags?.[0], route.url).toMatch(/^admin: /);
      if (route.access.kind === 'permission') expect(op!.security, route.url).toEqual([{ staffSession: [] }]);
    }
  });

  it('a route under /api/admin without a declared access cannot be registered', async () => {
    const app = Fastify({ logger: false });
    await app.register(cookie);
    guardStaffRoutes(app);
    expect(() => app.get('/api/admin/forgotten', async () => ({ ok: true }))).toThrow(
      /GET \/api\/admin\/forgotten declares no staff access/,
    );
    await app.close();
    const fine = Fastify({ logger: false });
    guardStaffRoutes(fine);
    fine.get('/api/admin/declared', { onRequest: requirePermission('audit.read') }, async () => ({
      ok: true,
    }));
    fine.get('/api/elsewhere', async () => ({ ok: true }));
    await fine.ready();
    expect(fine.staffRoutes).toEqual([
      { method: 'GET', url: '/api/admin/declared', access: { kind: 'permission', permission: 'audit.read' } },
    ]);
    await fine.close();
  });
});
