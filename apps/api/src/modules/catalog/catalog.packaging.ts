import type { DbOrTrx } from '#app/db/database.ts';
import {
  selectCarrierCities,
  selectCarrierInOwnCity,
  selectCityCdekCode,
  selectSkuPackaging,
  updateCityCarrier,
  updateCityCdekCode,
  updateCityShipmentPoint,
  updateProductsPackaging,
  updateSkusPackaging,
  type PackageColumns,
} from './catalog.packaging.repository.ts';

/** One unit's packed size at each level, grams and cm; null fields fall through (shipping.parcel.ts). */
export interface SkuPackaging {
  skuId: number;
  sku: { weightG: number | null; lengthCm: number | null; widthCm: number | null; heightCm: number | null };
  category: {
    weightG: number | null;
    lengthCm: number | null;
    widthCm: number | null;
    heightCm: number | null;
  };
  /** spec §3 category kind: jeans 0, trousers 1, outerwear 2, clothes 3, underwear 4. */
  kind: number;
}

/**
 * The packaging data of SKUs (issue 34 item 5) for the shipping module: the SKU's own, its category's and the
 * category's kind. SKUs that do not exist are left out. At most 500 ids (a cart's lines).
 */
export async function packagingOfSkus(db: DbOrTrx, skuIds: readonly number[]): Promise<SkuPackaging[]> {
  const rows = await selectSkuPackaging(db, skuIds.slice(0, 500));
  return rows.map((r) => ({
    skuId: r.skuId,
    sku: { weightG: r.skuWeightG, lengthCm: r.skuLengthCm, widthCm: r.skuWidthCm, heightCm: r.skuHeightCm },
    category: {
      weightG: r.categoryWeightG,
      lengthCm: r.categoryLengthCm,
      widthCm: r.categoryWidthCm,
      heightCm: r.categoryHeightCm,
    },
    kind: r.kind,
  }));
}

/** CDEK's city code of one of the shop's cities (null: no carrier delivery there, or no such city). */
export const cityCdekCode = (db: DbOrTrx, cityId: number) => selectCityCdekCode(db, cityId);

/**
 * Maps one of the shop's cities to CDEK's city code (back office, delivery-cdek.md §4); null turns carrier
 * delivery to the city off. @returns false when there is no such city.
 */
export const setCityCdekCode = (db: DbOrTrx, cityId: number, code: number | null, at: string) =>
  updateCityCdekCode(db, cityId, code, at);

/** A shop city's carrier settings (issue 34 item 6, decision 070). */
export interface CityCarrierSettings {
  id: number;
  name: string;
  /** CDEK's city code; null: no carrier delivery from or to it. */
  cdekCode: number | null;
  /** «Предлагать доставку СДЭК и в этом городе». */
  carrierInOwnCity: boolean;
  visibleForCustomers: boolean;
  /** The CDEK office (its code) the city's warehouse hands parcels in at; null: CDEK collects from the city. */
  shipmentPoint: string | null;
}

/** Every shop city with its carrier settings, in the shop's order (the carrier settings screen). */
export async function carrierSettingsOfCities(db: DbOrTrx): Promise<CityCarrierSettings[]> {
  return (await selectCarrierCities(db)).map((c) => ({
    ...{ id: c.id, name: c.name, cdekCode: c.cdek_code },
    carrierInOwnCity: Number(c.carrier_in_own_city) === 1,
    visibleForCustomers: Number(c.visible_for_customers) === 1,
    shipmentPoint: c.cdek_shipment_point,
  }));
}

/**
 * Whether staff switched on «Предлагать доставку СДЭК и в этом городе» for one of the shop's own cities (issue 34:
 * method 1 and 2 then offer the carrier's points and door delivery beside the shop's own). False for an unknown
 * city. The split cart of a city the shop serves itself reads it (decision 070).
 */
export const carrierAlsoInOwnCity = (db: DbOrTrx, cityId: number): Promise<boolean> =>
  selectCarrierInOwnCity(db, cityId);

/**
 * Sets a city's CDEK code (null: no carrier delivery) and its «also in own city» switch (back office, decision 070;
 * the caller audits). @returns false when there is no such city.
 */
export const setCityCarrier = (
  db: DbOrTrx,
  cityId: number,
  settings: { cdekCode: number | null; carrierInOwnCity: boolean },
  at: string,
) => updateCityCarrier(db, cityId, settings, at);

/**
 * Sets the CDEK office a city's warehouse hands parcels in at (`city.cdek_shipment_point`; the caller checks it is
 * the carrier's office in that city and audits). @returns false when there is no such city.
 */
export const setCityShipmentPoint = (db: DbOrTrx, cityId: number, code: string | null, at: string) =>
  updateCityShipmentPoint(db, cityId, code, at);

/** Packed size given by an import or a form: grams and whole cm; absent fields unchanged, null clears. */
export type PackagingValues = Partial<Record<'weightG' | 'lengthCm' | 'widthCm' | 'heightCm', number | null>>;

/** The `sku` / `category` columns of {@link PackagingValues} (only the given fields). */
export const packageColumnsOf = (p: PackagingValues | undefined): PackageColumns => ({
  ...(p?.weightG === undefined ? {} : { package_weight_g: p.weightG }),
  ...(p?.lengthCm === undefined ? {} : { package_length_cm: p.lengthCm }),
  ...(p?.widthCm === undefined ? {} : { package_width_cm: p.widthCm }),
  ...(p?.heightCm === undefined ? {} : { package_height_cm: p.heightCm }),
});

/**
 * Sets the given packaging fields of SKUs (imports: the CSV products sheet, 1C's «Вес» and dimensions; decision
 * 070) in the caller's transaction; nothing when no field is given. The `sku` triggers bump the catalogue version.
 */
export async function setSkuPackaging(
  db: DbOrTrx,
  skuIds: readonly number[],
  p: PackagingValues,
  nowIso: string,
): Promise<void> {
  const columns = packageColumnsOf(p);
  if (skuIds.length === 0 || Object.keys(columns).length === 0) return;
  for (let i = 0; i < skuIds.length; i += 500)
    await updateSkusPackaging(db, skuIds.slice(i, i + 500), columns, nowIso);
}

/**
 * Sets the given packaging fields on every SKU of the products (1C sends packaging per product, decision 070),
 * touching only SKUs where a field differs, so an unchanged exchange does not bump the catalogue version.
 * @returns how many SKUs changed.
 */
export async function setPackagingOfProducts(
  db: DbOrTrx,
  productIds: readonly number[],
  p: PackagingValues,
  nowIso: string,
): Promise<number> {
  const columns = packageColumnsOf(p);
  if (productIds.length === 0 || Object.keys(columns).length === 0) return 0;
  return updateProductsPackaging(db, productIds, columns, nowIso);
}
