import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { issueToken } from './customer.token.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// The back office's customers (issue 15) on both databases: search by phone and name, the profile with the order
// count, block (tokens revoked, sign-in refused, audited) and unblock; the warehouse may not see customers.

let t: TestContext;
let fx: ReturnType<typeof orderFixtures>;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  fx = orderFixtures(t);
  manager = (await signedInMember(t.app, t.db, 'manager')).cookie;
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/customer/get-customer-by-token',
    headers: { 'x-authorization': token },
  });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('the back office’s customers', () => {
  it('finds customers by phone digits and by name, and shows a profile with the order count', async () => {
    const c = await fx.newCustomer({ name: 'Меруерт' });
    const byPhone = await staffCall(t.app, manager, 'GET', `/api/admin/customers?q=${c.mobile.slice(-7)}`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    const byName = await staffCall(
      t.app,
      manager,
      'GET',
      `/api/admin/customers?q=${encodeURIComponent('Меруерт')}`,
    );
    expect(byName.body.data.items.map((i: { id: string }) => i.id)).toContain(c.id);
    // Any letter case, Cyrillic included (SQLite's own LIKE folds Latin letters only).
    for (const typed of ['меруерт', 'МЕРУЕРТ', 'еруе']) {
      const r = await staffCall(t.app, manager, 'GET', `/api/admin/customers?q=${encodeURIComponent(typed)}`);
      expect(
        r.body.data.items.map((i: { id: string }) => i.id),
        typed,
      ).toContain(c.id);
    }
    const profile = await staffCall(t.app, manager, 'GET', `/api/admin/customers/${c.id}`);
    expect(profile.body.data.customer).toMatchObject({
      id: c.id,
      mobile: c.mobile,
      orderCount: 0,
      blockedAt: null,
    });
    const missing = await staffCall(
      t.app,
      manager,
      'GET',
      '/api/admin/customers/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });

  it('blocking revokes the tokens and refuses sign-in until unblocked; both audited', async () => {
    const made = await fx.newCustomer({ name: 'Ерлан' });
    // A mobile of a real Kazakh operator range, so the SMS sign-in accepts it (the fixture's numbers are random).
    const c = { ...made, mobile: '77015550123' };
    await t.db.updateTable('customer').set({ mobile: c.mobile }).where('id', '=', c.id).execute();
    expect((await me(c.token)).statusCode).toBe(200);
    const noReason = await staffCall(t.app, manager, 'POST', `/api/admin/customers/${c.id}/block`, {});
    expect(noReason.status).toBe(400);
    const blocked = await staffCall(t.app, manager, 'POST', `/api/admin/customers/${c.id}/block`, {
      reason: 'Мошеннические заказы',
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body.data.customer.blockedReason).toBe('Мошеннические заказы');
    expect((await me(c.token)).statusCode).toBe(403);
    // A blocked number gets no code at all (issue 35 §7): the refusal comes before any SMS is sent.
    const texts = () =>
      t.db.selectFrom('sms_message').select('text').where('mobile', '=', c.mobile).execute();
    const before = (await texts()).length;
    const refused = await post('/api/customer/auth-by-mobile', { mobile: c.mobile });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Вход в аккаунт ограничен. Пожалуйста, позвоните в службу поддержки Kiim',
    );
    expect((await texts()).length).toBe(before);
    const entry = (await auditOf(t.db, 'customer.blocked')).find((e) => e.entity_id === c.id)!;
    expect(entry.after).toMatchObject({ blocked: true, tokensRevoked: 1 });

    const unblocked = await staffCall(t.app, manager, 'POST', `/api/admin/customers/${c.id}/unblock`, {});
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.data.customer.blockedAt).toBeNull();
    // A new sign-in issues a token again (the SMS resend interval aside).
    const fresh = await issueToken(t.db, c.id, new Date());
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await auditOf(t.db, 'customer.unblocked')).map((e) => e.entity_id)).toContain(c.id);
  });

  it('is closed to the warehouse (403) and refuses a bad id with 400', async () => {
    const warehouse = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
    const r = await staffCall(t.app, warehouse, 'GET', '/api/admin/customers');
    expect(r.status).toBe(403);
    const bad = await staffCall(t.app, manager, 'GET', '/api/admin/customers/nope');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.validation);
  });
});
