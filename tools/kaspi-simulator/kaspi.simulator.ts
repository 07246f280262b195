import Fastify, { type FastifyInstance } from 'fastify';
import { PREFIX, registerRoutes } from './simulator.routes.ts';
import {
  createState,
  emulate,
  type EmulatorAction,
  type KaspiBehaviour,
  type KaspiSimulatorOptions,
  type SimDevice,
  type SimPayment,
  type SimReturn,
} from './simulator.state.ts';
import { listenOnLoopback } from '../loopback.ts';

/**
 * The project's local Kaspi Pay simulator (kaspi.md A9): Kaspi's partner API as reconstructed in kaspi.md A1–A8
 * on a loopback port, under the enhanced scheme's prefix `/r3/v01`, so the Kaspi flow runs in development and
 * tests with no network. State in memory (it stands in for an external system).
 *
 * - `GET partner/tradepoints`, `POST device/register` (`{DeviceId, TradePointId[, OrganizationBin]}` →
 *   `{DeviceToken}`; -1503 for a device registered twice, -99000002 for an unknown trade point).
 * - `POST qr/create`, `qr/create-link` (`{DeviceToken, Amount, ExternalId[, OrganizationBin]}`), `remote/create`
 *   (`{OrganizationBin, Amount, PhoneNumber, DeviceToken, Comment}`), each with the behaviour options.
 * - `GET payment/status/{id}` (A4 statuses; `Expired` after the scan or confirmation timeout),
 *   `GET payment/details`, `POST payment/return` (partial amounts; -99000005, -99000020).
 * - Emulator: `POST test/payment/scan|confirm|scanerror|confirmerror` `{qrPaymentId}`; `GET health/ping`.
 * - Strict: `Api-Key` and a UUID `X-Request-ID` on every call (401 -10000 / 400), unknown or mistyped fields 400.
 * - Faults: `http500`, `unavailable` (-999), `delayMs`, `loseReturnAnswers`, `partialReturnRefused`.
 */

export type {
  BehaviorOptions,
  KaspiBehaviour,
  KaspiSimulatorOptions,
  SimPayment,
} from './simulator.state.ts';
export { DEFAULT_CREDENTIALS, DEFAULT_OPTIONS } from './simulator.state.ts';

/** A running (or ready) simulator and the handles tests use. */
export interface KaspiSimulator {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` once listening. */
  readonly url: string;
  /** The API base the shop's adapter is given (`<url>/r3/v01`). */
  readonly apiUrl: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  configure(change: Partial<KaspiBehaviour>): void;
  /** The payments, newest last. */
  payments(): SimPayment[];
  /** The payment Kaspi holds for our ExternalId, newest. */
  paymentOf(externalId: string): SimPayment | undefined;
  devices(): SimDevice[];
  returns(): SimReturn[];
  /** The emulator's action, in-process. @throws Error when it does not fit the payment's status. */
  emulate(paymentId: number, action: EmulatorAction): void;
}

/** Builds the simulator (not listening yet). */
export function createKaspiSimulator(options: KaspiSimulatorOptions = {}): KaspiSimulator {
  const state = createState(options);
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  registerRoutes(app, state);
  return {
    app,
    get url() {
      return state.origin;
    },
    get apiUrl() {
      return `${state.origin}${PREFIX}`;
    },
    listen: (port = 0) => listenOnLoopback(app, state, port),
    close: () => app.close(),
    configure(change) {
      Object.assign(state.behaviour, change);
    },
    payments: () => [...state.payments.values()],
    paymentOf: (externalId) => [...state.payments.values()].filter((p) => p.externalId === externalId).at(-1),
    devices: () => [...state.devices.values()],
    returns: () => [...state.returns],
    emulate(paymentId, action) {
      const p = state.payments.get(paymentId);
      const refused = p ? emulate(state, p, action) : 'no such payment';
      if (refused) throw new Error(refused);
    },
  };
}
