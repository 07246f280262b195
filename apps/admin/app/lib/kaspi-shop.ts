import { AdminKaspiActionBody, type AdminOrder } from '@kiim/contract';
import { adminApi } from './api.ts';
import { submit, type FormResult } from './form.ts';

/** The order page's intents of Kaspi actions (KaspiOrderPanel), `kaspi-<action>`. */
export const isKaspiIntent = (intent: unknown): boolean =>
  typeof intent === 'string' && /^kaspi-(accept|send-code|complete|cancel)$/.test(intent);

/**
 * Sends a Kaspi action of the order page (`POST /api/admin/orders/:number/kaspi/:action`, issue 33 item 6) with the
 * version the page was loaded with, the buyer's code or Kaspi's reason; field errors and the API's Russian message
 * come back as the form's result.
 */
export function sendKaspiAction(
  path: string,
  intent: string,
  values: Record<string, string | string[]>,
  version: number,
): Promise<FormResult<{ order: AdminOrder }>> {
  const body = {
    version,
    securityCode: values.securityCode || undefined,
    reason: values.reason || undefined,
  };
  return submit(AdminKaspiActionBody, body, (b) =>
    adminApi<{ order: AdminOrder }>('POST', `${path}/kaspi/${intent.slice('kaspi-'.length)}`, b),
  );
}
