import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminReceiptListResponse,
  AdminReceiptQuery,
  AdminReceiptResponse,
  AdminShiftClosedResponse,
  ReceiptIdParams,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { closeShiftByStaff, listReceiptsForStaff, retryReceipt, type FiscalMode } from './fiscal.admin.ts';

const tag = 'admin: fiscal receipts';

const listSchema = guarded(
  tag,
  'fiscal.read',
  'Fiscal receipts («Чеки»)',
  'The newest 100 receipts of the fiscal queue (all states, or `status` pending | sending | done | failed): order number, sale or return, total in tenge, fiscal number, shift, the OFD link, the last error; the FISCAL_PROVIDER mode and whether this is production; the cash register’s shift as last seen.',
  { querystring: AdminReceiptQuery, response: { 200: AdminReceiptListResponse, ...errors(400, 401, 403) } },
);
const retrySchema = guarded(
  tag,
  'fiscal.manage',
  'Retry a failed receipt',
  'Puts a failed receipt back in the queue; the worker looks it up by its number at the provider before sending, so it is never issued twice. Audited `fiscal.retry`. 404 for an unknown id; 409 code 4031 when it is not failed.',
  { params: ReceiptIdParams, response: { 200: AdminReceiptResponse, ...errors(400, 401, 403, 404, 409) } },
);
const closeSchema = guarded(
  tag,
  'fiscal.manage',
  'Close the cash register’s shift (Z-report)',
  'Closes the open shift now; `closedShift` null when none was open. Audited `fiscal.shift_closed`. 409 code 4032 when fiscalisation is off or a worker is sending receipts right now; 502 code 4033 when the provider failed.',
  { response: { 200: AdminShiftClosedResponse, ...errors(401, 403, 409, 502) } },
);

/**
 * The back office's «Чеки» routes under `/api/admin` (issue 32 §5, docs/decisions/048): reading behind fiscal.read
 * (owner, manager), retry and Z-report behind fiscal.manage (owner).
 */
export const fiscalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const mode = (): FiscalMode => ({
    provider: app.config.fiscal.provider,
    production: app.config.env === 'production',
    cashbox: app.config.fiscal.cashbox,
  });
  app.get(
    '/fiscal/receipts',
    { onRequest: requirePermission('fiscal.read'), schema: listSchema },
    async (request) => ({
      data: await listReceiptsForStaff(app.db, mode(), request.query),
    }),
  );
  app.post(
    '/fiscal/receipts/:id/retry',
    { onRequest: requirePermission('fiscal.manage'), schema: retrySchema },
    async (request) => {
      const actor = requestActor(request, 'staff', currentStaff(request).id);
      return { data: { receipt: await retryReceipt(app.db, request.params.id, actor) } };
    },
  );
  app.post(
    '/fiscal/shift/close',
    { onRequest: requirePermission('fiscal.manage'), schema: closeSchema },
    async (request) => {
      const actor = requestActor(request, 'staff', currentStaff(request).id);
      const deps = app.fiscal ? { db: app.db, provider: app.fiscal, log: app.log, clock: app.clock } : null;
      return { data: await closeShiftByStaff(deps, app.config.fiscal.cashbox, actor) };
    },
  );
};
