import type { FastifyInstance } from 'fastify';
import { SIMULATOR_CREDENTIALS } from '@kiim/api/config';

/**
 * The state of one ePay simulator (in memory: it stands in for an external system) and the shapes it deals
 * in, shared by its routes (simulator.oauth.ts, simulator.payform.ts, simulator.operations.ts).
 */

/** Behaviour knobs, changeable while running ({@link EpaySimulator.configure}). */
export interface SimulatorBehaviour {
  /** Milliseconds before a callback is posted. */
  callbackDelayMs: number;
  /** Copies of each callback posted at once. */
  callbackCopies: number;
  /** Share of callback copies never sent, 0..1. */
  callbackLoss: number;
  /** Two-stage terminal: approved payments stay `AUTH` until charged. */
  twoStage: boolean;
  /** The status API answers resultCode 107 (try later), as ePay does when busy. */
  statusUnavailable: boolean;
  /** Every API endpoint (token, status, operations) answers 503, as during an outage. */
  down: boolean;
  /** Operations are carried out but their answer never comes (the client times out): a lost answer. */
  loseOperationAnswers: boolean;
  /**
   * Tenge of each approved payment paid with Halyk bonuses (0: none). The status API and the callback then
   * report `amount` as the card part and `amountBonus` as the bonus part (payments-sms.md §3).
   */
  bonusAmount: number;
  /**
   * The next this-many status answers are resultCode 107 («in progress», not a failure) before the real one,
   * as ePay answers while a payment is being processed; counts down with every status call.
   */
  inProgressChecks: number;
}

export interface SimulatorOptions extends Partial<SimulatorBehaviour> {
  clientId?: string;
  clientSecret?: string;
  terminalId?: string;
  /** Payment token lifetime, seconds (ePay samples: 1200, 7200). */
  tokenTtlSeconds?: number;
  /** Posts a callback; default `fetch` with a 10 s timeout. Tests may deliver in-process. */
  deliver?: (url: string, body: Record<string, unknown>) => Promise<void>;
  /** Randomness of callback loss (tests make it deterministic). */
  random?: () => number;
  /** Current time (token expiry, card expiry, transaction dates). */
  now?: () => Date;
  /** Told about callbacks sent, lost or failed (logging). */
  onEvent?: (event: SimulatorEvent) => void;
}

/** What the simulator reports to `onEvent`. */
export type SimulatorEvent =
  | { type: 'callback-sent'; url: string; invoiceId: string; code: string }
  | { type: 'callback-lost'; url: string; invoiceId: string }
  | { type: 'callback-failed'; url: string; invoiceId: string; error: string };

/** An OAuth token: a payment token when bound to an invoice, else an API token. */
export interface Token {
  accessToken: string;
  expiresAt: number;
  clientId: string;
  terminal: string;
  invoice?: {
    invoiceId: string;
    amount: number;
    currency: string;
    secretHash: string;
    postLink?: string;
    failurePostLink?: string;
  };
}

/** A transaction (one payment attempt) as the status API shows it; amounts in tenge. */
export interface SimTransaction {
  id: string;
  invoiceId: string;
  amount: number;
  chargedAmount: number;
  refundedAmount: number;
  /** Tenge of `amount` paid with Halyk bonuses. */
  bonusAmount: number;
  currency: string;
  statusName: 'AUTH' | 'CHARGE' | 'CANCEL' | 'REFUND' | 'FAILED' | 'REJECT';
  reason: string | null;
  reasonCode: string | null;
  cardMask: string;
  cardType: string;
  approvalCode: string | null;
  reference: string;
  createdDate: string;
  terminal: string;
  accountId: string;
  description: string;
  email: string;
  phone: string;
  name: string;
  language: string;
  data: string;
}

/** One operation request as the simulator received it (`amount` from the query, as ePay reads a refund's). */
export interface OperationRecord {
  op: string;
  transactionId: string;
  amount: string | null;
  externalId: string | null;
}

/** An invoice and the attempts made on it, oldest first. */
export interface Invoice {
  invoiceId: string;
  amount: number;
  currency: string;
  transactions: SimTransaction[];
}

