import Fastify from 'fastify';
import { registerPages } from './simulator.pages.ts';
import { registerRoutes } from './simulator.routes.ts';
import { createState, type WebkassaSimulator, type WebkassaSimulatorOptions } from './simulator.state.ts';
import { listenOnLoopback } from '../loopback.ts';

/**
 * The project's local Webkassa simulator (fiscal-webkassa.md §9): the v4 protocol of Webkassa's cloud cash
 * register on a loopback port, so fiscal receipts are issued in development and tests with no network. State in
 * memory (it stands in for an external system).
 *
 * - `POST /api/v4/Authorize {Login, Password}` → `Data.Token` (1 on a wrong login; tokens expire: code 2).
 * - `POST /api/v4/check`: receipt rules of §4 (code 9: zero price, sums that do not match, a payment type
 *   twice, `ExternalCheckNumber` over 50 chars, a concurrent call on one cash register), returns need the
 *   sale's `returnBasisDetails` (255), 14 on a repeated `ExternalCheckNumber` (with or without `Data`), 11 when
 *   the open shift is over 24 h old, 18 when the offline limit is hit; shifts open with their first receipt.
 * - `POST /api/v4/ZReport` closes the shift (13 when none is open), `POST /api/v4/XReport` reads it.
 * - `POST /api/v4/Cashbox/ShiftHistory`, `POST /api-history/v4/Ticket/GetTicketByExternalCheckNumber`
 *   (`ShiftNumber` required: 15 unknown shift, 16 unknown receipt).
 * - `GET /Ticket?chb=&extnum=`: the readable receipt `TicketUrl` points at.
 * - Faults ({@link WebkassaSimulator.configure}): `slowMs`, `fail505` (with `AlternativeDomainNames`),
 *   `fail500` (non-JSON), `loseAnswers` (accepted, connection dropped), `offline`, `offlineLimitExceeded`,
 *   `duplicateWithData`; `expireTokens()`; an injectable clock for the 24 h rule.
 */

export type {
  CallRecord,
  SimReceipt,
  SimShift,
  WebkassaBehaviour,
  WebkassaSimulator,
  WebkassaSimulatorOptions,
} from './simulator.state.ts';
export { WEBKASSA_SIMULATOR_CREDENTIALS } from './simulator.state.ts';

/** Builds the simulator (not listening yet). */
export function createWebkassaSimulator(options: WebkassaSimulatorOptions = {}): WebkassaSimulator {
  const state = createState(options);
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  registerRoutes(app, state);
  registerPages(app, state);
  const box = (n?: string) => state.cashboxes.get(n ?? [...state.cashboxes.keys()][0]!);
  return {
    app,
    get url() {
      return state.origin;
    },
    listen: (port = 0) => listenOnLoopback(app, state, port),
    close: () => app.close(),
    configure(change) {
      Object.assign(state.behaviour, change);
    },
    expireTokens() {
      for (const token of state.tokens.keys()) state.tokens.set(token, 0);
    },
    receipts: (n) => [...(box(n)?.receipts.values() ?? [])],
    shifts: (n) => [...(box(n)?.shifts ?? [])],
    calls: () => [...state.calls],
    async idle() {
      while (state.held.size) await Promise.allSettled([...state.held]);
    },
  };
}
