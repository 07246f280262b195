import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { Order } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { useT } from '../lib/text.ts';

/** Seconds between two reads of a receipt being made, and how many reads at most (about two minutes). */
const POLL_SECONDS = 5;
const MAX_POLLS = 24;

/**
 * The order's receipts, read again every {@link POLL_SECONDS} s from `/Cart/receipts` while one is being made (the
 * fiscal worker sends it within seconds; issue 32), for about two minutes at most; a failed read is retried.
 */
function useLiveReceipts(orderNumber: string, initial: Order['receipts']): Order['receipts'] {
  const poll = useFetcher<{ receipts?: Order['receipts'] }>();
  const polls = useRef(0);
  // A read's answer until the page's own data has more receipts (read again after a payment, a return).
  const polled = poll.data?.receipts;
  const receipts = polled && polled.length >= initial.length ? polled : initial;
  const waiting = receipts.some((r) => !r.issued);
  useEffect(() => {
    if (!waiting || polls.current >= MAX_POLLS) return;
    const id = setTimeout(() => {
      polls.current += 1;
      void poll.load(`/Cart/receipts?order=${encodeURIComponent(orderNumber)}`);
    }, POLL_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [waiting, poll.data]); // eslint-disable-line react-hooks/exhaustive-deps
  return receipts;
}

/**
 * The order's fiscal receipts (issue 32 §4): one line per receipt, sale then returns — an issued one links to its
 * page at the fiscal data operator (Webkassa's TicketUrl, opened in a new tab), one not issued yet says it is
 * being made. Nothing when the order has no receipt (fiscalisation off, or no money taken yet). Needs the page's
 * `receipt` texts. A receipt being made is followed live (see {@link useLiveReceipts}).
 */
export function OrderReceipts({
  orderNumber,
  receipts: initial,
}: {
  orderNumber: string;
  receipts: Order['receipts'];
}) {
  const t = useT();
  const receipts = useLiveReceipts(orderNumber, initial);
  if (receipts.length === 0) return null;
  return (
    <section className="order-receipts" data-testid="order-receipts">
      <h2>{t('receipt.title')}</h2>
      <ul>
        {receipts.map((r, i) => {
          const kind = t(r.operation === 'sale' ? 'receipt.sale' : 'receipt.return');
          const amount = formatPrice(r.total);
          return (
            <li key={`${r.operation}-${i}`} data-testid={`receipt-${r.operation}`}>
              {r.issued && r.ticketUrl ? (
                <>
                  {kind}
                  {r.checkNumber ? ` № ${r.checkNumber}` : ''}:{' '}
                  <a href={r.ticketUrl} target="_blank" rel="noopener noreferrer" data-testid="receipt-link">
                    {t('receipt.open', { amount })}
                  </a>
                </>
              ) : (
                <span className="muted">{t('receipt.pending', { kind, amount })}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
