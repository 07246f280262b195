import { randomUUID } from 'node:crypto';

/**
 * The state of one CDEK simulator (in memory: it stands in for an external system) and the shapes it deals in,
 * shared by its routes. Field names are CDEK API v2's (delivery-cdek.md §2–8).
 */

/** Behaviour knobs and faults (delivery-cdek.md §9–10), changeable while running. */
export interface CdekBehaviour {
  /** Milliseconds before an order or print request leaves ACCEPTED (CDEK: 0.2–0.5 s, up to a minute). */
  validationDelayMs: number;
  /** Milliseconds every answer is held back (a slow host; the client's timeout decides). */
  slowMs: number;
  /** The calculator answers HTTP 500 `v2_internal_error`, as CDEK's test host does. */
  calculatorFails: boolean;
  /** Prices are multiplied by this (a tariff update between a quote and the order, delivery-cdek.md §5). */
  priceFactor: number;
  /** `GET /deliverypoints` answers an empty list, as CDEK's test host sometimes does. */
  emptyDeliveryPoints: boolean;
  /** The next order request becomes INVALID with this CDEK error (`{code, message}`) after its 202. */
  invalidNext: { code: string; message: string } | null;
  /** The next this-many API calls answer 401 `v2_token_expired` even with a fresh token. */
  expireTokens: number;
  /** Copies of each webhook posted. */
  webhookCopies: number;
  /** Share of webhooks never sent, 0..1. */
  webhookLoss: number;
  /** Webhooks of one status move are sent newest first (out of order). */
  webhooksReversed: boolean;
}

export interface CdekSimulatorOptions extends Partial<CdekBehaviour> {
  /** The account accepted by `/v2/oauth/token` (default: CDEK's published test account). */
  clientId?: string;
  clientSecret?: string;
  /** Token lifetime, seconds (CDEK: 3600). */
  tokenTtlSeconds?: number;
  /** Posts a webhook; default `fetch` with a 15 s timeout (CDEK's). */
  deliver?: (url: string, body: Record<string, unknown>) => Promise<number>;
  random?: () => number;
  now?: () => Date;
  onEvent?: (event: CdekSimulatorEvent) => void;
}

/** What the simulator reports to `onEvent`. */
export type CdekSimulatorEvent =
  | { type: 'webhook-sent'; url: string; code: string; status: number }
  | { type: 'webhook-lost'; url: string; code: string }
  | { type: 'webhook-failed'; url: string; code: string; error: string };

/** CDEK's published test account (official SDK Constants.php, delivery-cdek.md §1). */
export const CDEK_TEST_ACCOUNT = {
  clientId: 'wqGwiQx0gg8mLtiEKsUinjVSICCjtTEP',
  clientSecret: 'RmAmgvSgSl1yirlz9QupbzOJVqhCxcP5',
} as const;

export interface CdekError {
  code: string;
  message: string;
}

/** One request on an entity (`requests[]`, delivery-cdek.md §2). */
export interface SimRequest {
  request_uuid: string;
  type: 'CREATE' | 'UPDATE' | 'DELETE';
  state: 'ACCEPTED' | 'WAITING' | 'SUCCESSFUL' | 'INVALID';
  date_time: string;
  errors: CdekError[];
  warnings: CdekError[];
}

export interface SimStatus {
  code: string;
  name: string;
  date_time: string;
  city: string;
}

/** An order as CDEK keeps it; `body` is the validated `POST /v2/orders` body. */
export interface SimOrder {
  uuid: string;
  number: string;
  cdekNumber: string | null;
  body: Record<string, unknown>;
  /** Cities the statuses are reported in: the sender's until the parcel leaves, then the recipient's. */
  senderCity: string;
  recipientCity: string;
  statuses: SimStatus[];
  requests: SimRequest[];
}

export interface SimPrint {
  uuid: string;
  orderUuids: string[];
  copyCount: number;
  statuses: { code: 'ACCEPTED' | 'PROCESSING' | 'READY' | 'INVALID'; name: string; date_time: string }[];
}

export interface SimWebhook {
  uuid: string;
  url: string;
  type: string;
}

