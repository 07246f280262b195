import { useEffect, useState } from 'react';
import type { KaspiShopPollStatus as PollStatus } from '@kiim/contract';
import { adminApi } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * The Kaspi Магазин importer's state (issue 33 item 6; `GET /api/admin/kaspi-shop/poll`, permission orders.read):
 * last poll, the creation window read, the last error in Russian. Renders nothing while loading, when the request
 * fails or when Kaspi Магазин is off. On the «Kaspi» screen, and on the orders list where staff meet Kaspi's orders.
 */
export function KaspiShopPollStatus() {
  const [status, setStatus] = useState<PollStatus | null>(null);
  useEffect(() => {
    let live = true;
    adminApi<PollStatus>('GET', '/kaspi-shop/poll').then(
      (s) => live && setStatus(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!status || status.mode === 'off') return null;
  return (
    <p className="hint" data-testid="kaspi-shop-poll">
      Kaspi Магазин{status.mode === 'simulator' ? ' (симулятор)' : ''}:{' '}
      {status.lastPollAt ? <>последний опрос {formatDateTime(status.lastPollAt)}</> : 'ещё не опрашивался'}
      {status.windowFrom && status.windowTo && (
        <>
          {' '}
          · заказы с {formatDateTime(status.windowFrom)} по {formatDateTime(status.windowTo)}
        </>
      )}{' '}
      · принято заказов: {status.imported}
      {status.lastError && (
        <span className="error" role="alert">
          {' '}
          · ошибка: {status.lastError}
        </span>
      )}
    </p>
  );
}
