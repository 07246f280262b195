import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffKeysRoutes } from './staff.keys.routes.ts';
import { staffManageRoutes } from './staff.manage.routes.ts';
import { staffSecurityRoutes } from './staff.security.routes.ts';
import { staffSessionRoutes } from './staff.session.routes.ts';

/**
 * The staff API under `/api/admin` (issue 15): signing in and out and invitation links, the member's own password
 * and two-factor, staff accounts, API keys and the audit log. Every route declares its access (staff.auth.ts); app.ts
 * registers `guardStaffRoutes` first, so an undeclared `/api/admin` route — of this module or any other — stops the
 * app.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };
  await app.register(staffSessionRoutes, { deps });
  await app.register(staffSecurityRoutes, { deps });
  await app.register(staffManageRoutes, { deps });
  await app.register(staffKeysRoutes, { deps });
};
