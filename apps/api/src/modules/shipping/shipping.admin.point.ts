import { ErrorCode, type CarrierCitySetting, type CarrierOffice } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { carrierSettingsOfCities, setCityShipmentPoint } from '#app/modules/catalog/catalog.packaging.ts';
import { orCarrierDown, type Carrier } from './shipping.carrier.ts';

// A warehouse city's shipment point on «Доставка СДЭК» (issue 34 item 6, decision 074): the CDEK office the shop
// hands its parcels in at (`shipment_point` of `POST /v2/orders`; none: CDEK's courier collects from the city).
// Staff pick it from the carrier's own offices in the city; the server checks the code against that list again.

const carrierOff = () =>
  new AppError(
    409,
    ErrorCode.conflict,
    'Доставка СДЭК выключена в настройках сервера (CDEK_MODE=off): пункты СДЭК недоступны',
  );

/** The city's carrier settings. @throws AppError 404 when there is no such city. */
async function cityOf(db: DbOrTrx, cityId: number): Promise<CarrierCitySetting> {
  const city = (await carrierSettingsOfCities(db)).find((c) => c.id === cityId);
  if (!city) throw notFound(ErrorCode.cityNotFound, 'Такого города нет');
  return city;
}

/**
 * The carrier's offices in a shop city that accept parcels (CDEK `PVZ`; lockers only hand out), by title.
 * @throws AppError 404 no such city; 409 carrier off or the city has no CDEK code; 503 the carrier does not answer.
 */
export async function carrierOffices(
  db: DbOrTrx,
  carrier: Carrier | null,
  cityId: number,
): Promise<CarrierOffice[]> {
  if (!carrier) throw carrierOff();
  const city = await cityOf(db, cityId);
  if (city.cdekCode === null)
    throw new AppError(409, ErrorCode.conflict, 'Сначала выберите и сохраните город СДЭК для этого города');
  const points = await orCarrierDown(
    carrier.points(city.cdekCode),
    ErrorCode.serviceUnavailable,
    'СДЭК сейчас не отвечает. Попробуйте открыть список пунктов через минуту',
  );
  return points
    .filter((p) => p.kind === 'pickup_point')
    .map((p) => ({ code: p.code, title: p.title, address: p.address, openingHours: p.openingHours }))
    .sort((a, b) => a.title.localeCompare(b.title, 'ru'));
}

/**
 * Sets a city's shipment point (null: none) after checking `code` is one of the carrier's offices there now.
 * Audited (`shipping.shipment_point_updated`, before → after) when it changed.
 * @throws AppError 404 no such city; 409 carrier off or no CDEK code; 422 not an office of the city; 503 carrier down.
 */
export async function saveShipmentPoint(
  db: DbOrTrx,
  carrier: Carrier | null,
  cityId: number,
  code: string | null,
  actor: Actor,
): Promise<CarrierCitySetting> {
  const before = await cityOf(db, cityId);
  if (before.shipmentPoint === code) return before;
  if (code !== null) {
    const offices = await carrierOffices(db, carrier, cityId);
    if (!offices.some((o) => o.code === code))
      throw new AppError(
        422,
        ErrorCode.validation,
        'Такого пункта приёма СДЭК в этом городе нет. Выберите пункт из списка',
        undefined,
        { code: ['Такого пункта приёма СДЭК в этом городе нет. Выберите пункт из списка'] },
      );
  }
  return db.transaction().execute(async (trx) => {
    const current = await cityOf(trx, cityId);
    await setCityShipmentPoint(trx, cityId, code, actor.at.toISOString());
    await audit(
      trx,
      actor,
      'shipping.shipment_point_updated',
      { type: 'city', id: String(cityId) },
      { name: current.name, cdekCode: current.cdekCode, shipmentPoint: current.shipmentPoint },
      { name: current.name, cdekCode: current.cdekCode, shipmentPoint: code },
    );
    return { ...current, shipmentPoint: code };
  });
}
