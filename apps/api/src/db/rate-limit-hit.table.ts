/**
 * `rate_limit_hit`: one limit's window for one route and client address (migration 20261229T040000). Its own file,
 * so database.ts names it without importing lib/rate-store.ts, which imports the database types back.
 */
export interface RateLimitHitTable {
  /** The route (`GET /api/catalog/products`) and the limit's key (the client address). */
  limit_key: string;
  /** The window's start and end, ms since the epoch. */
  window_start: number;
  window_end: number;
  hits: number;
}
