import type { Selectable } from 'kysely';

/**
 * The Kaspi Магазин importer's state (migration 20261231T070000; issue 33 item 6): one row per job name — the last
 * creation-date window read (epoch ms as text), when it last polled and last succeeded, the last error (Russian,
 * shown to staff; null after a clean poll) and how many orders it has imported in all.
 */
export interface KaspiShopPollTable {
  name: string;
  window_from: string | null;
  window_to: string | null;
  last_poll_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  imported: number;
  created_at: string;
  updated_at: string;
}

export type KaspiShopPollRow = Selectable<KaspiShopPollTable>;
