import type { City } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { toCity } from './catalog.mapper.ts';
import * as repo from './catalog.repository.ts';
import {
  insertCarrierCity,
  nextCityPlace,
  selectCitiesByCdekCode,
  selectOwnCarrierOrigins,
} from './catalog.carrier-city.repository.ts';
import { asIs, type CatalogueLang } from './catalog.texts.ts';
import { requireCity } from './catalog.page.ts';
import { shopperSay } from './read/index.ts';

// Cities a shopper finds by name (issue 34 item 1, docs/decisions/073): the shop's rows, and rows made for carrier
// cities a shopper chose (`carrier_found`), found or made once per CDEK code.

/** Kazakhstan has one time zone (UTC+5 since March 2024), the one the shop's cities use. */
const CARRIER_CITY_TIME_ZONE = 'Asia/Almaty';

/** A shop city found by name, with its CDEK code (null: the carrier does not serve it). */
export interface NamedCity {
  city: City;
  cdekCode: number | null;
}

/** Lower case for matching Russian and Kazakh letters alike (ё as е). */
export const foldName = (s: string): string => s.trim().toLocaleLowerCase('ru').replaceAll('ё', 'е');

/**
 * The cities visible to customers (own and carrier-found) whose Russian or Kazakh name starts with `prefix`, in
 * the shop's order, names in `lang`; at most `limit`.
 */
export async function citiesNamed(
  db: DbOrTrx,
  prefix: string,
  lang: CatalogueLang | null,
  limit = 20,
): Promise<NamedCity[]> {
  const want = foldName(prefix);
  const [rows, kk] = await Promise.all([repo.listCities(db, true), shopperSay(db, 'kk')]);
  const say = lang ? await shopperSay(db, lang) : asIs;
  return rows
    .filter((c) => c.visible_for_customers === 1)
    .filter((c) => foldName(c.name).startsWith(want) || foldName(kk(c.name)).startsWith(want))
    .slice(0, limit)
    .map((c) => ({ city: toCity(c, say), cdekCode: c.cdek_code }));
}

/**
 * The shop's row for a carrier city the caller has checked with the carrier: the visible city already holding
 * the code (the shop's own first), else a new carrier-found row (visible, no courier, Russian `name`, the
 * shop's time zone, placed after the shop's own cities). Idempotent and safe when two requests make it at once (the insert does nothing on a
 * conflict and is retried with the next id). @returns null when only a hidden city of the shop holds the code.
 */
export async function carrierCityFor(
  db: DbOrTrx,
  found: { cdekCode: number; name: string },
  at: Date,
  lang: CatalogueLang | null,
): Promise<City | null> {
  const say = lang ? await shopperSay(db, lang) : asIs;
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await selectCitiesByCdekCode(db, found.cdekCode);
    if (rows.length > 0) {
      const row = rows.find((r) => r.visible_for_customers === 1);
      return row ? toCity(row, say) : null;
    }
    const place = await nextCityPlace(db);
    await insertCarrierCity(db, {
      id: place.id + attempt,
      cdekCode: found.cdekCode,
      name: found.name,
      timeZone: CARRIER_CITY_TIME_ZONE,
      sortOrder: Math.max(place.sortOrder, 10_000),
      at: at.toISOString(),
    });
  }
  throw new Error(`no city row for CDEK code ${found.cdekCode} after 5 attempts`);
}

/** CDEK's code of the city parcels usually leave from: the shop's first visible city with a code (null: none). */
export async function mainCarrierOrigin(db: DbOrTrx): Promise<number | null> {
  return (await selectOwnCarrierOrigins(db))[0]?.cdek_code ?? null;
}

/**
 * One city by id (a carrier-found one too), name in `lang`, with its CDEK code.
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function cityWithCode(
  db: DbOrTrx,
  cityId: number,
  lang: CatalogueLang | null,
): Promise<NamedCity> {
  const row = await requireCity(db, cityId);
  const say = lang ? await shopperSay(db, lang) : asIs;
  return { city: toCity(row, say), cdekCode: row.cdek_code };
}
