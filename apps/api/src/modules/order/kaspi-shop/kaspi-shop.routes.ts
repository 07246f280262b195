import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminKaspiActionBody,
  AdminOrderResponse,
  KaspiShopPollStatusResponse,
  OrderNumberParams,
  type KaspiShopAction,
  type Permission,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { runKaspiAction } from './kaspi-shop.actions.ts';
import { POLL_NAME } from './kaspi-shop.poll.ts';
import { findPoll } from './kaspi-shop.repository.ts';

const tag = 'admin: orders';

/** Each action with the permission it needs and what it does (issue 33 item 6). */
const ACTIONS: { action: KaspiShopAction; permission: Permission; summary: string; description: string }[] = [
  {
    action: 'accept',
    permission: 'orders.update',
    summary: 'Accept a Kaspi order',
    description: 'Tells Kaspi the shop takes the order (ACCEPTED_BY_MERCHANT).',
  },
  {
    action: 'send-code',
    permission: 'orders.handover',
    summary: 'Text the Kaspi buyer the handover code',
    description: 'Kaspi texts the buyer a code (`X-Send-Code: true`); the buyer tells it at handover.',
  },
  {
    action: 'complete',
    permission: 'orders.handover',
    summary: 'Hand over a Kaspi order with the buyer’s code',
    description: 'Completes the order at Kaspi with `securityCode` (422 4064 wrong code), then here.',
  },
  {
    action: 'cancel',
    permission: 'orders.cancel',
    summary: 'Cancel a Kaspi order',
    description:
      'With one of Kaspi’s three `reason`s; the order is cancelled here and its units go back to stock.',
  },
];

const pollSchema = guarded(
  tag,
  'orders.read',
  'Kaspi Магазин import state',
  'Whether the importer is on, its last poll and success, the creation window last read, the last error.',
  { response: { 200: KaspiShopPollStatusResponse, ...errors(401, 403) } },
);

/** Who acts: the signed-in staff member, from the request's address, at the app's clock time. */
const staffActor = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);

/**
 * Kaspi Магазин routes under `/api/admin` (issue 33 item 6, decision 064): `POST /orders/:number/kaspi/<action>`
 * (accept, send-code, complete, cancel; body `{version, securityCode?, reason?}`; the order page as answer; audited)
 * and `GET /kaspi-shop/poll` (the importer's state).
 */
export const kaspiShopAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = orderDeps(app);
  for (const a of ACTIONS) {
    const schema = guarded(
      tag,
      a.permission,
      a.summary,
      `${a.description} Send the \`version\` you saw (409 4016 when changed). Kaspi refusing: 502 4063, nothing changed.`,
      {
        params: OrderNumberParams,
        body: AdminKaspiActionBody,
        response: { 200: AdminOrderResponse, ...errors(400, 401, 403, 404, 409, 422, 502) },
      },
    );
    app.post(
      `/orders/:number/kaspi/${a.action}`,
      { onRequest: requirePermission(a.permission), schema },
      async (request) => ({
        data: {
          order: await runKaspiAction(
            deps,
            app.kaspiShop,
            request.params.number,
            a.action,
            request.body,
            staffActor(request),
          ),
        },
      }),
    );
  }
  app.get(
    '/kaspi-shop/poll',
    { onRequest: requirePermission('orders.read'), schema: pollSchema },
    async () => {
      const row = await findPoll(app.db, POLL_NAME);
      const iso = (ms: string | null | undefined) => (ms ? new Date(Number(ms)).toISOString() : null);
      return {
        data: {
          mode: app.config.kaspiShop.mode,
          lastPollAt: row?.last_poll_at ?? null,
          lastSuccessAt: row?.last_success_at ?? null,
          windowFrom: iso(row?.window_from),
          windowTo: iso(row?.window_to),
          lastError: row?.last_error ?? null,
          imported: Number(row?.imported ?? 0),
        },
      };
    },
  );
};
