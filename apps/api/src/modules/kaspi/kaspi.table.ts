import type { Selectable } from 'kysely';
import type { KaspiState } from './kaspi.protocol.ts';

/** The device registered once per trade point (`device/register`) and its token (migration 20261229T070000). */
export interface KaspiDeviceTable {
  trade_point_id: number;
  device_id: string;
  device_token: string;
  created_at: string;
}

/**
 * One Kaspi payment (QR, link or remote invoice) made for a shop payment (`payment.provider` = `kaspi`): Kaspi's
 * `QrPaymentId`, what the shopper is shown, Kaspi's last status and its meaning, Kaspi's polling interval and
 * timeouts (seconds) and the deadlines they give; `next_poll_at` null once the attempt is final.
 */
export interface KaspiAttemptTable {
  id: string;
  payment_id: string;
  kind: 'qr' | 'link' | 'remote';
  qr_payment_id: string;
  qr_token: string | null;
  payment_link: string | null;
  phone: string | null;
  device_token: string;
  kaspi_status: string;
  state: KaspiState;
  poll_seconds: number;
  confirm_seconds: number;
  scan_deadline: string;
  confirm_deadline: string | null;
  next_poll_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export type KaspiAttemptRow = Selectable<KaspiAttemptTable>;
