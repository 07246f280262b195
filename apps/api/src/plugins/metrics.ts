import { timingSafeEqual } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '#app/db/database.ts';

/**
 * The shop's metrics in Prometheus format (issue 31 item 4, docs/decisions/042), one registry per app:
 * - `http_requests_total{method,route,status,via}` and `http_request_duration_seconds{method,route,via}`: every
 *   answer, by the route's pattern (`/api/catalog/product/:slug`, pages by their route: apps/web/page-cache.ts), never the raw URL;
 *   `http_server_errors_total{route}` the 5xx among them;
 * - `kiim_db_query_duration_seconds{outcome}`: every query of the app's own database handle; PostgreSQL's pool as
 *   `kiim_db_pool_connections{state}` (total, idle) and `kiim_db_pool_waiting`;
 * - read from the database at each scrape (the same for every instance: take one, not the sum):
 *   `kiim_notification_backlog` (outbox rows not yet sent) and `kiim_notification_backlog_oldest_seconds`,
 *   `kiim_sms_sends{status}` (sent, failed, pending), `kiim_orders_created` and `kiim_orders_paid`;
 * - `kiim_sms_refused_total`: code requests this process answered 429 (a limit held);
 * - `kiim_job_queue_depth{kind}` and `kiim_job_queue_oldest_seconds{kind}` when a job queue registers its reader
 *   ({@link ShopMetrics.setJobQueueReader});
 * - Node's own (`process_*`, `nodejs_*`: memory, event-loop lag, garbage collection).
 */
export interface ShopMetrics {
  registry: Registry;
  /** Records one answer: `route` is the pattern, `seconds` the time from request to last byte. */
  observeRequest(method: string, route: string, status: number, seconds: number, via?: Via): void;
  /** Records one database query: its duration in seconds and whether it failed. */
  observeQuery(seconds: number, failed: boolean): void;
  /** The job queue's depth and oldest waiting job per kind, read at each scrape (the roles' queue, issue 31 item 1). */
  setJobQueueReader(read: JobQueueReader | null): void;
}

/**
 * Who asked: `network` (a socket: shoppers, nginx, tools) or `in-process` (the storefront's pages calling the API by
 * Fastify inject, in-process-api.ts): a page and the API answers it needed are then not counted as one kind.
 */
export type Via = 'network' | 'in-process';

/** Waiting jobs per kind: how many, and the age of the oldest in seconds. */
export type JobQueueReader = () => Promise<JobKind[]>;
/** One kind of job in the queue: how many wait, and the age of the oldest, seconds. */
export interface JobKind {
  kind: string;
  depth: number;
  oldestSeconds: number;
}

/** Code requests whose 429 means an SMS limit held (customer.routes.ts: per number, per address, per day). */
const SMS_ROUTES = /\/(auth-by-mobile|register-by-mobile|get-code-for-recover-password)$/;

