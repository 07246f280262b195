/**
 * The simulator's Kazakhstan: cities with CDEK-style `code`s and offices (ПВЗ and postamats), as the real
 * `GET /v2/location/cities` and `GET /v2/deliverypoints` describe them (delivery-cdek.md §3–4). The codes are
 * the simulator's own; a deployment maps its cities to CDEK's real codes in the back office.
 */

/** A city as `GET /v2/location/cities` answers it; `kk` is the Kazakh name the suggest endpoint also matches. */
export interface FixtureCity {
  code: number;
  city: string;
  kk: string;
  region: string;
  longitude: number;
  latitude: number;
}

/** An office (`type` PVZ or POSTAMAT) with its working hours and limits (weight in kg, as CDEK gives it). */
export interface FixtureOffice {
  code: string;
  cityCode: number;
  type: 'PVZ' | 'POSTAMAT';
  name: string;
  address: string;
  workTime: string;
  longitude: number;
  latitude: number;
  weightMaxKg: number;
}

export const CITIES: readonly FixtureCity[] = [
  { code: 4756, city: 'Алматы', kk: 'Алматы', region: 'Алматы', longitude: 76.9286, latitude: 43.2567 },
  { code: 4961, city: 'Астана', kk: 'Астана', region: 'Астана', longitude: 71.4304, latitude: 51.1282 },
  { code: 11374, city: 'Шымкент', kk: 'Шымкент', region: 'Шымкент', longitude: 69.5901, latitude: 42.3417 },
  {
    code: 5064,
    city: 'Караганда',
    kk: 'Қарағанды',
    region: 'Карагандинская область',
    longitude: 73.0875,
    latitude: 49.8047,
  },
  {
    code: 5166,
    city: 'Кокшетау',
    kk: 'Көкшетау',
    region: 'Акмолинская область',
    longitude: 69.3896,
    latitude: 53.2837,
  },
  {
    code: 12227,
    city: 'Туркестан',
    kk: 'Түркістан',
    region: 'Туркестанская область',
    longitude: 68.2514,
    latitude: 43.2973,
  },
  {
    code: 5102,
    city: 'Семей',
    kk: 'Семей',
    region: 'Абайская область',
    longitude: 80.2275,
    latitude: 50.4111,
  },
  {
    code: 4987,
    city: 'Актобе',
    kk: 'Ақтөбе',
    region: 'Актюбинская область',
    longitude: 57.1669,
    latitude: 50.2839,
  },
  {
    code: 5092,
    city: 'Павлодар',
    kk: 'Павлодар',
    region: 'Павлодарская область',
    longitude: 76.9674,
    latitude: 52.2873,
  },
  {
    code: 5115,
    city: 'Усть-Каменогорск',
    kk: 'Өскемен',
    region: 'Восточно-Казахстанская область',
    longitude: 82.6286,
    latitude: 49.9483,
  },
];

export const OFFICES: readonly FixtureOffice[] = [
  {
    code: 'ALA1',
    cityCode: 4756,
    type: 'PVZ',
    name: 'На Абая',
    address: 'пр. Абая, 52',
    workTime: 'Пн-Пт 09:00-20:00, Сб-Вс 10:00-18:00',
    longitude: 76.9228,
    latitude: 43.2402,
    weightMaxKg: 30,
  },
  {
    code: 'ALA7',
    cityCode: 4756,
    type: 'POSTAMAT',
    name: 'Постамат Mega',
    address: 'ул. Розыбакиева, 247А',
    workTime: 'Пн-Вс 10:00-22:00',
    longitude: 76.8906,
    latitude: 43.2019,
    weightMaxKg: 15,
  },
  {
    code: 'AST3',
    cityCode: 4961,
    type: 'PVZ',
    name: 'На Кенесары',
    address: 'ул. Кенесары, 40',
    workTime: 'Пн-Пт 09:00-19:00, Сб 10:00-16:00',
    longitude: 71.4272,
    latitude: 51.1694,
    weightMaxKg: 30,
  },
  {
    code: 'KOK1',
    cityCode: 5166,
    type: 'PVZ',
    name: 'На Абая',
    address: 'ул. Абая, 96',
    workTime: 'Пн-Пт 09:00-18:00, Сб 10:00-15:00',
    longitude: 69.3962,
    latitude: 53.2833,
    weightMaxKg: 30,
  },
  {
    code: 'KOK2',
    cityCode: 5166,
    type: 'POSTAMAT',
    name: 'Постамат Кокше',
    address: 'ул. Ауельбекова, 139',
    workTime: 'Пн-Вс 08:00-22:00',
    longitude: 69.3841,
    latitude: 53.2871,
    weightMaxKg: 15,
  },
  {
    code: 'TUR1',
    cityCode: 12227,
    type: 'PVZ',
    name: 'На Тауке хана',
    address: 'пр. Тауке хана, 12',
    workTime: 'Пн-Сб 09:00-18:00',
    longitude: 68.2701,
    latitude: 43.3016,
    weightMaxKg: 30,
  },
  {
    code: 'SEM1',
    cityCode: 5102,
    type: 'PVZ',
    name: 'На Шакарима',
    address: 'пр. Шакарима, 18',
    workTime: 'Пн-Пт 09:00-19:00',
    longitude: 80.2447,
    latitude: 50.4233,
    weightMaxKg: 30,
  },
  {
    code: 'KAR1',
    cityCode: 5064,
    type: 'PVZ',
    name: 'На Бухар-Жырау',
    address: 'пр. Бухар-Жырау, 53',
    workTime: 'Пн-Пт 09:00-19:00, Сб 10:00-16:00',
    longitude: 73.1094,
    latitude: 49.8019,
    weightMaxKg: 30,
  },
];

/**
 * Straight-line distance between two cities, km (haversine), the simulator calculator's only input besides
 * the parcel: deterministic, so tests can assert prices.
 */
export function distanceKm(a: FixtureCity, b: FixtureCity): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
