import type { PickupPoint } from '@kiim/contract';

/** Address of a pickup point in one line from its parts (spec §3): building, street, entrance, floor, office. */
export function pickupAddress(p: PickupPoint): string {
  return [
    p.buildingName,
    `${p.addressCity}, ${p.addressStreetNumber}`,
    p.addressEntranceNumber && `подъезд ${p.addressEntranceNumber}`,
    p.addressFloor && (p.addressFloor.startsWith('-') ? `${p.addressFloor.slice(1)} подземный этаж` : `${p.addressFloor} этаж`),
    p.addressApartmentNumber,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Link to the point on Yandex Maps (opened only when the shopper asks: the page itself needs no map tiles). */
const mapLink = (p: PickupPoint) => `https://yandex.kz/maps/?pt=${p.longitude},${p.latitude}&z=17&l=map`;

/**
 * Positions of the points on a schematic map, in percent of its box: an equirectangular projection of their
 * coordinates (longitude scaled by the cosine of the mean latitude) fitted into the box with a margin.
 */
function schematicPositions(points: readonly PickupPoint[], aspect = 5 / 3): Map<number, { x: number; y: number }> {
  const out = new Map<number, { x: number; y: number }>();
  if (points.length === 0) return out;
  const k = Math.cos((points.reduce((s, p) => s + p.latitude, 0) / points.length) * (Math.PI / 180));
  const xs = points.map((p) => p.longitude * k);
  const ys = points.map((p) => p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX || 0.01;
  const spanY = maxY - minY || 0.01;
  // One scale for both axes (no distortion): the points fill at most 80% of the width and 65% of the height,
  // a little low in the box, since a pin stands above its point.
  const scale = Math.min((0.8 * aspect) / spanX, 0.65 / spanY);
  for (const p of points) {
    const x = 50 + (((p.longitude * k - (minX + maxX) / 2) * scale) / aspect) * 100;
    const y = 57 - (p.latitude - (minY + maxY) / 2) * scale * 100;
    out.set(p.id, { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 });
  }
  return out;
}

/**
 * The city's pickup points (spec §3, §4): a list with every address part, opening hours and a comment, and a
 * schematic map drawn from their coordinates — numbered pins that select the point (labels of the same radio
 * inputs), with no map tiles, so it renders and works without the network and without JavaScript. The
 * selected pin is highlighted by CSS. `selectedId` is the point checked first (the first one, spec §4).
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
  const positions = schematicPositions(points);
  const highlight = points
    .map((p) => `.checkout:has(#pp-${p.id}:checked) .pickup-map__pin[data-point='${p.id}'],.checkout:has(#pp-${p.id}:checked) .pickup-point[data-point='${p.id}']{--pin:var(--ink);--pin-text:#fff;border-color:var(--ink)}`)
    .join('');
  return (
    <div className="pickup">
      <style>{highlight}</style>
      <div className="pickup-map" role="group" aria-label="Схема расположения пунктов самовывоза">
        {points.map((p, i) => {
          const at = positions.get(p.id)!;
          return (
            <label
              key={p.id}
              htmlFor={`pp-${p.id}`}
              className="pickup-map__pin"
              data-point={p.id}
              style={{ left: `${at.x}%`, top: `${at.y}%` }}
              title={`${p.title}, ${p.addressStreetNumber}`}
            >
              <span aria-hidden="true">{i + 1}</span>
              <span className="visually-hidden">Пункт {i + 1} на схеме: {p.title}</span>
            </label>
          );
        })}
        <span className="pickup-map__note" aria-hidden="true">
          Схема без подложки карты
        </span>
      </div>
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
              value={p.id}
              defaultChecked={p.id === selectedId}
              aria-describedby={error ? 'pickupPointId-error' : undefined}
            />
            <label htmlFor={`pp-${p.id}`}>
              <span className="pickup-point__no" aria-hidden="true">
                {i + 1}
              </span>
              <span className="pickup-point__text">
                <strong>{p.title}</strong>
                <span>{pickupAddress(p)}</span>
                <span className="muted">{p.openingHours}</span>
                {p.addressComment && <span className="muted">{p.addressComment}</span>}
              </span>
            </label>
            <a className="pickup-point__map" href={mapLink(p)} target="_blank" rel="noopener noreferrer">
              На карте
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
