import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContentListItem,
  AdminContentPage,
  AdminContentPageBody,
  ContentPageParams,
  ContentPart,
  ContentPreviewBody,
  ContentQuery,
  dataOf,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { listPagesForStaff, pageForStaff, previewPage, savePageAsStaff } from './content.admin.ts';
import type { RenderValues } from './content.render.ts';
import { sellerDetails } from './content.routes.ts';

const tag = 'admin: content';
const PERMISSION = 'content.edit';
const listSchema = guarded(
  tag,
  PERMISSION,
  'Information pages',
  'Every page by slug, published or not, in the language asked (`locale`, `ru` or `kk`; else in the one it has), with the state of each language.',
  {
    querystring: ContentQuery,
    response: { 200: dataOf(z.object({ items: z.array(AdminContentListItem) })), ...errors(400, 401, 403) },
  },
);
const getSchema = guarded(
  tag,
  PERMISSION,
  'One page’s source',
  'Markdown, title, description, state, in `locale` (404 when that language is not written yet).',
  {
    params: ContentPageParams,
    querystring: ContentQuery,
    response: { 200: dataOf(z.object({ page: AdminContentPage })), ...errors(400, 401, 403, 404) },
  },
);
const putSchema = guarded(
  tag,
  PERMISSION,
  'Save a page',
  'Creates or replaces the page’s text in `locale` (`ru` default, `kk`); `published` shows or hides it on the storefront at once. Audited.',
  {
    params: ContentPageParams,
    querystring: ContentQuery,
    body: AdminContentPageBody,
    response: { 200: dataOf(z.object({ page: AdminContentPage })), ...errors(400, 401, 403) },
  },
);
const previewSchema = guarded(
  tag,
  PERMISSION,
  'Preview Markdown',
  'Rendered as the storefront renders pages.',
  {
    body: ContentPreviewBody,
    response: { 200: dataOf(z.object({ parts: z.array(ContentPart) })), ...errors(400, 401, 403) },
  },
);

const staffActor = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);

/** The content editor's routes under `/api/admin` (issue 15), each behind content.edit (owner, manager). */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const edit = requirePermission(PERMISSION);
  const values: RenderValues = {
    seller: sellerDetails(app.config),
    shop: { url: app.config.publicUrl, paymentWindowMinutes: app.config.payments.paymentWindowMinutes },
  };
  app.get('/content/pages', { onRequest: edit, schema: listSchema }, async (request) => ({
    data: { items: await listPagesForStaff(app.db, request.query.locale) },
  }));
  app.get('/content/pages/:slug', { onRequest: edit, schema: getSchema }, async (request) => ({
    data: { page: await pageForStaff(app.db, request.params.slug, request.query.locale) },
  }));
  app.put('/content/pages/:slug', { onRequest: edit, schema: putSchema }, async (request) => ({
    data: {
      page: await savePageAsStaff(
        app.db,
        request.params.slug,
        request.query.locale,
        request.body,
        staffActor(request),
      ),
    },
  }));
  app.post('/content/preview', { onRequest: edit, schema: previewSchema }, async (request) => ({
    data: { parts: previewPage(request.body.body, values) },
  }));
};
