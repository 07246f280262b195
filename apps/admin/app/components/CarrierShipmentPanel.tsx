import { formatPrice, SHIPMENT_STATE_NAME, type AdminOrder } from '@kiim/contract';

/** How the parcel reaches the shopper, as staff read it. */
const KIND_NAME = {
  pickup_point: 'пункт выдачи СДЭК',
  locker: 'постамат СДЭК',
  door: 'курьер СДЭК до двери',
};

/**
 * A carrier order's panel on the order page (issue 34 items 3 and 6): where CDEK delivers it and for how much, then
 * once staff sent it the parcel's state and track number, CDEK's reasons when it refused the parcel (the «Передать
 * в СДЭК» step sends it again), the last failure to reach CDEK, and the label to print. Nothing for other orders.
 */
export function CarrierShipmentPanel({ order }: { order: AdminOrder }) {
  const c = order.carrier;
  if (!c) return null;
  const s = order.shipment;
  const label = `/api/admin/orders/${order.number}/shipment/label`;
  return (
    <section className="panel" data-testid="carrier-panel">
      <h2>Доставка СДЭК</h2>
      <p>
        {KIND_NAME[c.kind]}
        {c.pointCode && <> · код пункта {c.pointCode}</>} · тариф {c.tariffCode} · {formatPrice(c.price)} ·{' '}
        {c.periodMinDays}–{c.periodMaxDays} раб. дн.
      </p>
      {!s && (
        <p className="hint">Посылка ещё не передана в СДЭК: соберите заказ и нажмите «Передать в СДЭК».</p>
      )}
      {s && (
        <>
          <p data-testid="shipment-state">
            <strong>{SHIPMENT_STATE_NAME[s.state]}</strong>
            {s.trackNumber && <> · трек-номер {s.trackNumber}</>}
          </p>
          {s.problems.length > 0 && (
            <div className="alert error" role="alert">
              СДЭК не принял посылку: {s.problems.map((p) => p.message).join('; ')}. Исправьте данные заказа и
              передайте его в СДЭК ещё раз.
            </div>
          )}
          {s.lastError && (
            <p className="hint">
              СДЭК не ответил ({s.attempts} попыт.): {s.lastError}. Магазин повторит сам.
            </p>
          )}
          {s.labelAvailable && (
            <p>
              <a href={label} target="_blank" rel="noreferrer" data-testid="shipment-label">
                Распечатать этикетку (PDF)
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
