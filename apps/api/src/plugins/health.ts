import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { pendingMigrations } from '#app/db/migrate.ts';
import { notificationLagSeconds } from '#app/modules/system/system.repository.ts';

/** A `worker` whose oldest due notification waits longer than this, seconds, is stuck: not ready (issue 31 §4). */
export const STUCK_BACKLOG_SECONDS = 600;

/**
 * Health endpoints for a load balancer or supervisor (issue 11 §12), never cached:
 * - `GET /api/health/live` — the process answers: `200 {"status":"ok"}`. Restart the instance when it fails.
 * - `GET /api/health/ready` — the database answers a query and every migration of this code is applied:
 *   `200 {"status":"ready"}`; else `503 {"status":"unavailable","reason":…}`. Send no traffic while it fails.
 *   A `worker` process (KIIM_ROLE) is also unready while its backlog is stuck: the oldest due notification has
 *   waited over {@link STUCK_BACKLOG_SECONDS} (`reason: "backlog stuck"`, `lagSeconds`); restart it.
 *   While the app is shutting down Fastify answers 503 itself.
 */
export const healthPlugin = fp(async (app) => {
  app.get('/api/health/live', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/api/health/ready', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await sql`select 1`.execute(app.db);
      const pending = await pendingMigrations(app.db);
      if (pending.length)
        return reply.code(503).send({ status: 'unavailable', reason: 'migrations pending', pending });
      if (app.config.role === 'worker') {
        const lagSeconds = await notificationLagSeconds(app.db, app.clock.now());
        if (lagSeconds > STUCK_BACKLOG_SECONDS)
          return reply.code(503).send({ status: 'unavailable', reason: 'backlog stuck', lagSeconds });
      }
      return reply.send({ status: 'ready' });
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
    }
  });
});