/** A running simulator. */
export interface EpaySimulator {
  app: FastifyInstance;
  /** Origin of the simulator (`http://127.0.0.1:PORT`), known after {@link listen}. */
  readonly url: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  configure(change: Partial<SimulatorBehaviour>): void;
  /** The attempts made on an invoice, oldest first. */
  transactions(invoiceId: string): SimTransaction[];
  /**
   * A refund made by the merchant in ePay's cabinet, outside the shop: `amount` tenge (default all that is left)
   * of the invoice's charged payment. @throws when there is nothing to refund.
   */
  refundInCabinet(invoiceId: string, amount?: number): void;
  /** Every operation request received (charge, cancel, refund), in order: what a test counts. */
  operations(): OperationRecord[];
  /** Resolves when every scheduled callback has been posted (tests). */
  idle(): Promise<void>;
}

/** The payment object as the payment page receives it (`?params=`), the fields it uses. */
export interface PayformObject {
  invoiceId?: unknown;
  amount?: unknown;
  currency?: unknown;
  terminal?: unknown;
  backLink?: unknown;
  failureBackLink?: unknown;
  postLink?: unknown;
  failurePostLink?: unknown;
  description?: unknown;
  accountId?: unknown;
  email?: unknown;
  phone?: unknown;
  name?: unknown;
  language?: unknown;
  data?: unknown;
  auth?: { access_token?: unknown };
}

/** Everything the routes of one simulator share. */
export interface SimulatorState {
  behaviour: SimulatorBehaviour;
  clientId: string;
  clientSecret: string;
  terminalId: string;
  /** Token lifetime, seconds. */
  ttl: number;
  now: () => Date;
  random: () => number;
  onEvent: (event: SimulatorEvent) => void;
  deliver: (url: string, body: Record<string, unknown>) => Promise<void>;
  tokens: Map<string, Token>;
  invoices: Map<string, Invoice>;
  transactionsById: Map<string, SimTransaction>;
  /** Refunds done, by the shop's `externalID`: a repeat is answered without refunding again. */
  refundsByExternalId: Map<string, { transactionId: string; amount: number }>;
  /** Operation requests received, oldest first. */
  operationLog: OperationRecord[];
  /** Callbacks scheduled and not yet posted. */
  pending: Set<Promise<void>>;
  /** Origin once listening, '' before. */
  origin: string;
}

/** Posts a callback as ePay does: JSON, 10 s timeout, any non-2xx answer is a failure. */
async function postJson(url: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

/** The fresh state of a simulator with these options (defaults: the simulator's credentials, no delay). */
export function createState(options: SimulatorOptions): SimulatorState {
  return {
    behaviour: {
      callbackDelayMs: options.callbackDelayMs ?? 0,
      callbackCopies: options.callbackCopies ?? 1,
      callbackLoss: options.callbackLoss ?? 0,
      twoStage: options.twoStage ?? false,
      statusUnavailable: options.statusUnavailable ?? false,
      down: options.down ?? false,
      loseOperationAnswers: options.loseOperationAnswers ?? false,
      bonusAmount: options.bonusAmount ?? 0,
      inProgressChecks: options.inProgressChecks ?? 0,
    },
    clientId: options.clientId ?? SIMULATOR_CREDENTIALS.clientId,
    clientSecret: options.clientSecret ?? SIMULATOR_CREDENTIALS.clientSecret,
    terminalId: options.terminalId ?? SIMULATOR_CREDENTIALS.terminalId,
    ttl: options.tokenTtlSeconds ?? 1200,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
    onEvent: options.onEvent ?? (() => {}),
    deliver: options.deliver ?? postJson,
    tokens: new Map(),
    invoices: new Map(),
    transactionsById: new Map(),
    refundsByExternalId: new Map(),
    operationLog: [],
    pending: new Set(),
    origin: '',
  };
}

/** A value of a form or payment object as text ('' for nothing). */
export const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** True when an attempt did not fail: it holds or took the invoice's money. */
export const isLive = (t: SimTransaction) => t.statusName !== 'FAILED' && t.statusName !== 'REJECT';

/** Decodes the payment page's `params` (base64url JSON written by the simulator's payment-api.js). */
export function decodePayformParams(params: string): PayformObject | null {
  try {
    const obj = JSON.parse(Buffer.from(params, 'base64url').toString('utf8')) as unknown;
    return obj && typeof obj === 'object' ? (obj as PayformObject) : null;
  } catch {
    return null;
  }
}

/** Encodes a payment object as the simulator's payment-api.js does (for tests that skip the browser). */
export const encodePayformParams = (obj: unknown) =>
  Buffer.from(JSON.stringify(obj), 'utf8').toString('base64url');

/** True for an absolute http(s) URL. */
export const isHttpUrl = (u: string) => {
  try {
    const { protocol } = new URL(u);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};
