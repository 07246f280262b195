import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCustomerListQuery,
  AdminCustomerPageResponse,
  AdminCustomerParams,
  AdminCustomerResponse,
  BlockCustomerBody,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { customerForStaff, listCustomers, setCustomerBlocked } from './customer.admin.ts';

const tag = 'admin: customers';
const listSchema = guarded(
  tag,
  'customers.read',
  'Customers',
  'Search by phone or name; 25 a page, newest first.',
  {
    querystring: AdminCustomerListQuery,
    response: { 200: AdminCustomerPageResponse, ...errors(400, 401, 403) },
  },
);
const getSchema = guarded(
  tag,
  'customers.read',
  'One customer',
  'The profile; orders via /api/admin/orders?customerId=.',
  {
    params: AdminCustomerParams,
    response: { 200: AdminCustomerResponse, ...errors(400, 401, 403, 404) },
  },
);
const blockSchema = guarded(
  tag,
  'customers.block',
  'Block a customer',
  'Revokes every token and refuses sign-in until unblocked; with a reason (staff only). Audited.',
  {
    params: AdminCustomerParams,
    body: BlockCustomerBody,
    response: { 200: AdminCustomerResponse, ...errors(400, 401, 403, 404) },
  },
);
const unblockSchema = guarded(tag, 'customers.block', 'Unblock a customer', 'Sign-in works again. Audited.', {
  params: AdminCustomerParams,
  response: { 200: AdminCustomerResponse, ...errors(400, 401, 403, 404) },
});

const staffActor = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);

/** The back office's customer routes under `/api/admin` (issue 15): list, profile, block, unblock. */
export const customerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = requirePermission('customers.read');
  const block = requirePermission('customers.block');
  app.get('/customers', { onRequest: read, schema: listSchema }, async (request) => ({
    data: await listCustomers(app.db, request.query),
  }));
  app.get('/customers/:id', { onRequest: read, schema: getSchema }, async (request) => ({
    data: { customer: await customerForStaff(app.db, request.params.id) },
  }));
  app.post('/customers/:id/block', { onRequest: block, schema: blockSchema }, async (request) => ({
    data: {
      customer: await setCustomerBlocked(app.db, request.params.id, request.body.reason, staffActor(request)),
    },
  }));
  app.post('/customers/:id/unblock', { onRequest: block, schema: unblockSchema }, async (request) => ({
    data: { customer: await setCustomerBlocked(app.db, request.params.id, null, staffActor(request)) },
  }));
};
