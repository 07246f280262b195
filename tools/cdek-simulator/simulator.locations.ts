import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CITIES, OFFICES, type FixtureCity, type FixtureOffice } from './simulator.fixture.ts';
import { cdekError } from './simulator.oauth.ts';
import type { CdekState } from './simulator.state.ts';

const countryCodes = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((c) => c.toUpperCase()));
const citiesQuery = z.strictObject({
  country_codes: countryCodes.optional(),
  code: z.coerce.number().int().positive().optional(),
  city: z.string().max(100).optional(),
  size: z.coerce.number().int().min(1).max(1000).default(500),
  page: z.coerce.number().int().min(0).default(0),
  lang: z.enum(['rus', 'eng', 'zho']).optional(),
});
const suggestQuery = z.strictObject({
  name: z.string().min(1).max(100),
  country_code: z.string().length(2).optional(),
});
const pointsQuery = z.strictObject({
  country_code: z.string().length(2).optional(),
  city_code: z.coerce.number().int().positive().optional(),
  code: z.string().max(20).optional(),
  type: z.enum(['PVZ', 'POSTAMAT', 'ALL']).default('ALL'),
  size: z.coerce.number().int().min(1).max(1000).optional(),
  page: z.coerce.number().int().min(0).optional(),
  lang: z.enum(['rus', 'eng', 'zho']).optional(),
});

const cityOut = (c: FixtureCity) => ({
  code: c.code,
  city: c.city,
  country_code: 'KZ',
  country: 'Казахстан',
  region: c.region,
  longitude: c.longitude,
  latitude: c.latitude,
});

const officeOut = (o: FixtureOffice) => {
  const city = CITIES.find((c) => c.code === o.cityCode)!;
  return {
    code: o.code,
    name: o.name,
    uuid: `00000000-0000-4000-8000-${o.code.padStart(12, '0')}`,
    work_time: o.workTime,
    type: o.type,
    owner_code: 'cdek',
    is_handout: true,
    is_reception: o.type === 'PVZ',
    weight_max: o.weightMaxKg,
    location: {
      country_code: 'KZ',
      region: city.region,
      city_code: city.code,
      city: city.city,
      longitude: o.longitude,
      latitude: o.latitude,
      address: o.address,
      address_full: `Казахстан, ${city.city}, ${o.address}`,
    },
  };
};

const lower = (s: string) => s.toLocaleLowerCase('ru');

/**
 * `GET /v2/location/cities`, `GET /v2/location/suggest/cities` (Russian or Kazakh name prefix) and
 * `GET /v2/deliverypoints` (offices: ПВЗ and postamats) over the Kazakh fixture (delivery-cdek.md §3–4).
 * Unknown or malformed parameters → 400 `v2_bad_request`; the `emptyDeliveryPoints` fault answers `[]`.
 */
export function registerLocationRoutes(app: FastifyInstance, state: CdekState): void {
  app.get('/v2/location/cities', async (request, reply) => {
    const q = citiesQuery.safeParse(request.query);
    if (!q.success) return cdekError(reply, 400, 'v2_bad_request', q.error.issues[0]!.message);
    const { country_codes, code, city, size, page } = q.data;
    const found = CITIES.filter(
      (c) =>
        (!country_codes || country_codes.includes('KZ')) &&
        (code === undefined || c.code === code) &&
        (!city || lower(c.city) === lower(city) || lower(c.kk) === lower(city)),
    );
    return found.slice(page * size, page * size + size).map(cityOut);
  });

  app.get('/v2/location/suggest/cities', async (request, reply) => {
    const q = suggestQuery.safeParse(request.query);
    if (!q.success) return cdekError(reply, 400, 'v2_bad_request', q.error.issues[0]!.message);
    if (q.data.country_code && q.data.country_code.toUpperCase() !== 'KZ') return [];
    const name = lower(q.data.name);
    return CITIES.filter((c) => lower(c.city).startsWith(name) || lower(c.kk).startsWith(name)).map((c) => ({
      city_uuid: `00000000-0000-4000-9000-${String(c.code).padStart(12, '0')}`,
      code: c.code,
      full_name: `${c.city}, ${c.region}, Казахстан`,
    }));
  });

  app.get('/v2/deliverypoints', async (request, reply) => {
    const q = pointsQuery.safeParse(request.query);
    if (!q.success) return cdekError(reply, 400, 'v2_bad_request', q.error.issues[0]!.message);
    if (state.behaviour.emptyDeliveryPoints) return [];
    const { country_code, city_code, code, type } = q.data;
    if (country_code && country_code.toUpperCase() !== 'KZ') return [];
    return OFFICES.filter(
      (o) =>
        (city_code === undefined || o.cityCode === city_code) &&
        (!code || o.code === code) &&
        (type === 'ALL' || o.type === type),
    ).map(officeOut);
  });
}