export interface CdekState {
  clientId: string;
  clientSecret: string;
  ttl: number;
  behaviour: CdekBehaviour;
  tokens: Map<string, number>;
  orders: Map<string, SimOrder>;
  prints: Map<string, SimPrint>;
  webhooks: Map<string, SimWebhook>;
  pending: Set<Promise<unknown>>;
  nextCdekNumber: number;
  now: () => Date;
  random: () => number;
  deliver: (url: string, body: Record<string, unknown>) => Promise<number>;
  onEvent: (event: CdekSimulatorEvent) => void;
  origin: string;
}

async function fetchDeliver(url: string, body: Record<string, unknown>): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  await res.arrayBuffer();
  return res.status;
}

export function createState(o: CdekSimulatorOptions): CdekState {
  return {
    clientId: o.clientId ?? CDEK_TEST_ACCOUNT.clientId,
    clientSecret: o.clientSecret ?? CDEK_TEST_ACCOUNT.clientSecret,
    ttl: o.tokenTtlSeconds ?? 3600,
    behaviour: {
      validationDelayMs: o.validationDelayMs ?? 300,
      slowMs: o.slowMs ?? 0,
      calculatorFails: o.calculatorFails ?? false,
      priceFactor: o.priceFactor ?? 1,
      emptyDeliveryPoints: o.emptyDeliveryPoints ?? false,
      invalidNext: o.invalidNext ?? null,
      expireTokens: o.expireTokens ?? 0,
      webhookCopies: o.webhookCopies ?? 1,
      webhookLoss: o.webhookLoss ?? 0,
      webhooksReversed: o.webhooksReversed ?? false,
    },
    tokens: new Map(),
    orders: new Map(),
    prints: new Map(),
    webhooks: new Map(),
    pending: new Set(),
    nextCdekNumber: 1_100_000_001,
    now: o.now ?? (() => new Date()),
    random: o.random ?? Math.random,
    deliver: o.deliver ?? fetchDeliver,
    onEvent: o.onEvent ?? (() => {}),
    origin: '',
  };
}

/** CDEK's date-time format: `2023-11-28T07:44:45+0000`. */
export function cdekDateTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

export function newRequest(state: CdekState, type: SimRequest['type']): SimRequest {
  return {
    request_uuid: randomUUID(),
    type,
    state: 'ACCEPTED',
    date_time: cdekDateTime(state.now()),
    errors: [],
    warnings: [],
  };
}

/** Runs `work` after `ms`, tracked so `idle()` and `close()` can wait for it. */
export function later(state: CdekState, ms: number, work: () => Promise<void> | void): void {
  const p = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(work);
  state.pending.add(p);
  void p.finally(() => state.pending.delete(p));
}

/** CDEK's Russian status names (official SDK constants, delivery-cdek.md §7). */
export const STATUS_NAMES: Record<string, string> = {
  ACCEPTED: 'Принят',
  CREATED: 'Создан',
  REMOVED: 'Удален',
  INVALID: 'Некорректный заказ',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  READY_FOR_SHIPMENT_IN_SENDER_CITY: 'Выдан на отправку в г. отправителе',
  TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY: 'Сдан перевозчику в г. отправителе',
  SENT_TO_RECIPIENT_CITY: 'Отправлен в г. получатель',
  ACCEPTED_IN_RECIPIENT_CITY: 'Встречен в г. получателе',
  ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE: 'Принят на склад доставки',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят на склад до востребования',
  TAKEN_BY_COURIER: 'Выдан на доставку',
  DELIVERED: 'Вручен',
  NOT_DELIVERED: 'Не вручен',
  RETURNED_TO_SENDER_CITY_WAREHOUSE: 'Возвращен на склад отправителя',
};

/** The scripted status paths a test or the control endpoint can move an order along (after CREATED). */
export const STATUS_PATHS = {
  delivered: [
    'RECEIVED_AT_SHIPMENT_WAREHOUSE',
    'SENT_TO_RECIPIENT_CITY',
    'ACCEPTED_IN_RECIPIENT_CITY',
    'ACCEPTED_AT_PICK_UP_POINT',
    'DELIVERED',
  ],
  'not-delivered': [
    'RECEIVED_AT_SHIPMENT_WAREHOUSE',
    'SENT_TO_RECIPIENT_CITY',
    'ACCEPTED_AT_PICK_UP_POINT',
    'NOT_DELIVERED',
  ],
  returned: ['NOT_DELIVERED', 'RETURNED_TO_SENDER_CITY_WAREHOUSE'],
} as const;

export type StatusPath = keyof typeof STATUS_PATHS;
