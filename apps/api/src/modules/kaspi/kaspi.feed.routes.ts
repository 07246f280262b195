import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedFor } from './kaspi.feed.service.ts';

const Params = z.object({ file: z.string().min(1).max(200) });

/**
 * `GET /feeds/kaspi/{secret}.xml`: the Kaspi Магазин price feed (issue 33 Part B item 5, docs/decisions/063),
 * `application/xml`. 404 when the secret is wrong or the feed is off (no secret set); 503 when no feed could be
 * built yet (the last good one is served after a failed build).
 */
export const kaspiFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/kaspi/:file', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const file = request.params.file;
    const secret = file.endsWith('.xml') ? file.slice(0, -4) : '';
    let body: Buffer | null;
    try {
      body = secret === '' ? null : await feedFor(app.db, secret, () => app.clock.now(), request.log);
    } catch (err) {
      request.log.error({ err }, 'kaspi feed: no feed could be built');
      return reply.code(503).header('retry-after', '60').type('text/plain; charset=utf-8').send('Try later');
    }
    if (body === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
};
