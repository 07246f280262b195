import fp from 'fastify-plugin';
import { ErrorCode } from '@kiim/contract';
import type { Config } from '#app/config.ts';

/** What a process of `role` does (KIIM_ROLE, issue 31 §1; docs/decisions/041). */
export function roleDuties(role: Config['role']): { jobs: boolean; serves: boolean } {
  return { jobs: role !== 'web', serves: role !== 'worker' };
}

/** The paths a `worker` process answers: its health endpoints (a supervisor's liveness and readiness checks). */
const WORKER_PATHS = /^\/api\/health\//;

/**
 * In a `worker` process (KIIM_ROLE=worker) every request but `/api/health/*` is answered 404 before any route or
 * page runs: a worker runs the background jobs and serves no shopper, so a proxy pointed at it by mistake shows a
 * plain refusal, never a page. Registered first, so it covers the API, media, the back office and the storefront's
 * pages that apps/web/server.ts adds to the same server. In `web` and `all` processes it does nothing.
 */
export const rolePlugin = fp(async (app) => {
  if (roleDuties(app.config.role).serves) return;
  app.addHook('onRequest', async (request, reply) => {
    if (WORKER_PATHS.test(request.url)) return;
    return reply.code(404).header('cache-control', 'no-store').send({
      code: ErrorCode.notFound,
      message: 'Этот процесс магазина выполняет фоновые задачи и не отвечает на запросы',
    });
  });
});
