// Pure rule of where each ordered unit comes from (issue: "stock of each line is reserved in the chosen city
// (or from another city where the line says so)"). No database access here.

/** Exact units of a SKU in a city visible to customers (read under lock by the order transaction). */
export interface StockUnits {
  skuId: number;
  cityId: number;
  quantity: number;
}

/** What allocation needs of a line asked for (a cart line): its SKU, quantity and stock as the shopper saw it. */
export interface AllocatableLine {
  skuId: number;
  externalId: string;
  qty: number;
  /** In stock in the order's city (spec §4: units there, the city visible, the product still sold). */
  inStock: boolean;
  /** False when the product is no longer sold. */
  productActive: boolean;
  /** Units over every city visible to customers. */
  visibleQuantity: number;
}

/** Units of one line taken from one city: one order line. */
export interface PlannedLine<L extends AllocatableLine = AllocatableLine> {
  line: L;
  sourceCityId: number;
  qty: number;
}

/** A line that cannot be served: what was asked and the units the allowed cities hold. */
export interface ShortLine {
  externalId: string;
  requested: number;
  available: number;
}

/** Where every unit comes from, or what is short. */
export interface Allocation<L extends AllocatableLine = AllocatableLine> {
  /** Order lines in the lines' order; one line may give several (one per source city). */
  planned: PlannedLine<L>[];
  /** Lines that are ordered (and leave the cart). */
  ordered: L[];
  /** Lines that cannot be fully served: `available` = units the allowed cities hold. */
  short: ShortLine[];
}

/**
 * Which lines an order takes and from which cities:
 * - a line in stock in the order's city (`inStock`, spec §4) takes its units there;
 * - with `includeOtherCities`, what the city lacks of such a line, and every line only in stock in other
 *   visible cities ('В другом городе'), comes from other cities — the city with the most units first, then
 *   the lowest city id — so one line may become several order lines sharing its SKU;
 * - other lines (not sold any more, or in stock nowhere allowed) are left (they stay in the cart).
 * Units are counted down as they are planned, so a SKU can never be promised twice.
 * @param stock units of the lines' SKUs in every visible city (the order's city included when visible).
 */
export function allocate<L extends AllocatableLine>(
  lines: readonly L[],
  stock: readonly StockUnits[],
  cityId: number,
  includeOtherCities: boolean,
): Allocation<L> {
  const left = new Map<string, number>();
  const key = (skuId: number, city: number) => `${skuId}:${city}`;
  for (const s of stock) left.set(key(s.skuId, s.cityId), s.quantity);
  const otherCities = (skuId: number) =>
    stock
      .filter((s) => s.skuId === skuId && s.cityId !== cityId)
      .map((s) => ({ cityId: s.cityId, units: left.get(key(skuId, s.cityId)) ?? 0 }))
      .filter((c) => c.units > 0)
      .sort((a, b) => b.units - a.units || a.cityId - b.cityId);

  const result: Allocation<L> = { planned: [], ordered: [], short: [] };
  for (const line of lines) {
    if (!line.inStock && !(includeOtherCities && wantedElsewhere(line))) continue;
    const here = line.inStock ? (left.get(key(line.skuId, cityId)) ?? 0) : 0;
    const sources: { cityId: number; units: number }[] = [];
    if (here > 0) sources.push({ cityId, units: here });
    if (includeOtherCities) sources.push(...otherCities(line.skuId));
    const available = sources.reduce((s, c) => s + c.units, 0);
    if (available < line.qty) {
      result.short.push({ externalId: line.externalId, requested: line.qty, available });
      continue;
    }
    let need = line.qty;
    for (const source of sources) {
      if (need === 0) break;
      const take = Math.min(need, source.units);
      result.planned.push({ line, sourceCityId: source.cityId, qty: take });
      left.set(key(line.skuId, source.cityId), source.units - take);
      need -= take;
    }
    result.ordered.push(line);
  }
  return result;
}

/** A line still sold with units in some visible city: it can be ordered from another city ('В другом городе'). */
export const wantedElsewhere = (line: AllocatableLine): boolean =>
  line.productActive && line.visibleQuantity > 0;
