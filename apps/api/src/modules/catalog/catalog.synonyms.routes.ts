import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, SearchSynonym, SearchSynonymInput, dataOf } from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded, ok } from '#app/modules/staff/staff.routes.common.ts';
import * as synonyms from './catalog.synonyms.ts';

const tag = 'admin: catalogue structure';
const CATALOGUE = 'catalogue.edit';
const Params = z.object({ id: IdParam });
const RULES =
  'Phrases that mean the same to shoppers, sent as «пуховик = куртка зимняя» or an array: 2–10 different phrases ' +
  'of up to 60 characters, two with a searchable word. A product whose texts hold every word of one phrase is ' +
  'found by the others; the products reached are re-indexed at once (decision 059). Audited.';

const s = {
  list: guarded(tag, CATALOGUE, 'Search synonyms: the list', 'Oldest first.', {
    response: { 200: dataOf(z.object({ items: z.array(SearchSynonym) })), ...errors(401, 403) },
  }),
  create: guarded(tag, CATALOGUE, 'Search synonyms: create', RULES, {
    body: SearchSynonymInput,
    response: { 200: dataOf(SearchSynonym), ...errors(400, 401, 403) },
  }),
  update: guarded(tag, CATALOGUE, 'Search synonyms: change', `${RULES} 404 (8109).`, {
    params: Params,
    body: SearchSynonymInput,
    response: { 200: dataOf(SearchSynonym), ...errors(400, 401, 403, 404) },
  }),
  remove: guarded(
    tag,
    CATALOGUE,
    'Search synonyms: delete',
    'Re-indexes the products it reached. Audited. 404.',
    {
      params: Params,
      response: { 200: dataOf(z.object({ ok: z.literal(true) })), ...errors(400, 401, 403, 404) },
    },
  ),
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Search synonyms staff edit (issue 35 item 3, decision 059) under `/api/admin/catalogue/search-synonyms`, with
 * `catalogue.edit`: list (GET), create (POST), change (PUT `/{id}`), delete (DELETE `/{id}`).
 */
export function synonymRoutes(app: App) {
  const db = app.db;
  const edit = requirePermission(CATALOGUE);
  const actorOf = (request: Parameters<typeof currentStaff>[0]) =>
    requestActor(request, 'staff', currentStaff(request).id);
  app.get('/search-synonyms', { onRequest: edit, schema: s.list }, async () => ({
    data: { items: await synonyms.adminSynonyms(db) },
  }));
  app.post('/search-synonyms', { onRequest: edit, schema: s.create }, async (request) => ({
    data: await synonyms.saveSynonym(db, null, request.body, actorOf(request)),
  }));
  app.put('/search-synonyms/:id', { onRequest: edit, schema: s.update }, async (request) => ({
    data: await synonyms.saveSynonym(db, request.params.id, request.body, actorOf(request)),
  }));
  app.delete('/search-synonyms/:id', { onRequest: edit, schema: s.remove }, async (request) => {
    await synonyms.deleteSynonym(db, request.params.id, actorOf(request));
    return ok;
  });
}
