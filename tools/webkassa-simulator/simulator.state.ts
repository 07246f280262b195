import type { FastifyInstance } from 'fastify';
import { WEBKASSA_SIMULATOR_CREDENTIALS } from '@kiim/api/config';

/**
 * The state of one Webkassa simulator (in memory: it stands in for an external system) and the shapes it deals
 * in, shared by its routes (simulator.routes.ts, simulator.check.ts, simulator.pages.ts).
 */

/** Default credentials and cash register: the shop's simulator configuration uses the same (config.fiscal.ts). */
export { WEBKASSA_SIMULATOR_CREDENTIALS };

/** Behaviour knobs, changeable while running ({@link WebkassaSimulator.configure}); faults for tests. */
export interface WebkassaBehaviour {
  /** Milliseconds every answer is held back after the request is processed (the client's deadline passes). */
  slowMs: number;
  /** The next this-many calls answer code 505 (service down), with `AlternativeDomainNames`. */
  fail505: number;
  /** Hosts listed in the 505 answer's `AlternativeDomainNames` header. */
  alternativeDomains: string[];
  /** The next this-many accepted receipts (and Z-reports) are stored, but the connection drops unanswered. */
  loseAnswers: number;
  /** A duplicate `ExternalCheckNumber` (code 14) also carries the original's `Data`. */
  duplicateWithData: boolean;
  /** Receipts are accepted offline (`OfflineMode: true`). */
  offline: boolean;
  /** Receipts are refused with code 18 (offline limit exceeded). */
  offlineLimitExceeded: boolean;
  /** The next this-many calls answer HTTP 500 with a non-JSON body. */
  fail500: number;
}

/** Options of a new simulator. */
export interface WebkassaSimulatorOptions extends Partial<WebkassaBehaviour> {
  apiKey?: string;
  login?: string;
  password?: string;
  /** The cash registers (factory numbers) the account holds. */
  cashboxes?: string[];
  /** Token lifetime, seconds (Webkassa does not publish it; code 2 after it). */
  tokenTtlSeconds?: number;
  /** The seller printed on receipts (a real cash register is registered with these). */
  seller?: { name: string; bin: string; address: string };
  /** Current time: shifts (24 h rule), token expiry, receipt dates. */
  now?: () => Date;
}

/** One position as accepted (numbers in tenge). */
export interface SimPosition {
  Count: number;
  Price: number;
  Discount: number;
  Markup: number;
  Tax: number;
  TaxType: number;
  TaxPercent: number | null;
  PositionName: string;
  PositionCode: string;
  UnitCode: number;
}

/** A receipt the simulator fiscalised. */
export interface SimReceipt {
  cashbox: string;
  operationType: 2 | 3;
  externalCheckNumber: string;
  externalOrderNumber: string | null;
  checkNumber: string;
  checkOrderNumber: number;
  shiftNumber: number;
  dateTime: string;
  total: number;
  offline: boolean;
  positions: SimPosition[];
  payments: { Sum: number; PaymentType: number }[];
  change: number;
  customerEmail: string | null;
  customerPhone: string | null;
  /** For a return: the sale's fiscal sign. */
  basisCheckNumber: string | null;
  /** Tenge returned against this sale so far (sales only). */
  returned: number;
}

/** A shift of one cash register. */
export interface SimShift {
  number: number;
  openedAt: Date;
  closedAt: Date | null;
  documents: number;
}

/** One cash register's state. */
export interface SimCashbox {
  uniqueNumber: string;
  registrationNumber: string;
  identityNumber: string;
  shifts: SimShift[];
  receipts: Map<string, SimReceipt>;
  /** A request is being handled: a concurrent one gets code 9. */
  busy: boolean;
}

/** A call the simulator received: what a test counts. */
export interface CallRecord {
  path: string;
  externalCheckNumber: string | null;
  /** Error code answered, 0 for success, -2 for a dropped connection. */
  code: number;
}

/** Everything the routes of one simulator share. */
export interface SimulatorState {
  behaviour: WebkassaBehaviour;
  apiKey: string;
  login: string;
  password: string;
  ttl: number;
  seller: { name: string; bin: string; address: string };
  now: () => Date;
  /** Token → expiry (ms since epoch). */
  tokens: Map<string, number>;
  cashboxes: Map<string, SimCashbox>;
  calls: CallRecord[];
  /** Answers being held back (`slowMs`). */
  held: Set<Promise<void>>;
  /** Receipts issued so far, all cash registers: seeds fiscal signs. */
  issued: number;
  origin: string;
}

/** A running simulator. */
export interface WebkassaSimulator {
  app: FastifyInstance;
  /** Origin (`http://127.0.0.1:PORT`), known after {@link listen}. */
  readonly url: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  configure(change: Partial<WebkassaBehaviour>): void;
  /** Every token issued so far expires now (code 2 on the next call). */
  expireTokens(): void;
  /** Receipts of a cash register, oldest first. */
  receipts(cashbox?: string): SimReceipt[];
  /** Shifts of a cash register, oldest first. */
  shifts(cashbox?: string): SimShift[];
  /** Calls received, oldest first. */
  calls(): CallRecord[];
  /** Resolves when no answer is being held back (after `slowMs`): what a test waits for before going on. */
  idle(): Promise<void>;
}

/** The fresh state of a simulator with these options. */
export function createState(options: WebkassaSimulatorOptions): SimulatorState {
  const c = WEBKASSA_SIMULATOR_CREDENTIALS;
  const cashboxes = new Map<string, SimCashbox>();
  (options.cashboxes ?? [c.cashbox]).forEach((uniqueNumber, i) =>
    cashboxes.set(uniqueNumber, {
      uniqueNumber,
      registrationNumber: String(600_000_000_000 + i + 1),
      identityNumber: String(1000 + i + 1),
      shifts: [],
      receipts: new Map(),
      busy: false,
    }),
  );
  return {
    behaviour: {
      slowMs: options.slowMs ?? 0,
      fail505: options.fail505 ?? 0,
      alternativeDomains: options.alternativeDomains ?? [],
      loseAnswers: options.loseAnswers ?? 0,
      duplicateWithData: options.duplicateWithData ?? true,
      offline: options.offline ?? false,
      offlineLimitExceeded: options.offlineLimitExceeded ?? false,
      fail500: options.fail500 ?? 0,
    },
    apiKey: options.apiKey ?? c.apiKey,
    login: options.login ?? c.login,
    password: options.password ?? c.password,
    ttl: options.tokenTtlSeconds ?? 24 * 3600,
    seller: options.seller ?? { name: 'ТОО «Kiim»', bin: '000000000000', address: 'Алматы' },
    now: options.now ?? (() => new Date()),
    tokens: new Map(),
    cashboxes,
    calls: [],
    held: new Set(),
    issued: 0,
    origin: '',
  };
}

/** The open shift of a cash register, if any. */
export const openShift = (box: SimCashbox) => {
  const last = box.shifts.at(-1);
  return last && !last.closedAt ? last : null;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Webkassa's date format, Almaty time (UTC+5): `dd.MM.yyyy HH:mm:ss`. */
export function webkassaDateTime(at: Date): string {
  const t = new Date(at.getTime() + 5 * 3600_000);
  return (
    `${pad(t.getUTCDate())}.${pad(t.getUTCMonth() + 1)}.${t.getUTCFullYear()} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/** Rounds to tiyn (2 decimals), as Webkassa keeps amounts. */
export const round2 = (n: number) => Math.round(n * 100) / 100;
