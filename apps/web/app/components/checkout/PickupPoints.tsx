import type { CarrierPointInfo, PickupPoint } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import { carrierPeriod, carrierPointValue } from '../../lib/carrier-choice.ts';
import { mapLink, pickupAddress } from '../../lib/pickup-points.ts';
import { useRootData } from '../../lib/root-data.ts';
import { PointsMap } from '../map/PointsMap.tsx';
import { useT } from '../../lib/text.ts';

/** A marker of the real map selects its point, as its pin on the scheme does. */
const selectPoint = (id: number) => document.getElementById(`pp-${id}`)?.click();

/** What a carrier's point is, costs and takes (issue 34): «Постамат СДЭК · 1 450 ₸ · 2–4 рабочих дня». */
function CarrierLine({ carrier }: { carrier: CarrierPointInfo }) {
  const t = useT();
  return (
    <span className="pickup-point__carrier" data-testid="carrier-point-offer">
      {carrier.kind === 'locker' ? t('carrier.kindLocker') : t('carrier.kindPoint')} ·{' '}
      <strong>{formatPrice(carrier.price)}</strong> ·{' '}
      {carrierPeriod(t, carrier.periodMinDays, carrier.periodMaxDays)}
    </span>
  );
}

/**
 * The city's pickup points (spec §3, §4): a list with every address part, opening hours and a comment, and a
 * schematic map drawn from their coordinates — numbered pins that select the point (labels of the same radio
 * inputs), with no map tiles, so it renders and works without the network and without JavaScript. The
 * selected pin is highlighted by CSS. `selectedId` is the point checked first (the first one, spec §4). With a map
 * provider configured, a real map replaces the scheme in the browser (components/map/PointsMap.tsx). A carrier's
 * point (issue 34; distinct ids from lib/carrier-choice.ts `withPointKeys`) also shows its kind, price and period,
 * and its radio carries the carrier choice (`carrierPointValue`).
 */
export function PickupPoints({
  points,
  selectedId,
  error,
}: {
  points: readonly PickupPoint[];
  selectedId: number | null;
  error: string | undefined;
}) {
  const t = useT();
  const map = useRootData()?.publicConfig.map ?? null;
  const highlight = points
    .map(
      (p) =>
        `.checkout:has(#pp-${p.id}:checked) .pickup-map__pin[data-point='${p.id}'],.checkout:has(#pp-${p.id}:checked) .pickup-point[data-point='${p.id}']{--pin:var(--ink);--pin-text:#fff;border-color:var(--ink)}`,
    )
    .join('');
  return (
    <div className="pickup">
      <style>{highlight}</style>
      <PointsMap
        points={points}
        map={map}
        label={t('checkout.scheme')}
        onMarker={selectPoint}
        renderPin={(p, i, at) => (
          <label
            key={p.id}
            htmlFor={`pp-${p.id}`}
            className="pickup-map__pin"
            data-point={p.id}
            style={{ left: `${at.x}%`, top: `${at.y}%` }}
            title={`${p.title}, ${p.addressStreetNumber}`}
          >
            <span aria-hidden="true">{i + 1}</span>
            <span className="visually-hidden">
              {t('checkout.pointOnScheme', { n: i + 1, title: p.title })}
            </span>
          </label>
        )}
      />
      {error && (
        <p id="pickupPointId-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="pickup-points">
        {points.map((p, i) => (
          <li key={p.id} className="pickup-point" data-point={p.id} data-testid="pickup-point">
            <input
              type="radio"
              id={`pp-${p.id}`}
              name="pickupPointId"
              value={p.carrier ? carrierPointValue(p.carrier) : p.id}
              defaultChecked={p.id === selectedId}
              aria-describedby={error ? 'pickupPointId-error' : undefined}
            />
            <label htmlFor={`pp-${p.id}`}>
              <span className="pickup-point__no" aria-hidden="true">
                {i + 1}
              </span>
              <span className="pickup-point__text">
                <strong>{p.title}</strong>
                {p.carrier && <CarrierLine carrier={p.carrier} />}
                <span>{pickupAddress(p, t)}</span>
                <span className="muted">{p.openingHours}</span>
                {p.addressComment && <span className="muted">{p.addressComment}</span>}
              </span>
            </label>
            <a className="pickup-point__map" href={mapLink(p)} target="_blank" rel="noopener noreferrer">
              {t('checkout.onMap')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
