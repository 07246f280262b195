import {
  ADMIN_SHIPMENT_PAGE_SIZE,
  ErrorCode,
  type AdminShipmentFilters,
  type AdminShipmentPage,
  type AdminShipmentRow,
  type CarrierCityInput,
  type CarrierCityOption,
  type CarrierCitySetting,
  type CarrierSettings,
} from '@kiim/contract';
import type { ShippingConfig } from '#app/config.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { pageOf } from '#app/lib/paging.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { carrierSettingsOfCities, setCityCarrier } from '#app/modules/catalog/catalog.packaging.ts';
import { orCarrierDown, type Carrier } from './shipping.carrier.ts';
import { labelAvailableOf } from './shipping.orders.ts';
import { selectShipmentPage } from './shipping.repository.ts';
import type { ShipmentState } from './shipping.status.ts';
import type { ShipmentRow } from './shipping.table.ts';

// The carrier's back office (issue 34 item 6, docs/decisions/070): the carrier settings of the shop's cities (CDEK
// code chosen from the carrier's own city search, the «also in own city» switch, the configured mode shown
// read-only) and the list of carrier parcels. Every settings change is audited in its transaction.

/** The carrier settings screen's data: `CDEK_MODE` (read-only), whether the carrier can be asked, the cities. */
export async function carrierSettings(
  db: DbOrTrx,
  config: ShippingConfig['cdek'],
  carrier: Carrier | null,
): Promise<CarrierSettings> {
  return {
    carrier: 'cdek',
    mode: config.mode,
    connected: carrier !== null,
    cities: await carrierSettingsOfCities(db),
  };
}

/**
 * The carrier's cities whose Russian or Kazakh name starts with `q` (at most 50), so staff pick a code instead of
 * typing it. @throws AppError 409 when the carrier is off (`CDEK_MODE=off`); 503 when it does not answer.
 */
export async function searchCarrierCities(carrier: Carrier | null, q: string): Promise<CarrierCityOption[]> {
  if (!carrier)
    throw new AppError(
      409,
      ErrorCode.conflict,
      'Доставка СДЭК выключена в настройках сервера (CDEK_MODE=off): поиск городов недоступен',
    );
  const cities = await orCarrierDown(
    carrier.suggestCities(q),
    ErrorCode.serviceUnavailable,
    'СДЭК сейчас не отвечает. Попробуйте найти город через минуту',
  );
  return cities.slice(0, 50);
}

/**
 * Sets a shop city's CDEK code (null: no carrier delivery from or to it) and «Предлагать доставку СДЭК и в этом
 * городе». Audited (`shipping.city_updated`, before → after) when something changed.
 * @throws AppError 404 when there is no such city.
 */
export async function saveCityCarrier(
  db: DbOrTrx,
  cityId: number,
  input: CarrierCityInput,
  actor: Actor,
): Promise<CarrierCitySetting> {
  return db.transaction().execute(async (trx) => {
    const cityOf = async () => (await carrierSettingsOfCities(trx)).find((c) => c.id === cityId);
    const before = await cityOf();
    if (!before) throw notFound(ErrorCode.cityNotFound, 'Такого города нет');
    if (before.cdekCode === input.cdekCode && before.carrierInOwnCity === input.carrierInOwnCity)
      return before;
    await setCityCarrier(trx, cityId, input, actor.at.toISOString());
    const after = (await cityOf())!;
    const shown = (c: CarrierCitySetting) => ({
      name: c.name,
      cdekCode: c.cdekCode,
      carrierInOwnCity: c.carrierInOwnCity,
    });
    await audit(
      trx,
      actor,
      'shipping.city_updated',
      { type: 'city', id: String(cityId) },
      shown(before),
      shown(after),
    );
    return after;
  });
}

/** Problems (`[{code, message}]` JSON) as one line, else the last failure to reach the carrier. */
function lastErrorOf(row: ShipmentRow): string | null {
  if (row.problems) {
    try {
      const list = JSON.parse(row.problems) as { message?: unknown }[];
      const text = list
        .map((p) => (typeof p.message === 'string' ? p.message : ''))
        .filter(Boolean)
        .join('; ');
      if (text) return text;
    } catch {
      // Stored by the job: never malformed in practice; fall through to last_error.
    }
  }
  return row.last_error;
}

/**
 * Where the parcel goes, from its request as first asked: a destination city name or code the request carries
 * (`toCityName`, `toCityCode` or the door address's `cityCode`), named by the shop's city with that CDEK code.
 */
function destinationOf(row: ShipmentRow, names: ReadonlyMap<number, string>): string | null {
  try {
    const r = JSON.parse(row.request) as {
      toCityName?: unknown;
      toCityCode?: unknown;
      address?: { cityCode?: unknown } | null;
    };
    if (typeof r.toCityName === 'string' && r.toCityName) return r.toCityName.slice(0, 100);
    const code = typeof r.toCityCode === 'number' ? r.toCityCode : r.address?.cityCode;
    return typeof code === 'number' ? (names.get(code) ?? `код СДЭК ${code}`) : null;
  } catch {
    return null;
  }
}

/** One page (50, most recently changed first) of carrier parcels, optionally in one state. */
export async function listShipments(db: DbOrTrx, q: AdminShipmentFilters): Promise<AdminShipmentPage> {
  const offset = (q.page - 1) * ADMIN_SHIPMENT_PAGE_SIZE;
  const [{ rows, total }, cities] = await Promise.all([
    selectShipmentPage(db, q.state, offset, ADMIN_SHIPMENT_PAGE_SIZE),
    carrierSettingsOfCities(db),
  ]);
  const names = new Map(cities.flatMap((c) => (c.cdekCode === null ? [] : [[c.cdekCode, c.name] as const])));
  const items = rows.map((r): AdminShipmentRow => ({
    ...{ id: r.id, orderNumber: r.order_number, carrier: r.carrier, city: destinationOf(r, names) },
    ...{ state: r.state as ShipmentState, trackNumber: r.track_number, lastError: lastErrorOf(r) },
    ...{ attempts: Number(r.attempts), updatedAt: r.updated_at, labelAvailable: labelAvailableOf(r) },
  }));
  return pageOf(items, q.page, total, ADMIN_SHIPMENT_PAGE_SIZE);
}
