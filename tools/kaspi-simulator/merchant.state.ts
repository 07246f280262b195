import { randomInt } from 'node:crypto';

// The state of the Kaspi Merchant API v2 simulator (kaspi.md C; issue 33 Part B item 6): orders in memory, the
// transitions Kaspi allows and the faults tests switch on. The routes (merchant.routes.ts) only read and change it.

/** `state` values Kaspi uses (kaspi.md C, enums from the Go client K15). */
export const SHOP_STATES = [
  'NEW',
  'SIGN_REQUIRED',
  'PICKUP',
  'DELIVERY',
  'KASPI_DELIVERY',
  'ARCHIVE',
] as const;
export type OrderState = (typeof SHOP_STATES)[number];

/** `status` values Kaspi uses (kaspi.md C). */
export type ShopStatus =
  | 'APPROVED_BY_BANK'
  | 'ACCEPTED_BY_MERCHANT'
  | 'COMPLETED'
  | 'CANCELLED'
  | 'CANCELLING'
  | 'KASPI_DELIVERY_RETURN_REQUESTED'
  | 'RETURN_ACCEPTED_BY_MERCHANT'
  | 'RETURNED';

/** The three reasons a merchant may give when cancelling (kaspi.md C, Actions). */
export const CANCEL_REASONS = [
  'BUYER_CANCELLATION_BY_MERCHANT',
  'BUYER_NOT_REACHABLE',
  'MERCHANT_OUT_OF_STOCK',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** One line of an order: `sku` is the merchant's own code (the offer's `code`), prices in tenge. */
export interface SimShopEntry {
  id: string;
  sku: string;
  name: string;
  quantity: number;
  /** Price of one unit, tenge. */
  basePrice: number;
  /** basePrice × quantity, tenge. */
  totalPrice: number;
}

/** A Kaspi Магазин order as the simulator holds it. */
export interface SimShopOrder {
  id: string;
  /** The number people see. */
  code: string;
  state: OrderState;
  status: ShopStatus;
  /** Epoch ms. */
  creationDate: number;
  /** Tenge. */
  totalPrice: number;
  deliveryMode: 'DELIVERY_PICKUP' | 'DELIVERY_LOCAL';
  /** The Kaspi store (pickup point) the order is served from. */
  pickupPointId: string;
  customer: { id: string; cellPhone: string; firstName: string; lastName: string };
  entries: SimShopEntry[];
  /** The code texted to the buyer by the first completion step (tests read it). */
  securityCode?: string;
  cancellationReason?: string;
  cancellationComment?: string;
}

/** Faults on demand. `times` = how many calls fail before the fault switches itself off (0 = until changed). */
export interface ShopBehaviour {
  fault: 'none' | 'http401' | 'http500' | 'malformed' | 'wrongShape';
  times: number;
  /** One-shot: after a first page is served, its first order leaves the list (Kaspi cancels it). */
  changeStateBetweenPages: boolean;
}

export interface ShopState {
  origin: string;
  token: string;
  orders: Map<string, SimShopOrder>;
  behaviour: ShopBehaviour;
  seq: number;
  now: () => Date;
}

/** Options of the simulator. `token` is the `X-Auth-Token` it accepts. */
export interface ShopSimulatorOptions {
  token?: string;
  now?: () => Date;
}

export const DEFAULT_SHOP_TOKEN = 'kiim-shop-simulator-token';

export function createShopState(options: ShopSimulatorOptions = {}): ShopState {
  return {
    origin: '',
    token: options.token ?? DEFAULT_SHOP_TOKEN,
    orders: new Map(),
    behaviour: { fault: 'none', times: 0, changeStateBetweenPages: false },
    seq: 0,
    now: options.now ?? (() => new Date()),
  };
}

/** What a test gives to create an order as a buyer would. Prices in tenge. */
export interface NewShopOrder {
  lines: { sku: string; quantity: number; price: number; name?: string }[];
  pickupPointId?: string;
  phone?: string;
  /** Epoch ms; now by default. */
  creationDate?: number;
  state?: 'NEW' | 'SIGN_REQUIRED' | 'PICKUP' | 'DELIVERY';
  deliveryMode?: 'DELIVERY_PICKUP' | 'DELIVERY_LOCAL';
}

