import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  KaspiFeedMappingInput,
  KaspiFeedMarkInput,
  KaspiFeedReserveInput,
  KaspiFeedSettingsInput,
  KaspiFeedState,
  dataOf,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded, ok } from '#app/modules/staff/staff.routes.common.ts';
import * as feed from './kaspi.feed.settings.ts';

const tag = 'admin: kaspi';
const PERMISSION = 'catalogue.edit';
const Ok = dataOf(z.object({ ok: z.literal(true) }));

const s = {
  state: guarded(tag, PERMISSION, 'Kaspi feed: state', 'Settings, mapping, marked SKUs, last build.', {
    response: { 200: dataOf(KaspiFeedState), ...errors(401, 403) },
  }),
  settings: guarded(tag, PERMISSION, 'Kaspi feed: settings', 'Company, merchant, URL secret. Audited.', {
    body: KaspiFeedSettingsInput,
    response: { 200: Ok, ...errors(400, 401, 403) },
  }),
  mapping: guarded(tag, PERMISSION, 'Kaspi feed: stores and cities', 'Replaces the mapping. Audited.', {
    body: KaspiFeedMappingInput,
    response: { 200: Ok, ...errors(400, 401, 403) },
  }),
  mark: guarded(tag, PERMISSION, 'Kaspi feed: mark SKUs', 'By category, brand or ids. Audited.', {
    body: KaspiFeedMarkInput,
    response: { 200: dataOf(z.object({ changed: z.number().int() })), ...errors(400, 401, 403) },
  }),
  reserve: guarded(tag, PERMISSION, 'Kaspi feed: reserve', 'One SKU in one store. Audited. 404.', {
    body: KaspiFeedReserveInput,
    response: { 200: Ok, ...errors(400, 401, 403, 404) },
  }),
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The Kaspi feed's staff API (issue 33 Part B item 7, docs/decisions/063) under `/api/admin/kaspi/feed`, with
 * `catalogue.edit`: state (GET), settings (PUT `/settings`), mapping (PUT `/mapping`), marks (POST `/marks`),
 * reserve (PUT `/reserve`).
 */
export const kaspiFeedAdminRoutes: FastifyPluginAsyncZod = async (app: App) => {
  const db = app.db;
  const edit = requirePermission(PERMISSION);
  const actorOf = (request: Parameters<typeof currentStaff>[0]) =>
    requestActor(request, 'staff', currentStaff(request).id);
  app.get('/kaspi/feed', { onRequest: edit, schema: s.state }, async () => ({
    data: await feed.feedState(db, {
      payMode: app.config.kaspi.mode,
      shopMode: app.config.kaspiShop.mode,
    }),
  }));
  app.put('/kaspi/feed/settings', { onRequest: edit, schema: s.settings }, async (request) => {
    await feed.saveFeedSettings(db, request.body, actorOf(request));
    return ok;
  });
  app.put('/kaspi/feed/mapping', { onRequest: edit, schema: s.mapping }, async (request) => {
    await feed.saveFeedMapping(db, request.body, actorOf(request));
    return ok;
  });
  app.post('/kaspi/feed/marks', { onRequest: edit, schema: s.mark }, async (request) => ({
    data: await feed.markFeedSkus(db, request.body, actorOf(request)),
  }));
  app.put('/kaspi/feed/reserve', { onRequest: edit, schema: s.reserve }, async (request) => {
    await feed.saveFeedReserve(db, request.body, actorOf(request));
    return ok;
  });
};
