import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RunningNginx } from './nginx.ts';

// The parts of the sale-day test (issue 31 acceptance; sale-day.e2e.ts): the shop's processes by role on one
// PostgreSQL database, killed and restarted; customers with tokens and a notification campaign written straight
// into the database; a client that sends through nginx from a chosen loopback address and counts every answer.

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const compiled = path.join(repoRoot, 'apps/web/dist/server.mjs');

/** One shop process of a role (KIIM_ROLE), on a fixed port so that a restart takes its place behind nginx. */
export interface ShopProcess {
  name: string;
  role: 'web' | 'worker';
  port: number;
  child: ChildProcess;
  /** Starts it (again) and waits until `/api/health/ready` answers 200 (up to 150 s). */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, requests and jobs in flight are cut. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** Resident memory now, MB (from /proc; 0 when not running). */
  rssMb(): number;
}

/**
 * A shop process (the compiled server `npm run build` makes, as production runs it) of `role` on `port`, with
 * `env` on top of the test settings. Its log goes to `dir/<name>.log`.
 */
export function shopProcess(
  name: string,
  role: 'web' | 'worker',
  port: number,
  env: Record<string, string>,
  dir: string,
): ShopProcess {
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  const p: ShopProcess = {
    name,
    role,
    port,
    child: undefined as unknown as ChildProcess,
    async start() {
      const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
      const args = fs.existsSync(compiled) ? [compiled] : ['--import', 'tsx', 'apps/web/server.ts'];
      p.child = spawn(process.execPath, args, {
        cwd: repoRoot,
        env: {
          ...parentEnv,
          NODE_ENV: 'test',
          KIIM_ROLE: role,
          PORT: String(port),
          HOST: '127.0.0.1',
          ...env,
        },
        stdio: ['ignore', log, log],
      });
      fs.closeSync(log);
      const deadline = Date.now() + 150_000;
      for (;;) {
        if (p.child.exitCode !== null) throw new Error(`${name} exited with ${p.child.exitCode}: see ${dir}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`${name} did not become ready in 150 s`);
        await new Promise((r) => setTimeout(r, 300));
      }
    },
    async kill() {
      if (p.child.exitCode !== null || p.child.signalCode) return;
      const exited = new Promise((r) => p.child.once('exit', r));
      p.child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!p.child || p.child.exitCode !== null || p.child.signalCode) return;
      const exited = new Promise((r) => p.child.once('exit', r));
      p.child.kill('SIGTERM');
      await exited;
    },
    rssMb() {
      try {
        const status = fs.readFileSync(`/proc/${p.child.pid}/status`, 'utf8');
        return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      } catch {
        return 0;
      }
    },
  };
  return p;
}

/** A temporary folder for the run's logs. */
export const runDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-sale-day-'));

/** One answer through nginx: status, milliseconds, nginx's cache status, and the body. */
export interface Answer {
  status: number;
  ms: number;
  cache: string;
  body: string;
}

/** Every answer of the run, by kind, for the figures and the checks. */
export class Tally {
  readonly answers = new Map<string, Answer[]>();
  inFlight = 0;
  add(kind: string, a: Answer) {
    const list = this.answers.get(kind) ?? [];
    list.push(a);
    this.answers.set(kind, list);
  }
  all(): Answer[] {
    return [...this.answers.values()].flat();
  }
}

/**
 * Sends one request to nginx's HTTPS port from `from` (a loopback address: nginx's per-address limits and the shop's
 * SMS limits see it as the client), on `agent`'s kept connections. Status 0: no answer (connection cut).
 */
export function send(
  nginx: RunningNginx,
  tally: Tally,
  kind: string,
  opts: {
    path: string;
    from: string;
    agent: https.Agent;
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
  },
): Promise<Answer> {
  const started = performance.now();
  const body = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  tally.inFlight++;
  return new Promise<Answer>((resolve) => {
    const done = (status: number, cache = '', text = '') => {
      tally.inFlight--;
      const a = { status, ms: performance.now() - started, cache, body: text };
      tally.add(kind, a);
      resolve(a);
    };
    const req = https.request(
      {
        ...{ host: '127.0.0.1', port: nginx.httpsPort, servername: 'localhost', ca: nginx.cert },
        ...{ method: opts.method ?? 'GET', path: opts.path, localAddress: opts.from, agent: opts.agent },
        headers: {
          host: 'localhost',
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...opts.headers,
        },
        // A socket idle this long is cut (status 0): long past any answer a loaded two-core machine gives.
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done(
            res.statusCode!,
            String(res.headers['x-cache-status'] ?? ''),
            Buffer.concat(chunks).toString(),
          ),
        );
        res.on('error', () => done(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
    req.end(body);
  });
}

/** `count` customers with tokens (x-authorization), made in the shop's database as the bench makes them. */
export async function makeCustomers(databaseUrl: string, count: number): Promise<string[]> {
  const { createDatabase } = await import('../../../api/src/db/database.ts');
  const { issueToken } = await import('../../../api/src/modules/customer/customer.token.ts');
  const { db } = createDatabase({ databaseUrl, sqlitePath: '' });
  try {
    const tokens: string[] = [];
    const now = new Date();
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const at = now.toISOString();
      await db
        .insertInto('customer')
        .values({
          ...{ id, mobile: `7708${String(1_000_000 + i)}`, name: 'Покупатель', surname: null, email: null },
          ...{ gender: null, birth_date: null, password_hash: null, created_at: at, updated_at: at },
        })
        .execute();
      tokens.push(await issueToken(db, id, now));
    }
    return tokens;
  } finally {
    await db.destroy();
  }
}

/**
 * The campaign's outbox rows, ready to insert at once: `orders` copies of order `sourceId` (new ids and numbers
 * `SALE-n`), and for each the SMS of the five order events (`backoffice` actor, so every one has a text), each text
 * naming its own number. @returns the insert to run, and how many rows it writes.
 */
export async function prepareCampaign(
  client: pg.Client,
  sourceId: string,
  orders: number,
): Promise<{ insert: () => Promise<number>; rows: number }> {
  const cols = (
    await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'order' and table_schema = current_schema()`,
    )
  ).rows.map((r) => r.column_name);
  const own: Record<string, string> = {
    id: `'sale-' || g`,
    number: `'SALE-' || g`,
    idempotency_key: `'sale-' || g`,
  };
  const list = cols.map((c) => `"${c}"`).join(', ');
  const values = cols.map((c) => own[c] ?? `o."${c}"`).join(', ');
  await client.query(
    `insert into "order" (${list}) select ${values} from "order" o, generate_series(1, ${orders}) g where o.id = $1`,
    [sourceId],
  );
  const events = ['accepted', 'paid', 'ready_for_pickup', 'handed_to_courier', 'cancelled'];
  const insert = async () => {
    const at = new Date().toISOString();
    const r = await client.query(
      `insert into notification (id, order_id, event, channel, recipient, language, payload, status, attempts,
         next_attempt_at, created_at, updated_at)
       select 'sale-' || g || '-' || e, 'sale-' || g, e, 'sms', '7709' || lpad(g::text, 7, '0'), 'ru',
         json_build_object('event', e, 'number', 'SALE-' || g, 'customerName', null, 'actor', 'backoffice',
           'payWithinMinutes', null, 'lines', '[]'::json, 'itemsAmount', 1000, 'deliveryAmount', 0,
           'totalAmount', 1000, 'deliveryMethodId', 1, 'paymentId', 1, 'pickupPoint', null,
           'deliveryAddress', null, 'refundAmount', null, 'url', 'https://kiim.kz')::text,
         'pending', 0, $1, $1, $1
       from generate_series(1, ${orders}) g, unnest($2::text[]) e`,
      [at, events],
    );
    return r.rowCount ?? 0;
  };
  return { insert, rows: orders * events.length };
}

/** The p-th percentile of `xs` (ms, one decimal). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : NaN;
}

/** A client agent keeping up to 4 connections to nginx (one shopper's browser). */
export const keptAlive = () => new https.Agent({ keepAlive: true, maxSockets: 4 });

/** What the race and the browsing need: a city with a pickup point, the raced SKU (`lastUnits` units in city 1, none elsewhere), pages to browse. */
export async function prepareGoods(shop: string, pgc: pg.Client, lastUnits: number) {
  const list = (await (await fetch(`${shop}/api/catalog/products?cityId=1&pageSize=60`)).json()) as {
    data: { items: { slug: string }[] };
  };
  const slugs = list.data.items.map((i) => i.slug);
  const product = async (slug: string) =>
    (
      (await (await fetch(`${shop}/api/catalog/product/${slug}?cityId=1`)).json()) as {
        data: { price: number; skus: { externalId: string }[] };
      }
    ).data;
  const raced = (await product(slugs[0]!)).skus[0]!.externalId;
  const other = (await product(slugs[1]!)).skus[0]!.externalId;
  const sku = (await pgc.query<{ id: number }>('select id from sku where external_id = $1', [raced])).rows[0]!
    .id;
  await pgc.query('update stock set quantity = 0 where sku_id = $1', [sku]);
  await pgc.query('update stock set quantity = $2 where sku_id = $1 and city_id = 1', [sku, lastUnits]);
  const point = (
    await pgc.query<{ id: number }>('select id from pickup_point where city_id = 1 order by id limit 1')
  ).rows[0]!.id;
  const pages = [
    '/',
    '/home-zhenshiny',
    '/home-muzhchiny',
    '/brands',
    ...slugs.slice(0, 20).map((s) => `/product/${s}`),
  ];
  return { raced, sku, other, point, pages, slugs, product };
}

/** One customer's checkout through nginx from `from`: add `externalId` to a new cart, then a pickup order (cash). */
export async function checkout(
  n: RunningNginx,
  tally: Tally,
  token: string,
  externalId: string,
  point: number,
  from: string,
) {
  const a = keptAlive();
  const headers = { 'x-authorization': token };
  const added = await send(n, tally, 'add to cart', {
    ...{ path: '/api/cart/add-or-update-item', method: 'PUT', from, agent: a, headers },
    json: { uuid: null, externalId, regionId: 1, qty: 1 },
  });
  const uuid = /"uuid":"([^"]+)"/.exec(added.body)?.[1];
  if (!uuid) return a.destroy();
  const order = { cartUuid: uuid, regionId: 1, deliveryMethodId: 1, paymentId: 1, pickupPointId: point };
  await send(n, tally, 'order', {
    ...{ path: '/api/order/create', method: 'POST', from, agent: a, headers },
    json: { order: { ...order, idempotencyKey: crypto.randomUUID() } },
  });
  a.destroy();
}
