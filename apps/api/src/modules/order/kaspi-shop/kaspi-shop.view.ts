import type { AdminKaspiOrder } from '@kiim/contract';
import type { OrderRow } from '../order.table.ts';

/**
 * A Kaspi order's own facts for the order page (issue 33 item 6): Kaspi's code and last status, the reason staff
 * must look (null when reserved) and the lines as Kaspi sent them; null for a site order.
 */
export function kaspiFactsOf(row: OrderRow): AdminKaspiOrder | null {
  if (row.channel !== 'kaspi' || !row.kaspi_code) return null;
  let lines: AdminKaspiOrder['lines'];
  try {
    lines = JSON.parse(row.kaspi_lines ?? '[]') as AdminKaspiOrder['lines'];
  } catch {
    lines = [];
  }
  return { code: row.kaspi_code, status: row.kaspi_status, problem: row.kaspi_problem, lines };
}