/** A new registry with every metric of the shop; the database-read ones query `db` lazily once it is given. */
export function createMetrics(): ShopMetrics & { bind(db: Db, pool: pg.Pool | undefined): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answers by method, route pattern, status and who asked (network, in-process).',
    labelNames: ['method', 'route', 'status', 'via'],
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, seconds, by method, route pattern and who asked.',
    labelNames: ['method', 'route', 'via'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern.',
    labelNames: ['route'],
    registers,
  });
  const queries = new Histogram({
    name: 'kiim_db_query_duration_seconds',
    help: 'Database query time, seconds, by outcome (ok, error).',
    labelNames: ['outcome'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers,
  });
  const smsRefused = new Counter({
    name: 'kiim_sms_refused_total',
    help: 'SMS code requests this process refused with 429 (a send limit held).',
    registers,
  });
  let jobQueue: JobQueueReader | null = null;
  let db: Db | undefined;
  let pool: pg.Pool | undefined;
  databaseGauges(
    registers,
    () => db,
    () => pool,
  );
  jobQueueGauges(registers, () => jobQueue);
  return {
    registry,
    observeRequest(method, route, status, seconds, via = 'network') {
      requests.inc({ method, route, status: String(status), via });
      duration.observe({ method, route, via }, seconds);
      if (status >= 500) errors.inc({ route });
      if (status === 429 && SMS_ROUTES.test(route)) smsRefused.inc();
    },
    observeQuery: (seconds, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
    setJobQueueReader: (read) => void (jobQueue = read),
    bind(database, pgPool) {
      db = database;
      pool = pgPool;
    },
  };
}

/**
 * Gauges read at scrape time from the pool and the database; a failing read keeps a gauge's last value (a labelled
 * one is left out) and never fails the scrape.
 */
function databaseGauges(
  registers: Registry[],
  db: () => Db | undefined,
  pool: () => pg.Pool | undefined,
): void {
  new Gauge({
    name: 'kiim_db_pool_connections',
    help: 'PostgreSQL pool connections of this process by state (total, idle).',
    labelNames: ['state'],
    registers,
    collect() {
      const p = pool();
      if (!p) return;
      this.set({ state: 'total' }, p.totalCount);
      this.set({ state: 'idle' }, p.idleCount);
    },
  });
  new Gauge({
    name: 'kiim_db_pool_waiting',
    help: 'Queries of this process waiting for a PostgreSQL connection.',
    registers,
    collect() {
      const p = pool();
      if (p) this.set(p.waitingCount);
    },
  });
  const read = async <T>(q: (d: Db) => Promise<T>): Promise<T | undefined> => {
    const d = db();
    return d ? q(d).catch(() => undefined) : undefined;
  };
  const unsent = (d: Db) =>
    d.selectFrom('notification').where('status', 'in', ['pending', 'claimed', 'sending']);
  new Gauge({
    name: 'kiim_notification_backlog',
    help: 'Order notifications (SMS, email) not sent yet: pending, claimed or sending.',
    registers,
    async collect() {
      const row = await read((d) =>
        unsent(d)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      if (row) this.set(Number(row.n));
    },
  });
  new Gauge({
    name: 'kiim_notification_backlog_oldest_seconds',
    help: 'Age of the oldest notification not sent yet, seconds (0: none).',
    registers,
    async collect() {
      const row = await read((d) =>
        unsent(d)
          .select((eb) => eb.fn.min('created_at').as('first'))
          .executeTakeFirst(),
      );
      if (!row) return;
      this.set(row.first ? Math.max(0, (Date.now() - Date.parse(String(row.first))) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'kiim_sms_sends',
    help: 'SMS codes handed to the gateway, by status (sent, failed, pending); the same for every instance.',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      const rows = await read((d) =>
        d
          .selectFrom('sms_send')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute(),
      );
      for (const status of ['sent', 'failed', 'pending'])
        if (rows) this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
    },
  });
  new Gauge({
    name: 'kiim_orders_created',
    help: 'Orders placed, all time; the same for every instance (rate() it).',
    registers,
    async collect() {
      const row = await read((d) =>
        d
          .selectFrom('order')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      if (row) this.set(Number(row.n));
    },
  });
  new Gauge({
    name: 'kiim_orders_paid',
    help: 'Orders that reached the status paid, all time; the same for every instance.',
    registers,
    async collect() {
      const row = await read((d) =>
        sql<{
          n: number;
        }>`select count(distinct order_id) as n from order_status_history where to_status = 'paid'`
          .execute(d)
          .then((r) => r.rows[0]),
      );
      if (row) this.set(Number(row.n));
    },
  });
}

/** The job queue's gauges, read through the registered reader (none registered: no series). */
function jobQueueGauges(registers: Registry[], reader: () => JobQueueReader | null): void {
  // prom-client collects the gauges side by side, so each reads the queue itself.
  const gauge = (name: string, help: string, value: (k: JobKind) => number) =>
    new Gauge({
      ...{ name, help, labelNames: ['kind'], registers },
      async collect() {
        this.reset();
        const read = reader();
        for (const k of read ? await read().catch(() => []) : []) this.set({ kind: k.kind }, value(k));
      },
    });
  gauge('kiim_job_queue_depth', 'Waiting jobs by kind.', (k) => k.depth);
  gauge(
    'kiim_job_queue_oldest_seconds',
    'Age of the oldest waiting job, seconds, by kind.',
    (k) => k.oldestSeconds,
  );
}

/** Whether `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` on the shop's port, and the hook that times every answer Fastify sends (pages hijacked by the
 * storefront report themselves: apps/web/server.ts). 404 when METRICS_TOKEN is unset (the route does not exist),
 * 401 with `WWW-Authenticate: Bearer` without `Authorization: Bearer <METRICS_TOKEN>`; never cached.
 */
export const metricsPlugin = fp<{ metrics: ShopMetrics }>(async (app, { metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unknown';
    const via = request.raw instanceof IncomingMessage ? 'network' : 'in-process';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000, via);
  });
  const token = app.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 401, message: 'Unauthorized' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});
