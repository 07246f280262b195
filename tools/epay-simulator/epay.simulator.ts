import Fastify from 'fastify';
import { registerOauthRoute } from './simulator.oauth.ts';
import { applyOperation, registerOperationRoutes } from './simulator.operations.ts';
import { registerPayformRoutes } from './simulator.payform.ts';
import { createState, isLive, type EpaySimulator, type SimulatorOptions } from './simulator.state.ts';
import { listenOnLoopback } from '../loopback.ts';

/**
 * The project's local Halyk ePay simulator (payments-sms.md §1 "What the project's ePay simulator must do"):
 * the same protocol as ePay on a loopback port, so the whole card flow runs in development and tests with no
 * network. It keeps its state in memory (it stands in for an external system).
 *
 * - `POST /oauth2/token` (form-encoded): client credentials + terminal; with `invoiceID` (6–15 digits, its
 *   last 6 digits unique among invoices), `amount`, `currency` KZT and `secret_hash` a payment token bound to
 *   them; without, an API token. Tokens expire (`expires_in` "1200", a string, and no `refresh_token`, as in
 *   Halyk's SDK). — simulator.oauth.ts
 * - `GET /payform/payment-api.js`: `halyk.pay` and `halyk.showPaymentWidget`.
 * - `GET /payform/?params=…` the payment page; `POST /payform/pay` pays with a test card, schedules the
 *   callback and sends the browser to backLink/failureBackLink (or reports to the widget). — simulator.payform.ts
 * - Callbacks: JSON POST to postLink (`code: "ok"`) or failurePostLink (`code: "error"`) after a delay, in
 *   several copies, or lost — configurable. — simulator.callbacks.ts
 * - `GET /check-status/payment/transaction/{invoiceId}` (Bearer API token): resultCode 100/102 (107 when
 *   busy, or «in progress» for the next `inProgressChecks` calls), `resultMessage` "SUCCESS"; payments partly in
 *   Halyk bonuses (`bonusAmount`: `amount` the card part, `amountBonus`, `payoutAmount`); refunds made in the
 *   cabinet (`refundInCabinet`) show as `REFUND`.
 * - `POST /operation/{id}/charge|cancel|refund` (Bearer API token): AUTH→CHARGE, AUTH→CANCEL, CHARGE→REFUND;
 *   a refund's amount only from the query (a body amount refunds everything), deduplicated by `externalID`;
 *   refusals HTTP 400 `{"code":100}`; faults: `down` (503), `loseOperationAnswers` (done, connection dropped).
 *   — simulator.operations.ts
 */

export type {
  EpaySimulator,
  OperationRecord,
  SimTransaction,
  SimulatorBehaviour,
  SimulatorEvent,
  SimulatorOptions,
} from './simulator.state.ts';
export { encodePayformParams } from './simulator.state.ts';

/** Builds the simulator (not listening yet). */
export function createEpaySimulator(options: SimulatorOptions = {}): EpaySimulator {
  const state = createState(options);
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async (request, reply) => {
    if (state.behaviour.down && !request.url.startsWith('/payform')) {
      return reply.code(503).send({ code: 503, message: 'Service unavailable' });
    }
  });
  registerOauthRoute(app, state);
  registerPayformRoutes(app, state);
  registerOperationRoutes(app, state);

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
    transactions: (invoiceId) => [...(state.invoices.get(invoiceId)?.transactions ?? [])],
    refundInCabinet(invoiceId, amount) {
      const t = state.invoices.get(invoiceId)?.transactions.find(isLive);
      const refusal = t ? applyOperation(t, 'refund', amount) : 'no payment on this invoice';
      if (refusal) throw new Error(`cabinet refund refused: ${refusal}`);
    },
    operations: () => [...state.operationLog],
    async idle() {
      while (state.pending.size) await Promise.allSettled([...state.pending]);
    },
  };
}

/** The configuration the shop's adapter needs to talk to a simulator at `origin`. */
export function simulatorEndpoints(origin: string) {
  return {
    oauthUrl: `${origin}/oauth2/token`,
    apiUrl: origin,
    scriptUrl: `${origin}/payform/payment-api.js`,
  };
}
