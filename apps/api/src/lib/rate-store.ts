import { sql } from 'kysely';
import type { Db } from '#app/db/database.ts';

export type { RateLimitHitTable } from '#app/db/rate-limit-hit.table.ts';

/** A window's hits so far (this one included) and ms left in it, as @fastify/rate-limit's stores answer. */
export interface RateWindow {
  current: number;
  ttl: number;
}

/** Longest key kept (a route and an IPv6 address fit many times over); longer keys are cut. */
const KEY_MAX = 300;
/** How often one process removes ended windows, ms. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Counts one hit of `key` in its window of `windowMs` and answers the window's hits and time left (issue 31 §2). One
 * upsert, atomic on SQLite and PostgreSQL alike: a first hit or one after the window ended starts a new window at
 * `nowMs`; any other adds one. So every process on the database counts the same window, exactly, however many hits
 * arrive at once (a fixed window from its first hit, as @fastify/rate-limit's own store counts).
 */
export async function hitWindow(db: Db, key: string, windowMs: number, nowMs: number): Promise<RateWindow> {
  const k = key.slice(0, KEY_MAX);
  const row = await db
    .insertInto('rate_limit_hit')
    .values({ limit_key: k, window_start: nowMs, window_end: nowMs + windowMs, hits: 1 })
    .onConflict((oc) =>
      oc.column('limit_key').doUpdateSet({
        hits: sql<number>`case when rate_limit_hit.window_end <= ${nowMs} then 1 else rate_limit_hit.hits + 1 end`,
        window_start: sql<number>`case when rate_limit_hit.window_end <= ${nowMs} then ${nowMs} else rate_limit_hit.window_start end`,
        window_end: sql<number>`case when rate_limit_hit.window_end <= ${nowMs} then ${nowMs + windowMs} else rate_limit_hit.window_end end`,
      }),
    )
    .returning(['hits', 'window_end'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_end) - nowMs) };
}

/** Removes windows that ended before `nowMs` (their counts no longer matter). @returns how many. */
export async function pruneWindows(db: Db, nowMs: number): Promise<number> {
  const r = await db.deleteFrom('rate_limit_hit').where('window_end', '<', nowMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The route of a store's options (the plugin's merged options carry it as `routeInfo`), as a key prefix. */
function routePrefix(params: object): string {
  const r = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  return typeof r?.url === 'string' ? `${[r.method].flat().join(',')} ${r.url} ` : '';
}

type Callback = (err: Error | null, res?: RateWindow) => void;

/**
 * A @fastify/rate-limit store over {@link hitWindow} (its `store` option takes the class): every process on the
 * database shares each route's counts per client address, where the plugin's own store counts per process. Each
 * route's store (`child`) prefixes its keys with the route, as the plugin's Redis store does. Ended windows are
 * removed at most once a minute per process, after a hit. A database fault reaches the plugin as an error (the
 * request fails with the error handler's answer), never a crash.
 * @param now the app clock, ms since the epoch.
 */
export function databaseRateStore(db: Db, now: () => number) {
  let prunedAt = 0;
  const prune = (nowMs: number) => {
    if (nowMs - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = nowMs;
    pruneWindows(db, nowMs).catch(() => (prunedAt = 0));
  };
  return class DatabaseRateStore {
    readonly prefix: string;
    constructor(params: object = {}) {
      this.prefix = routePrefix(params);
    }
    /** Counts a hit of `key` (the client address) and answers its window. */
    incr(key: string, cb: Callback, timeWindow: number): void {
      const nowMs = now();
      hitWindow(db, this.prefix + key, timeWindow, nowMs).then(
        (w) => {
          prune(nowMs);
          cb(null, w);
        },
        (err: Error) => cb(err),
      );
    }
    /** The store of one route (the plugin calls it with the route's merged options). */
    child(params: object) {
      return new DatabaseRateStore(params);
    }
  };
}
