import { LRUCache } from 'lru-cache';
import { ErrorCode, type City, type CityOption, type CitySearchAnswer } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import {
  carrierCityFor,
  citiesNamed,
  cityWithCode,
  foldName,
  mainCarrierOrigin,
} from '#app/modules/catalog/catalog.carrier-city.ts';
import type { CatalogueLang } from '#app/modules/catalog/catalog.texts.ts';
import { orCarrierDown, type Carrier, type CarrierCity } from './shipping.carrier.ts';
import { CARRIER_UNAVAILABLE, CITY_NOT_FOUND_BY_CARRIER } from './shipping.messages.ts';
import { DEFAULT_PACKAGING } from './shipping.parcel.ts';
import type { CarrierCache } from './shipping.quotes.ts';

// The city chooser over the carrier's cities (issue 34 item 1, docs/decisions/073): search by the start of a
// Russian or Kazakh name, the carrier's answers cached per query; choosing a carrier city re-checks its code with
// the carrier before the shop makes (once) its row for it.

/** The carrier's answers per folded query, for a bounded time and number of queries (one process). */
export interface CitySearchCache {
  suggest(carrier: Carrier, q: string): Promise<CarrierCity[]>;
}

/** Builds the cache: `ttlMs` per query (default 10 min), at most `max` queries (default 1000). */
export function createCitySearchCache(o: { ttlMs?: number; max?: number } = {}): CitySearchCache {
  const cache = new LRUCache<string, CarrierCity[]>({ max: o.max ?? 1000, ttl: o.ttlMs ?? 600_000 });
  const inFlight = new Map<string, Promise<CarrierCity[]>>();
  return {
    async suggest(carrier, q) {
      const key = `${carrier.code}:${foldName(q)}`;
      const hit = cache.get(key);
      if (hit) return hit;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = carrier
          .suggestCities(q.trim())
          .then((found) => {
            cache.set(key, found);
            return found;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

/** Most options one search answers. */
const MAX_OPTIONS = 30;

/**
 * `GET /api/city/search`: the shop's visible cities whose name starts with `q` (Russian or Kazakh), then the
 * carrier's cities not already among them (by CDEK code), at most 30. With no carrier or the carrier down, the
 * shop's cities only, with the polite «unavailable» text in `lang`; never an error for a carrier failure.
 */
export async function searchCities(
  db: DbOrTrx,
  carrier: Carrier | null,
  cache: CitySearchCache,
  q: string,
  lang: CatalogueLang | null,
): Promise<CitySearchAnswer> {
  const own = await citiesNamed(db, q, lang, MAX_OPTIONS);
  const ownOptions: CityOption[] = own.map((c) => ({
    cityId: c.city.id,
    cdekCode: c.cdekCode,
    name: c.city.name,
    region: '',
  }));
  if (!carrier) return { cities: ownOptions, carrierAvailable: false, message: null };
  let found: CarrierCity[];
  try {
    found = await cache.suggest(carrier, q);
  } catch {
    // CarrierUnavailableError by the Carrier contract: the shop's own cities still answer.
    return { cities: ownOptions, carrierAvailable: false, message: CARRIER_UNAVAILABLE[lang ?? 'ru'] };
  }
  const known = new Set(own.map((c) => c.cdekCode).filter((c) => c !== null));
  const carrierOptions: CityOption[] = found
    .filter((c) => !known.has(c.code))
    .map((c) => ({ cityId: null, cdekCode: c.code, name: c.name, region: c.region }));
  return {
    cities: [...ownOptions, ...carrierOptions].slice(0, MAX_OPTIONS),
    carrierAvailable: true,
    message: null,
  };
}

/**
 * `POST /api/city/carrier`: the shop's city for a carrier city the shopper picked. The code is checked with the
 * carrier (its search by the name sent must answer that code; the name stored is the carrier's, never the
 * client's), then the row is found or made once (decision 073).
 * @throws AppError 409 when carrier delivery is off or only a hidden city of the shop has the code; 422 when the
 * carrier does not know the code under that name; 503 when the carrier does not answer.
 */
export async function chooseCarrierCity(
  db: DbOrTrx,
  carrier: Carrier | null,
  choice: { cdekCode: number; name: string },
  at: Date,
  lang: CatalogueLang | null,
): Promise<City> {
  const l = lang ?? 'ru';
  if (!carrier) throw new AppError(409, ErrorCode.conflict, CARRIER_UNAVAILABLE[l]);
  const found = await orCarrierDown(
    carrier.suggestCities(choice.name),
    ErrorCode.serviceUnavailable,
    CARRIER_UNAVAILABLE[l],
  );
  const city = found.find((c) => c.code === choice.cdekCode);
  if (!city) throw new AppError(422, ErrorCode.validation, CITY_NOT_FOUND_BY_CARRIER[l]);
  const row = await carrierCityFor(db, { cdekCode: city.code, name: city.name }, at, lang);
  if (!row) throw new AppError(409, ErrorCode.conflict, CITY_NOT_FOUND_BY_CARRIER[l]);
  return row;
}

/**
 * `GET /api/city/{id}`: one city (a carrier-found one too) and, for a city served only by the carrier, the
 * carrier's period for a folded garment from the shop's main carrier city (cached quote; null when the carrier
 * is off, down or has no tariff). @throws AppError 404 for an unknown city.
 */
export async function cityWithPeriod(
  db: DbOrTrx,
  deps: { carrier: Carrier; cache: CarrierCache } | null,
  cityId: number,
  lang: CatalogueLang | null,
): Promise<City> {
  const { city, cdekCode } = await cityWithCode(db, cityId, lang);
  if (!city.carrierFound) return city;
  return { ...city, carrierPeriod: await carrierPeriod(db, deps, cdekCode) };
}

/** The cheapest tariff's period to `toCode` for a folded garment (spec kind 3), or null. */
async function carrierPeriod(
  db: DbOrTrx,
  deps: { carrier: Carrier; cache: CarrierCache } | null,
  toCode: number | null,
): Promise<{ minDays: number; maxDays: number } | null> {
  const fromCode = await mainCarrierOrigin(db);
  if (!deps || toCode === null || fromCode === null || fromCode === toCode) return null;
  try {
    const quotes = await deps.cache.quotes(deps.carrier, { fromCode, toCode }, DEFAULT_PACKAGING[3]!);
    const best = quotes[0];
    return best ? { minDays: best.periodMinDays, maxDays: best.periodMaxDays } : null;
  } catch {
    return null;
  }
}
