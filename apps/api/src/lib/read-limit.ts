import type { FastifyInstance } from 'fastify';

/**
 * Route options of an expensive read (issue 11 §6: search and catalogue lists, products by ids, every slug): at most
 * READ_RATE_LIMIT_PER_MINUTE per client address (`request.ip`, TRUST_PROXY-aware; the storefront's in-process calls
 * carry the shopper's address) in a minute, then `429` code 1029 with `Retry-After` (the error handler's answer). A
 * shopper browsing makes a few such reads a page, far below the default 240.
 */
export const expensiveRead = (app: FastifyInstance) => ({
  config: { rateLimit: { max: app.config.readRateLimitPerMinute, timeWindow: 60_000 } },
});
