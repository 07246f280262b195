import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminSystem, dataOf } from '@kiim/contract';
import { requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { jobQueues, periodicJobs } from './system.repository.ts';

const systemSchema = guarded(
  'admin: system',
  'settings.manage',
  'Background work',
  'The background queues (notification outbox, refunds, 1C imports): rows waiting or under way and the age of the oldest in seconds; the periodic jobs with their last run and the process that ran it; the answering process’s KIIM_ROLE.',
  { response: { 200: dataOf(AdminSystem), ...errors(401, 403) } },
);

/** The back office's «Система» route under `/api/admin` (issue 31 §1), behind settings.manage (the owner). */
export const systemAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/system', { onRequest: requirePermission('settings.manage'), schema: systemSchema }, async () => ({
    data: {
      role: app.config.role,
      queues: await jobQueues(app.db, app.clock.now()),
      periodic: await periodicJobs(app.db),
    },
  }));
};
