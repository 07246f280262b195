import {
  type Carrier,
  type CarrierCity,
  type CarrierPoint,
  type CarrierQuote,
  type DeliveryKind,
  type Parcel,
  type Route,
} from './shipping.carrier.ts';
import { createCdekSession, jsonBody, type CdekOptions } from './shipping.cdek.session.ts';
import { pointsAnswer, suggestAnswer, tariffListAnswer } from './shipping.cdek.wire.ts';

export type { CdekOptions } from './shipping.cdek.session.ts';

/** CDEK `delivery_mode` → the shop's kind (delivery-cdek.md §5): 1, 3 door; 2, 4 office; 6, 7 postamat. */
const MODE_KIND: Record<number, DeliveryKind> = {
  1: 'door',
  3: 'door',
  2: 'point',
  4: 'point',
  6: 'locker',
  7: 'locker',
};

/**
 * CDEK API v2 as a {@link Carrier} (delivery-cdek.md): OAuth client credentials with the token cached until
 * shortly before `expires_in` and renewed once on `v2_token_expired`; every answer validated
 * (shipping.cdek.wire.ts); every failure — HTTP error, timeout, malformed answer — is a
 * {@link CarrierUnavailableError}, never another exception.
 */
export function createCdekCarrier(o: CdekOptions): Carrier {
  const { call } = createCdekSession(o);
  const json = (body: unknown) => jsonBody(body);

  return {
    code: 'cdek',
    async suggestCities(prefix): Promise<CarrierCity[]> {
      const q = new URLSearchParams({ name: prefix.slice(0, 100), country_code: 'KZ' });
      const found = await call(`/location/suggest/cities?${q}`, suggestAnswer);
      return found.slice(0, 50).map((c) => {
        const [name = '', region = ''] = c.full_name.split(',').map((s) => s.trim());
        return { code: c.code, name, region };
      });
    },
    async points(cityCode): Promise<CarrierPoint[]> {
      const q = new URLSearchParams({ country_code: 'KZ', city_code: String(cityCode) });
      const points = await call(`/deliverypoints?${q}`, pointsAnswer);
      return points.map((p) => ({
        code: p.code,
        kind: p.type === 'POSTAMAT' ? 'locker' : 'pickup_point',
        title: p.name ?? p.code,
        address: p.location.address,
        openingHours: p.work_time,
        longitude: p.location.longitude,
        latitude: p.location.latitude,
        maxWeightG: Math.round((p.weight_max ?? 30) * 1000),
      }));
    },
    async quote(route: Route, parcel: Parcel): Promise<CarrierQuote[]> {
      const answer = await call(
        '/calculator/tarifflist',
        tariffListAnswer,
        json({
          type: 1,
          from_location: { code: route.fromCode },
          to_location: { code: route.toCode },
          packages: [
            {
              weight: parcel.weightG,
              length: parcel.lengthCm,
              width: parcel.widthCm,
              height: parcel.heightCm,
            },
          ],
        }),
      );
      return answer.tariff_codes
        .filter((t) => MODE_KIND[t.delivery_mode] && t.period_max >= t.period_min)
        .map((t) => ({
          tariffCode: t.tariff_code,
          tariffName: t.tariff_name,
          kind: MODE_KIND[t.delivery_mode]!,
          price: Math.ceil(t.delivery_sum),
          periodMinDays: t.period_min,
          periodMaxDays: t.period_max,
        }))
        .sort((a, b) => a.price - b.price || a.periodMaxDays - b.periodMaxDays);
    },
  };
}
