import { Suspense, lazy, type ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';
import type { PickupPoint } from '@kiim/contract';
import { schematicPositions } from '../../lib/pickup-points.ts';
import type { MapConfig } from '../../lib/root-data.ts';
import { useT } from '../../lib/text.ts';

/** The tile map, in a chunk of its own with Leaflet: loaded only in the browser, only when a map is configured. */
const LeafletMap = lazy(() => import('./LeafletMap.tsx'));

/**
 * Pickup points on a map. Always rendered (server, no JavaScript, tests, offline): the drawn scheme — numbered
 * pins placed by `schematicPositions`, each drawn by `renderPin` (a radio label at checkout, a link on the stores
 * page). With a tile source configured (MAP_TILE_URL), the browser replaces it after hydration by a real map
 * (Leaflet, loaded then and only then); a marker click calls `onMarker` with the point's id.
 */
export function PointsMap({
  points,
  map,
  label,
  renderPin,
  onMarker,
}: {
  points: readonly PickupPoint[];
  map: MapConfig | null;
  label: string;
  renderPin: (point: PickupPoint, index: number, at: { x: number; y: number }) => ReactNode;
  onMarker?: (id: number) => void;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const positions = schematicPositions(points);
  const scheme = (
    <div className="pickup-map" role="group" aria-label={label}>
      {points.map((p, i) => renderPin(p, i, positions.get(p.id)!))}
      <span className="pickup-map__note" aria-hidden="true">
        {t('checkout.schemeOnly')}
      </span>
    </div>
  );
  if (!map || !hydrated || points.length === 0) return scheme;
  return (
    <Suspense fallback={scheme}>
      <LeafletMap points={points} map={map} label={label} onMarker={onMarker} />
    </Suspense>
  );
}
