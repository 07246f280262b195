import type { Selectable } from 'kysely';

/**
 * Where a receipt is (docs/decisions/043): `pending` (due at `next_attempt_at`), `sending` (committed before the
 * provider is called: its outcome is unknown until it is found by its number), `done` (fiscalised), `failed`
 * (refused for its content, or given up: shown to staff, who may retry it).
 */
export type FiscalStatus = 'pending' | 'sending' | 'done' | 'failed';

/** Sale (money taken) or return (money given back). */
export type FiscalOperation = 'sale' | 'return';

/** `fiscal_receipt`: the fiscal queue, one row per (order, money event) (migration 20261229T060000). */
export interface FiscalReceiptTable {
  id: string;
  order_id: string;
  /** The event within the order: `sale` (card online), `handover` (cash/card on delivery), `return-<id>`. */
  event_key: string;
  operation: FiscalOperation;
  /** The cash register's factory number (Webkassa CashboxUniqueNumber). */
  cashbox: string;
  /** The provider's idempotency key, ≤ 50 chars; written before the first send and never changed. */
  external_check_number: string;
  /** A return's sale receipt (its basis). */
  basis_receipt_id: string | null;
  /** Tenge taken (sale) or given back (return). */
  total: number;
  /** JSON of {@link ReceiptContent}. */
  payload: string;
  status: FiscalStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  /** JSON of the provider's answer ({@link FiscalResult}). */
  result: string | null;
  /** Fiscal sign (Webkassa CheckNumber). */
  check_number: string | null;
  shift_number: number | null;
  /** The receipt's public page at the ОФД: the link the shopper gets. */
  ticket_url: string | null;
  done_at: string | null;
  created_at: string;
  updated_at: string;
}

/** `fiscal_cashbox`: one cash register, its lease (one worker at a time) and its shift as last seen. */
export interface FiscalCashboxTable {
  unique_number: string;
  city_id: number | null;
  lease_id: string | null;
  lease_until: string | null;
  shift_number: number | null;
  /** ISO time of the shift's first receipt, as Kiim saw it: the shift is closed before 24 h pass. */
  shift_opened_at: string | null;
  last_z_report_at: string | null;
  last_error: string | null;
  updated_at: string;
}

export type FiscalReceiptRow = Selectable<FiscalReceiptTable>;
export type FiscalCashboxRow = Selectable<FiscalCashboxTable>;
