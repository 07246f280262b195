import type { DeliveryCity } from '@kiim/contract';
import { mapLink, pickupAddress } from '../../lib/pickup-points.ts';
import type { MapConfig } from '../../lib/root-data.ts';
import { PointsMap } from '../map/PointsMap.tsx';
import { useT } from '../../lib/text.ts';

/**
 * Stores and pickup points by city (spec §2 `/info/stores`), from the catalogue: a jump list of cities, then per
 * city its points on the drawn scheme (a real map when one is configured) and the list with address, hours,
 * comment and a link to the point on a map service. Pins link to their point in the list.
 */
export function Stores({ cities, map }: { cities: DeliveryCity[]; map: MapConfig | null }) {
  const t = useT();
  return (
    <div className="stores" data-testid="stores">
      <nav aria-label={t('infoPage.cities')} className="stores__cities">
        {cities.map((c) => (
          <a key={c.id} href={`#city-${c.id}`}>
            {c.name}
          </a>
        ))}
      </nav>
      {cities.map((c) => (
        <section
          key={c.id}
          id={`city-${c.id}`}
          className="stores__city"
          aria-labelledby={`city-${c.id}-name`}
        >
          <h2 id={`city-${c.id}-name`}>{c.name}</h2>
          <PointsMap
            points={c.pickupPoints}
            map={map}
            label={t('infoPage.pointsOnScheme', { city: c.name })}
            renderPin={(p, i, at) => (
              <a
                key={p.id}
                href={`#pp-${p.id}`}
                className="pickup-map__pin"
                style={{ left: `${at.x}%`, top: `${at.y}%` }}
                title={p.title}
              >
                <span aria-hidden="true">{i + 1}</span>
                <span className="visually-hidden">{t('infoPage.pointN', { n: i + 1, title: p.title })}</span>
              </a>
            )}
          />
          <ol className="stores__list">
            {c.pickupPoints.map((p) => (
              <li key={p.id} id={`pp-${p.id}`} className="store" data-testid="store">
                <strong>{p.title}</strong>
                <span>{pickupAddress(p, t)}</span>
                <span>{p.openingHours}</span>
                {p.addressComment && <span className="muted">{p.addressComment}</span>}
                <a href={mapLink(p)} target="_blank" rel="noopener noreferrer">
                  {t('infoPage.openMap')}
                  <span className="visually-hidden"> {t('infoPage.newTab')}</span>
                </a>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
