import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCalculatorRoutes } from './simulator.calculator.ts';
import { registerLocationRoutes } from './simulator.locations.ts';
import { registerOauthRoute, requireBearer } from './simulator.oauth.ts';
import { orderView, registerOrderRoutes } from './simulator.orders.ts';
import { registerPrintRoutes } from './simulator.print.ts';
import {
  createState,
  STATUS_NAMES,
  STATUS_PATHS,
  type CdekBehaviour,
  type CdekSimulatorOptions,
  type CdekState,
  type SimOrder,
  type StatusPath,
} from './simulator.state.ts';
import { addStatuses, registerWebhookRoutes } from './simulator.webhooks.ts';
import { listenOnLoopback } from '../loopback.ts';

/**
 * The project's local CDEK (API v2) simulator (delivery-cdek.md §10): CDEK's protocol on a loopback port with
 * a Kazakh fixture, so carrier delivery runs in development and tests with no network. State in memory.
 *
 * - `POST /v2/oauth/token` client credentials (CDEK's published test account by default); tokens expire;
 *   every other `/v2` call needs `Bearer` (401 `v2_authorization_incorrect` / `v2_token_expired`). — simulator.oauth.ts
 * - `GET /v2/location/cities`, `/v2/location/suggest/cities` (Russian or Kazakh), `/v2/deliverypoints`. — simulator.locations.ts
 * - `POST /v2/calculator/tarifflist` and `/tariff`: deterministic prices (tenge) and periods. — simulator.calculator.ts
 * - Orders: 202 then SUCCESSFUL | INVALID after a delay, `cdek_number` late; reads by uuid, `im_number`,
 *   `cdek_number`; PATCH/DELETE rules; duplicate `number` accepted with a new uuid. — simulator.orders.ts
 * - Print forms ACCEPTED → PROCESSING → READY with a real PDF. — simulator.print.ts
 * - Webhooks (`ORDER_STATUS`), sent along scripted status paths (`advance`); lost, repeated, reversed on demand.
 *   — simulator.webhooks.ts
 * - Faults: calculator 500, slow answers, empty delivery points, token expiry, INVALID after 202.
 * - Control (not CDEK's): `POST /_simulator/orders/{uuid}/advance {path}` for browser journeys.
 */

export type {
  CdekBehaviour,
  CdekSimulatorEvent,
  CdekSimulatorOptions,
  StatusPath,
} from './simulator.state.ts';
export { CDEK_TEST_ACCOUNT, STATUS_PATHS } from './simulator.state.ts';

export interface CdekSimulator {
  app: FastifyInstance;
  readonly url: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  configure(change: Partial<CdekBehaviour>): void;
  /** The order as `GET /v2/orders/{uuid}` would show it, by uuid or Kiim's `number` (latest). */
  order(uuidOrNumber: string): ReturnType<typeof orderView> | undefined;
  /** How many orders were created with this `number` (duplicates are accepted, as by CDEK). */
  countByNumber(number: string): number;
  /** Moves an order (after validation) along a scripted path or given status codes, sending webhooks. */
  advance(uuidOrNumber: string, path: StatusPath | readonly string[]): Promise<void>;
  /** Waits until every pending validation, print form and webhook is done. */
  idle(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function find(state: CdekState, key: string): SimOrder | undefined {
  return state.orders.get(key) ?? [...state.orders.values()].filter((o) => o.number === key).at(-1);
}

async function advance(state: CdekState, key: string, path: StatusPath | readonly string[]) {
  const order = find(state, key);
  if (!order?.cdekNumber) throw new Error(`cdek simulator: no valid order ${key}`);
  const codes = typeof path === 'string' ? STATUS_PATHS[path] : path;
  await addStatuses(state, order, codes, STATUS_NAMES);
}

/** Builds the simulator (not listening yet). */
export function createCdekSimulator(options: CdekSimulatorOptions = {}): CdekSimulator {
  const state = createState(options);
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async () => {
    if (state.behaviour.slowMs > 0) await sleep(state.behaviour.slowMs);
  });
  app.addHook('onRequest', requireBearer(state));
  registerOauthRoute(app, state);
  registerLocationRoutes(app, state);
  registerCalculatorRoutes(app, state);
  registerOrderRoutes(app, state);
  registerPrintRoutes(app, state);
  registerWebhookRoutes(app, state);
  const control = z.strictObject({
    path: z.enum(Object.keys(STATUS_PATHS) as [StatusPath, ...StatusPath[]]),
  });
  app.post<{ Params: { uuid: string } }>('/_simulator/orders/:uuid/advance', async (request, reply) => {
    const b = control.safeParse(request.body);
    if (!b.success) return reply.code(400).send({ message: b.error.issues[0]!.message });
    if (!find(state, request.params.uuid)?.cdekNumber)
      return reply.code(404).send({ message: 'no valid order' });
    await advance(state, request.params.uuid, b.data.path);
    return { ok: true };
  });

  return {
    app,
    get url() {
      return state.origin;
    },
    listen: (port = 0) => listenOnLoopback(app, state, port),
    async close() {
      await Promise.allSettled([...state.pending]);
      await app.close();
    },
    configure(change) {
      Object.assign(state.behaviour, change);
    },
    order(key) {
      const o = find(state, key);
      return o && orderView(o);
    },
    countByNumber: (number) => [...state.orders.values()].filter((o) => o.number === number).length,
    advance: (key, path) => advance(state, key, path),
    async idle() {
      while (state.pending.size) await Promise.allSettled([...state.pending]);
    },
  };
}
