import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CITIES, distanceKm, type FixtureCity } from './simulator.fixture.ts';
import { cdekError } from './simulator.oauth.ts';
import type { CdekState } from './simulator.state.ts';

/** The online-shop tariffs the simulator's contract offers (delivery-cdek.md §5); prices in tenge. */
export const TARIFFS = [
  { code: 136, name: 'Посылка склад-склад', mode: 4, base: 1200, perKg: 350, extraDays: 0 },
  { code: 137, name: 'Посылка склад-дверь', mode: 3, base: 1900, perKg: 380, extraDays: 0 },
  { code: 368, name: 'Посылка склад-постамат', mode: 7, base: 1100, perKg: 350, extraDays: 0 },
  { code: 234, name: 'Экономичная посылка склад-склад', mode: 4, base: 900, perKg: 250, extraDays: 3 },
  { code: 233, name: 'Экономичная посылка склад-дверь', mode: 3, base: 1500, perKg: 280, extraDays: 3 },
] as const;

export const locationSchema = z.strictObject({
  code: z.number().int().positive().optional(),
  postal_code: z.string().max(20).optional(),
  country_code: z.string().length(2).optional(),
  city: z.string().max(255).optional(),
  address: z.string().max(255).optional(),
  longitude: z.number().optional(),
  latitude: z.number().optional(),
});
const parcel = z.strictObject({
  weight: z.number().int().positive().max(1_000_000),
  length: z.number().int().positive().max(1500).optional(),
  width: z.number().int().positive().max(1500).optional(),
  height: z.number().int().positive().max(1500).optional(),
});
const calcBody = z.strictObject({
  date: z.string().max(40).optional(),
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  currency: z.number().int().optional(),
  lang: z.enum(['rus', 'eng', 'zho']).optional(),
  from_location: locationSchema,
  to_location: locationSchema,
  packages: z.array(parcel).min(1).max(255),
});
const tariffBody = calcBody.extend({
  tariff_code: z.number().int().positive(),
  services: z.array(z.unknown()).optional(),
});

/** The fixture city a `from_location`/`to_location` names (by `code`, else by a city name in `city`/`address`). */
export function findCity(loc: z.infer<typeof locationSchema>): FixtureCity | undefined {
  if (loc.code !== undefined) return CITIES.find((c) => c.code === loc.code);
  const text = `${loc.city ?? ''} ${loc.address ?? ''}`.toLocaleLowerCase('ru');
  return CITIES.find((c) => text.includes(c.city.toLocaleLowerCase('ru')));
}

/** Chargeable weight, kg: the larger of the real weight and the volume weight (cm³ / 5000), at least 1. */
export function chargeableKg(packages: z.infer<typeof parcel>[]): number {
  let grams = 0;
  let volume = 0;
  for (const p of packages) {
    grams += p.weight;
    volume += (p.length ?? 0) * (p.width ?? 0) * (p.height ?? 0);
  }
  return Math.max(1, Math.ceil(Math.max(grams / 1000, volume / 5000)));
}

function quote(t: (typeof TARIFFS)[number], from: FixtureCity, to: FixtureCity, kg: number, factor = 1) {
  const km = distanceKm(from, to);
  const sum = Math.round(((t.base + t.perKg * kg + km * 0.8) * factor) / 10) * 10;
  const min = 1 + Math.ceil(km / 600) + t.extraDays;
  return {
    delivery_sum: sum,
    period_min: min,
    period_max: min + 1,
    calendar_min: min + 1,
    calendar_max: min + 3,
    weight_calc: kg * 1000,
    total_sum: sum,
    currency: 'KZT',
  };
}

type Parsed = { ok: true; from: FixtureCity; to: FixtureCity; kg: number } | { ok: false };

function parseRoute(
  state: CdekState,
  body: unknown,
  schema: typeof calcBody,
  reply: Parameters<typeof cdekError>[0],
): Parsed {
  if (state.behaviour.calculatorFails) {
    void cdekError(reply, 500, 'v2_internal_error', 'Internal error');
    return { ok: false };
  }
  const b = schema.safeParse(body);
  if (!b.success) {
    const i = b.error.issues[0]!;
    void cdekError(reply, 400, 'v2_bad_request', `${i.path.join('.')}: ${i.message}`);
    return { ok: false };
  }
  const from = findCity(b.data.from_location);
  const to = findCity(b.data.to_location);
  if (!from)
    void cdekError(reply, 400, 'v2_sender_location_not_recognized', 'Sender location not recognized');
  else if (!to)
    void cdekError(reply, 400, 'v2_recipient_location_not_recognized', 'Recipient location not recognized');
  return from && to ? { ok: true, from, to, kg: chargeableKg(b.data.packages) } : { ok: false };
}

/**
 * `POST /v2/calculator/tarifflist` → `{tariff_codes[]{tariff_code, tariff_name, tariff_description,
 * delivery_mode, delivery_sum, period_min, period_max, calendar_min, calendar_max}}` and `POST
 * /v2/calculator/tariff` (one `tariff_code`) → `{delivery_sum, period_*, calendar_*, weight_calc, total_sum,
 * currency, services}` (delivery-cdek.md §5), deterministic from distance and chargeable weight, in tenge.
 * Faults: `calculatorFails` → 500 `v2_internal_error`. Postamat tariffs only up to 15 kg.
 */
export function registerCalculatorRoutes(app: FastifyInstance, state: CdekState): void {
  app.post('/v2/calculator/tarifflist', async (request, reply) => {
    const r = parseRoute(state, request.body, calcBody, reply);
    if (!r.ok) return reply;
    const tariffs = TARIFFS.filter((t) => t.mode !== 7 || r.kg <= 15);
    return {
      tariff_codes: tariffs.map((t) => {
        const q = quote(t, r.from, r.to, r.kg, state.behaviour.priceFactor);
        return {
          tariff_code: t.code,
          tariff_name: t.name,
          tariff_description: t.name,
          delivery_mode: t.mode,
          delivery_sum: q.delivery_sum,
          period_min: q.period_min,
          period_max: q.period_max,
          calendar_min: q.calendar_min,
          calendar_max: q.calendar_max,
        };
      }),
    };
  });

  app.post('/v2/calculator/tariff', async (request, reply) => {
    const r = parseRoute(state, request.body, tariffBody as unknown as typeof calcBody, reply);
    if (!r.ok) return reply;
    const code = (request.body as { tariff_code: number }).tariff_code;
    const t = TARIFFS.find((x) => x.code === code);
    if (!t || (t.mode === 7 && r.kg > 15)) {
      return cdekError(
        reply,
        400,
        'v2_tariff_not_available',
        `Tariff ${code} is not available for this route`,
      );
    }
    return { ...quote(t, r.from, r.to, r.kg, state.behaviour.priceFactor), services: [] };
  });
}
