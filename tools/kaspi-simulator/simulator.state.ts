import { randomUUID } from 'node:crypto';

/**
 * The state of one Kaspi Pay simulator (in memory: it stands in for an external system) and the rules of a
 * payment's life (kaspi.md A4–A5), shared by its routes (simulator.routes.ts). The contract is reconstructed from
 * open-source clients, not published by Kaspi: keep this in step with apps/api/src/modules/kaspi/kaspi.protocol.ts.
 */

/** Kaspi's `QrPaymentBehaviorOptions` in seconds (kaspi.md A5; a test fixture: 5, 180, 65). */
export interface BehaviorOptions {
  StatusPollingInterval: number;
  QrCodeScanWaitTimeout: number;
  PaymentConfirmationTimeout: number;
}

/** Behaviour knobs, changeable while running. */
export interface KaspiBehaviour {
  options: BehaviorOptions;
  /**
   * A fault on every call: `http500` (an answer with no envelope), `unavailable` (StatusCode -999, «retry
   * later»), or none.
   */
  fault: 'none' | 'http500' | 'unavailable';
  /** Milliseconds each answer is held back (a slow Kaspi; the client's timeout). */
  delayMs: number;
  /** Partial returns are refused (-99000020), as for some merchants (kaspi.md A6). */
  partialReturnRefused: boolean;
  /** `payment/return` is carried out but its answer never comes (the connection is dropped). */
  loseReturnAnswers: boolean;
}

/** The simulator's credentials: the `Api-Key` header and the organisation's BIN (enhanced scheme). */
export interface KaspiCredentials {
  apiKey: string;
  organizationBin: string;
  /** Trade points the organisation has (`partner/tradepoints`). */
  tradePoints: { TradePointId: number; TradePointName: string }[];
}

export interface KaspiSimulatorOptions extends Partial<KaspiBehaviour>, Partial<KaspiCredentials> {
  /** Current time (expiry of QR tokens and links). */
  now?: () => Date;
}

/** A registered device (`device/register`). */
export interface SimDevice {
  token: string;
  deviceId: string;
  tradePointId: number;
  active: boolean;
}

/** How a payment was created: a QR token, a payment link, or a remote invoice to a phone. */
export type PaymentKind = 'qr' | 'link' | 'remote';

/** One payment as Kaspi holds it; money in tenge. */
export interface SimPayment {
  id: number;
  kind: PaymentKind;
  deviceToken: string;
  externalId: string;
  amount: number;
  phoneNumber: string | null;
  /** kaspi.md A4: QrTokenCreated / RemotePaymentCreated → Wait → Processed | Error; Expired; … */
  status: string;
  createdAt: Date;
  /** When the buyer scanned (Wait began). */
  scannedAt: Date | null;
  transactionId: string | null;
  returned: number;
  /** Options at creation (the timeouts of this payment). */
  options: BehaviorOptions;
}

/** One `payment/return` Kaspi carried out. */
export interface SimReturn {
  paymentId: number;
  amount: number;
  returnOperationId: number;
}

export interface KaspiState {
  behaviour: KaspiBehaviour;
  credentials: KaspiCredentials;
  now: () => Date;
  devices: Map<string, SimDevice>;
  payments: Map<number, SimPayment>;
  returns: SimReturn[];
  nextId: number;
  origin: string;
}

/** Default options: the test fixture's 5 s polling, 180 s to scan, 65 s to confirm (kaspi.md A5). */
export const DEFAULT_OPTIONS: BehaviorOptions = {
  StatusPollingInterval: 5,
  QrCodeScanWaitTimeout: 180,
  PaymentConfirmationTimeout: 65,
};

/** The simulator's default credentials (the shop's simulator mode uses the same). */
export const DEFAULT_CREDENTIALS: KaspiCredentials = {
  apiKey: 'development-only-kaspi-key',
  organizationBin: '180340021791',
  tradePoints: [{ TradePointId: 1001, TradePointName: 'Kiim — интернет-магазин' }],
};

/** A fresh state from the options. */
export function createState(options: KaspiSimulatorOptions): KaspiState {
  return {
    behaviour: {
      options: options.options ?? { ...DEFAULT_OPTIONS },
      fault: options.fault ?? 'none',
      delayMs: options.delayMs ?? 0,
      partialReturnRefused: options.partialReturnRefused ?? false,
      loseReturnAnswers: options.loseReturnAnswers ?? false,
    },
    credentials: {
      apiKey: options.apiKey ?? DEFAULT_CREDENTIALS.apiKey,
      organizationBin: options.organizationBin ?? DEFAULT_CREDENTIALS.organizationBin,
      tradePoints: options.tradePoints ?? DEFAULT_CREDENTIALS.tradePoints,
    },
    now: options.now ?? (() => new Date()),
    devices: new Map(),
    payments: new Map(),
    returns: [],
    nextId: 500_000_001,
    origin: '',
  };
}

const FINAL = new Set(['Processed', 'Error', 'Expired', 'QrTokenDiscarded', 'RemotePaymentCanceled']);

/**
 * Brings a payment's status up to the simulator's clock: not scanned within QrCodeScanWaitTimeout (a link or a
 * remote invoice likewise), or scanned and not confirmed within PaymentConfirmationTimeout → `Expired`.
 */
export function age(state: KaspiState, p: SimPayment): SimPayment {
  if (FINAL.has(p.status)) return p;
  const now = state.now().getTime();
  const waited = (from: Date, seconds: number) => now - from.getTime() >= seconds * 1000;
  if (p.status === 'Wait' && p.scannedAt && waited(p.scannedAt, p.options.PaymentConfirmationTimeout)) {
    p.status = 'Expired';
  } else if (p.status !== 'Wait' && waited(p.createdAt, p.options.QrCodeScanWaitTimeout)) {
    p.status = 'Expired';
  }
  return p;
}

/** The emulator's actions on a payment (kaspi.md A9: `test/payment/scan|confirm|scanerror|confirmerror`). */
export type EmulatorAction = 'scan' | 'confirm' | 'scanerror' | 'confirmerror';

/**
 * Applies an emulator action: scan (created → Wait), confirm (Wait → Processed, a remote invoice straight from
 * RemotePaymentCreated), scanerror (created → Error), confirmerror (Wait → Error).
 * @returns null when done, else why the action does not fit the payment's status.
 */
export function emulate(state: KaspiState, p: SimPayment, action: EmulatorAction): string | null {
  age(state, p);
  const created = p.status === 'QrTokenCreated' || p.status === 'RemotePaymentCreated';
  if (action === 'scan' && p.status === 'QrTokenCreated') {
    p.status = 'Wait';
    p.scannedAt = state.now();
  } else if (action === 'scanerror' && created) {
    p.status = 'Error';
  } else if (action === 'confirm' && (p.status === 'Wait' || p.status === 'RemotePaymentCreated')) {
    p.status = 'Processed';
    p.transactionId = String(9_000_000_000 + p.id);
  } else if (action === 'confirmerror' && p.status === 'Wait') {
    p.status = 'Error';
  } else {
    return `cannot ${action} a payment in status ${p.status}`;
  }
  return null;
}

/** A new device token (UUID, as Kaspi's are strings). */
export const newDeviceToken = (): string => randomUUID();
