import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { PickupPoint } from '@kiim/contract';
import type { MapConfig } from '../../lib/root-data.ts';

/** Text for Leaflet's attribution, which it inserts as HTML. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A real map of pickup points (Leaflet with the configured raster tiles): numbered circle markers (vector, no
 * marker images to load) with the point's title as tooltip, fitted to the points. Only ever loaded by PointsMap
 * in the browser when MAP_TILE_URL is set.
 */
export default function LeafletMap({
  points,
  map,
  label,
  onMarker,
}: {
  points: readonly PickupPoint[];
  map: MapConfig;
  label: string;
  onMarker?: (id: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const m = L.map(box.current!, { scrollWheelZoom: false });
    L.tileLayer(map.tileUrl, { attribution: escapeHtml(map.attribution), maxZoom: 19 }).addTo(m);
    points.forEach((p, i) => {
      L.circleMarker([p.latitude, p.longitude], {
        radius: 10,
        color: '#1d1d1f',
        weight: 2,
        fillColor: '#fff',
        fillOpacity: 1,
      })
        .bindTooltip(`${i + 1}. ${p.title}`)
        .on('click', () => onMarker?.(p.id))
        .addTo(m);
    });
    m.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), {
      padding: [32, 32],
      maxZoom: 15,
    });
    return () => {
      m.remove();
    };
  }, [points, map, onMarker]);
  return (
    <div
      ref={box}
      className="pickup-map pickup-map--tiles"
      role="region"
      aria-label={label}
      data-testid="tile-map"
    />
  );
}
