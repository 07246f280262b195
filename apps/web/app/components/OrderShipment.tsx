import type { Order } from '@kiim/contract';
import { formatDateTime, formatPrice } from '@kiim/contract/format';
import { carrierPeriod } from '../lib/carrier-choice.ts';
import { useLocale, useT } from '../lib/text.ts';
import { useCarrierKind } from './carrier-kind.ts';

/**
 * An order's delivery by carrier (issue 34 items 2 and 4) on the order page: the kind (point, locker or «до
 * двери»), the delivery price (tenge) and period (working days), the track number once the shop sent the parcel
 * (else when it will appear), and the parcel's states, oldest first, with their names in the page's language
 * (`shipment.<state>`), the carrier's city and time in the order's city zone (the shared formatter: the same
 * text on the server and after hydration).
 */
export function OrderShipment({ order }: { order: Pick<Order, 'carrier' | 'timeZone'> }) {
  const t = useT();
  const locale = useLocale();
  const kindName = useCarrierKind();
  const c = order.carrier;
  if (!c) return null;
  return (
    <section className="order-shipment" data-testid="order-shipment">
      <h2>{t('carrier.title')}</h2>
      <p>
        <strong>{kindName(c.kind)}</strong> · {formatPrice(c.price)} ·{' '}
        {carrierPeriod(t, c.periodMinDays, c.periodMaxDays)}
      </p>
      {c.trackNumber ? (
        <p>
          {t('carrier.track')} <strong data-testid="track-number">{c.trackNumber}</strong>
        </p>
      ) : (
        <p className="muted">{t('carrier.trackLater')}</p>
      )}
      {c.states.length > 0 && (
        <>
          <h3>{t('carrier.where')}</h3>
          <ol className="timeline" data-testid="shipment-states">
            {c.states.map((s) => (
              <li key={`${s.state}-${s.at}`} data-state={s.state}>
                <strong>{t(`shipment.${s.state}`)}</strong>
                {s.city && <span> · {s.city}</span>}{' '}
                <span className="muted">{formatDateTime(s.at, order.timeZone, locale)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
