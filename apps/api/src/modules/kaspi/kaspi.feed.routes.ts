import fs from 'node:fs/promises';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeedFile } from './kaspi.feed.file.ts';
import { feedFor } from './kaspi.feed.service.ts';

const Params = z.object({ file: z.string().min(1).max(200) });

/** Whether the request's validators match `f`: If-None-Match (any listed ETag, weak or not), else If-Modified-Since. */
function notModified(headers: Record<string, unknown>, f: FeedFile): boolean {
  const inm = headers['if-none-match'];
  if (typeof inm === 'string')
    return inm
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === '*' || t === f.etag);
  const ims = headers['if-modified-since'];
  if (typeof ims !== 'string') return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.trunc(f.modified.getTime() / 1000) * 1000 <= since;
}

/**
 * `GET /feeds/kaspi/{secret}.xml`: the Kaspi Магазин price feed (issue 33 Part B item 5, docs/decisions/063 and
 * 071), `application/xml`, streamed from its file with Content-Length, ETag and Last-Modified (304 to a matching
 * If-None-Match / If-Modified-Since). 404 when the secret is wrong or the feed is off (no secret set); 503 when no
 * feed could be built yet (the last good one is served after a failed build).
 */
export const kaspiFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/kaspi/:file', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const file = request.params.file;
    const secret = file.endsWith('.xml') ? file.slice(0, -4) : '';
    if (secret === '') return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    // A newer build of another process may remove the file between finding and opening it: ask once more.
    for (let attempt = 1; ; attempt++) {
      let feed: FeedFile | null;
      try {
        feed = await feedFor(app.db, secret, app.config.mediaDir, () => app.clock.now(), request.log);
      } catch (err) {
        request.log.error({ err }, 'kaspi feed: no feed could be built');
        return reply
          .code(503)
          .header('retry-after', '60')
          .type('text/plain; charset=utf-8')
          .send('Try later');
      }
      if (feed === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', feed.etag)
        .header('last-modified', feed.modified.toUTCString());
      if (notModified(request.headers, feed)) return reply.code(304).send();
      let fh: fs.FileHandle;
      try {
        fh = await fs.open(feed.file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && attempt < 2) continue;
        throw err;
      }
      const size = (await fh.stat()).size;
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-length', size)
        .send(fh.createReadStream({ highWaterMark: 256 * 1024 }));
    }
  });
};
