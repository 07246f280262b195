import type { PickupPoint } from '@kiim/contract';
import type { Translate } from '@kiim/contract/text';

// Pickup points (spec §3) as the checkout and the stores page show them: the address in one line, a link to a map
// service, and positions on the drawn scheme (no map tiles: it works offline and without JavaScript).

/** Address of a pickup point in one line from its parts (spec §3): building, street, entrance, floor, office; words in `t`'s language. */
export function pickupAddress(p: PickupPoint, t: Translate): string {
  return [
    p.buildingName,
    `${p.addressCity}, ${p.addressStreetNumber}`,
    p.addressEntranceNumber && t('checkout.entranceN', { n: p.addressEntranceNumber }),
    p.addressFloor &&
      (p.addressFloor.startsWith('-')
        ? t('checkout.underground', { n: p.addressFloor.slice(1) })
        : t('checkout.floorN', { n: p.addressFloor })),
    p.addressApartmentNumber,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Link to the point on Yandex Maps (opened only when the shopper asks: the page itself needs no map tiles). */
export const mapLink = (p: PickupPoint) =>
  `https://yandex.kz/maps/?pt=${p.longitude},${p.latitude}&z=17&l=map`;

/**
 * Positions of the points on a schematic map, in percent of its box: an equirectangular projection of their
 * coordinates (longitude scaled by the cosine of the mean latitude) fitted into the box with a margin.
 */
export function schematicPositions(
  points: readonly PickupPoint[],
  aspect = 5 / 3,
): Map<number, { x: number; y: number }> {
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
