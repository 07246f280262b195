import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { HalykPaymentObject } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { useT } from '../lib/text.ts';

declare global {
  interface Window {
    /** ePay's payment-api.js (payments-sms.md §1). */
    halyk?: {
      pay(payment: HalykPaymentObject): void;
      showPaymentWidget(payment: HalykPaymentObject, callback: (result: { success: boolean }) => void): void;
    };
  }
}

const scripts = new Map<string, Promise<void>>();

/** Loads ePay's payment-api.js once (its URL comes from the API's configuration). */
function loadPaymentScript(src: string): Promise<void> {
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        scripts.delete(src);
        reject(new Error(`cannot load ${src}`));
      };
      document.head.appendChild(el);
    });
    scripts.set(src, p);
  }
  return p;
}

type PayData = { pay: { scriptUrl: string; payment: HalykPaymentObject } } | { payError: string };

/**
 * «Оплатить картой»: posts `intent=pay` to the current route's action (which asks the API for a fresh ePay
 * payment object), loads ePay's payment-api.js and calls `halyk.pay(obj)`, which takes the shopper to the
 * bank's payment page; the bank brings them back to the order's page. `autoStart` does it at once (right after
 * checkout). A refusal (already paid, window closed, bank unavailable) is shown beside the button.
 */
export function PayButton({ amount, autoStart = false }: { amount: number; autoStart?: boolean }) {
  const t = useT();
  const fetcher = useFetcher<PayData>();
  const data = fetcher.data;
  // The payment page failed to open for this answer (the script did not load).
  const [failedFor, setFailedFor] = useState<PayData | null>(null);

  useEffect(() => {
    if (autoStart) void fetcher.submit({ intent: 'pay' }, { method: 'post' });
    // Once, when the page opens.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!data || !('pay' in data)) return;
    loadPaymentScript(data.pay.scriptUrl)
      .then(() => {
        if (!window.halyk) throw new Error('payment-api.js did not define halyk');
        window.halyk.pay(data.pay.payment);
      })
      .catch(() => setFailedFor(data));
  }, [data]);

  const scriptFailed = data !== undefined && failedFor === data;
  const problem = data && 'payError' in data ? data.payError : scriptFailed ? t('pay.openFailed') : null;
  const busy = fetcher.state !== 'idle' || (!!data && 'pay' in data && !scriptFailed);
  return (
    <fetcher.Form method="post" className="pay">
      <input type="hidden" name="intent" value="pay" />
      <button type="submit" className="button button--primary" disabled={busy} data-testid="pay-button">
        {busy ? t('pay.opening') : t('pay.payAmount', { amount: formatPrice(amount) })}
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <noscript>
        <p className="muted">{t('pay.needJs')}</p>
      </noscript>
    </fetcher.Form>
  );
}
