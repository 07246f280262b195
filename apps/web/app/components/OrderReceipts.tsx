import type { Order } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { useT } from '../lib/text.ts';

/**
 * The order's fiscal receipts (issue 32 §4): one line per receipt, sale then returns — an issued one links to its
 * page at the fiscal data operator (Webkassa's TicketUrl, opened in a new tab), one not issued yet says it is
 * being made. Nothing when the order has no receipt (fiscalisation off, or no money taken yet). Needs the page's
 * `receipt` texts.
 */
export function OrderReceipts({ receipts }: { receipts: Order['receipts'] }) {
  const t = useT();
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