/** Creates an order paid (APPROVED_BY_BANK) and waiting for the merchant. @throws Error on empty or bad lines. */
export function addOrder(state: ShopState, input: NewShopOrder): SimShopOrder {
  if (input.lines.length === 0) throw new Error('an order needs lines');
  for (const l of input.lines)
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || !Number.isInteger(l.price) || l.price < 0)
      throw new Error('quantity ≥ 1 and price in whole tenge');
  const n = ++state.seq;
  const id = `${100000 + n}`;
  const entries = input.lines.map((l, i) => ({
    id: `${id}-${i + 1}`,
    sku: l.sku,
    name: l.name ?? l.sku,
    quantity: l.quantity,
    basePrice: l.price,
    totalPrice: l.price * l.quantity,
  }));
  const order: SimShopOrder = {
    id,
    code: `${500000000 + n * 7}`,
    state: input.state ?? 'NEW',
    status: 'APPROVED_BY_BANK',
    creationDate: input.creationDate ?? state.now().getTime(),
    totalPrice: entries.reduce((s, e) => s + e.totalPrice, 0),
    deliveryMode: input.deliveryMode ?? 'DELIVERY_PICKUP',
    pickupPointId: input.pickupPointId ?? 'PP1',
    customer: {
      id: `c${n}`,
      cellPhone: input.phone ?? '7011234567',
      firstName: 'Покупатель',
      lastName: `${n}`,
    },
    entries,
  };
  state.orders.set(id, order);
  return order;
}

/** Kaspi's own moves on an order: the buyer or Kaspi cancels, or the buyer returns a completed order. */
export type KaspiMove = 'cancel' | 'return';

/** Applies Kaspi's move. @returns a refusal text, or null when done. */
export function kaspiMove(order: SimShopOrder, move: KaspiMove): string | null {
  if (move === 'cancel') {
    if (order.status !== 'APPROVED_BY_BANK' && order.status !== 'ACCEPTED_BY_MERCHANT')
      return `cannot cancel an order in ${order.status}`;
    order.status = 'CANCELLED';
    order.state = 'ARCHIVE';
    order.cancellationReason = 'BUYER_CANCELLATION_HIMSELF';
    return null;
  }
  if (order.status !== 'COMPLETED') return `cannot return an order in ${order.status}`;
  order.status = 'RETURNED';
  order.state = 'ARCHIVE';
  return null;
}

/** The merchant's action (POST /orders), already validated for shape. */
export type MerchantAction =
  | { kind: 'accept' }
  | { kind: 'sendCode' }
  | { kind: 'complete'; securityCode: string }
  | { kind: 'cancel'; reason: CancelReason; comment?: string };

/**
 * A refusal of a merchant's action: the JSON:API error object's `code` and `title`. The codes are the simulator's
 * (kaspi.md C names none); the shop's adapter reads the same ones (kaspi.merchant.protocol.ts SHOP_ERROR_CODES).
 */
export interface Refusal {
  code: string;
  title: string;
}

const refusal = (code: string, title: string): Refusal => ({ code, title });

/** Applies the merchant's action as Kaspi would. @returns a refusal (400), or null when done. */
export function merchantAction(order: SimShopOrder, action: MerchantAction): Refusal | null {
  const open = order.status === 'APPROVED_BY_BANK' || order.status === 'ACCEPTED_BY_MERCHANT';
  const cannot = (what: string) =>
    refusal('INVALID_STATUS_TRANSITION', `cannot ${what} an order in ${order.status}`);
  switch (action.kind) {
    case 'accept':
      if (order.status !== 'APPROVED_BY_BANK') return cannot('accept');
      order.status = 'ACCEPTED_BY_MERCHANT';
      if (order.state === 'NEW' || order.state === 'SIGN_REQUIRED')
        order.state = order.deliveryMode === 'DELIVERY_PICKUP' ? 'PICKUP' : 'DELIVERY';
      return null;
    case 'sendCode':
      if (order.status !== 'ACCEPTED_BY_MERCHANT') return cannot('complete');
      order.securityCode = `${randomInt(1000, 10000)}`;
      return null;
    case 'complete':
      if (order.status !== 'ACCEPTED_BY_MERCHANT') return cannot('complete');
      if (!order.securityCode) return refusal('SECURITY_CODE_NOT_SENT', 'no code was sent to the buyer');
      if (action.securityCode !== order.securityCode)
        return refusal('INVALID_SECURITY_CODE', 'wrong security code');
      order.status = 'COMPLETED';
      order.state = 'ARCHIVE';
      return null;
    case 'cancel':
      if (!open) return cannot('cancel');
      order.status = 'CANCELLED';
      order.state = 'ARCHIVE';
      order.cancellationReason = action.reason;
      if (action.comment !== undefined) order.cancellationComment = action.comment;
      return null;
  }
}
