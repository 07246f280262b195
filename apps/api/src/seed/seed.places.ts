// Cities and pickup points of the demo shop: real Kazakh cities, IANA time zones, streets and shopping
// centres of those cities, coordinates inside them. Ids are stable: tests and cookies (spec §3: default
// city id 1) rely on them.

/** A city of the demo seed; `courierPrice` in tenge (0 when there is no courier). */
export interface SeedCity {
  id: number;
  name: string;
  slug: string;
  timeZone: string;
  visible: boolean;
  courierPrice: number;
  /** Relative share of stock the city's warehouse holds (0..1), used by the stock generator. */
  stockShare: number;
  /** The city's CDEK code (issue 34) where the CDEK simulator knows the city; staff set the others. */
  cdekCode?: number;
}

/**
 * Cities, id order = sort order. Алматы is id 1 (spec §9 default city). Туркестан (last id) is hidden:
 * its shop is not open yet, so its stock is not shown to shoppers (spec §4).
 * Courier: Алматы, Астана, Шымкент, Караганда, Актобе, Павлодар, Атырау.
 */
export const CITIES: readonly SeedCity[] = [
  {
    id: 1,
    name: 'Алматы',
    slug: 'almaty',
    timeZone: 'Asia/Almaty',
    visible: true,
    courierPrice: 1500,
    stockShare: 1,
    cdekCode: 4756,
  },
  {
    id: 2,
    name: 'Астана',
    slug: 'astana',
    timeZone: 'Asia/Almaty',
    visible: true,
    courierPrice: 1500,
    stockShare: 0.75,
    cdekCode: 4961,
  },
  {
    id: 3,
    name: 'Шымкент',
    slug: 'shymkent',
    timeZone: 'Asia/Almaty',
    visible: true,
    courierPrice: 1200,
    stockShare: 0.55,
    cdekCode: 11374,
  },
  {
    id: 4,
    name: 'Караганда',
    slug: 'karaganda',
    timeZone: 'Asia/Almaty',
    visible: true,
    courierPrice: 1200,
    stockShare: 0.45,
    cdekCode: 5064,
  },
  {
    id: 5,
    name: 'Актобе',
    slug: 'aktobe',
    timeZone: 'Asia/Aqtobe',
    visible: true,
    courierPrice: 1000,
    stockShare: 0.4,
    cdekCode: 4987,
  },
  {
    id: 6,
    name: 'Усть-Каменогорск',
    slug: 'ust-kamenogorsk',
    timeZone: 'Asia/Almaty',
    visible: true,
    courierPrice: 0,
    stockShare: 0.35,
    cdekCode: 5115,
  },
  {
    id: 7,
    name: 'Павлодар',
    slug: 'pavlodar',
    timeZone: 'Asia/Almaty',
    visible: true,
    courierPrice: 1000,
    stockShare: 0.35,
    cdekCode: 5092,
  },
  {
    id: 8,
    name: 'Костанай',
    slug: 'kostanay',
    timeZone: 'Asia/Qostanay',
    visible: true,
    courierPrice: 0,
    stockShare: 0.3,
  },
  {
    id: 9,
    name: 'Атырау',
    slug: 'atyrau',
    timeZone: 'Asia/Atyrau',
    visible: true,
    courierPrice: 1500,
    stockShare: 0.35,
  },
  {
    id: 10,
    name: 'Уральск',
    slug: 'uralsk',
    timeZone: 'Asia/Oral',
    visible: true,
    courierPrice: 0,
    stockShare: 0.3,
  },
  {
    id: 11,
    name: 'Кызылорда',
    slug: 'kyzylorda',
    timeZone: 'Asia/Qyzylorda',
    visible: true,
    courierPrice: 0,
    stockShare: 0.25,
  },
  {
    id: 12,
    name: 'Актау',
    slug: 'aktau',
    timeZone: 'Asia/Aqtau',
    visible: true,
    courierPrice: 0,
    stockShare: 0.3,
  },
  {
    id: 13,
    name: 'Туркестан',
    slug: 'turkestan',
    timeZone: 'Asia/Almaty',
    visible: false,
    courierPrice: 0,
    stockShare: 0.25,
  },
];

/** A pickup point of the demo seed (spec §3 fields). */
export interface SeedPickupPoint {
  cityId: number;
  title: string;
  buildingName: string | null;
  street: string;
  entrance: string | null;
  floor: string | null;
  apartment: string | null;
  comment: string | null;
  hours: string;
  lat: number;
  lon: number;
}

const MALL = 'Пн–Вс 10:00–22:00';
const OFFICE = 'Пн–Пт 09:00–20:00, Сб–Вс 10:00–18:00';

const p = (
  cityId: number,
  title: string,
  buildingName: string | null,
  street: string,
  lat: number,
  lon: number,
  extra: Partial<Pick<SeedPickupPoint, 'entrance' | 'floor' | 'apartment' | 'comment' | 'hours'>> = {},
): SeedPickupPoint => ({
  cityId,
  title,
  buildingName,
  street,
  entrance: extra.entrance ?? null,
  floor: extra.floor ?? null,
  apartment: extra.apartment ?? null,
  comment: extra.comment ?? null,
  hours: extra.hours ?? MALL,
  lat,
  lon,
});

/** Pickup points, id = position + 1. Every city (the hidden one too) has at least one. */
export const PICKUP_POINTS: readonly SeedPickupPoint[] = [
  p(1, 'Kiim в ТРЦ Mega Alma-Ata', 'ТРЦ Mega Alma-Ata', 'ул. Розыбакиева, 247а', 43.2019, 76.8924, {
    floor: '1',
    comment: 'Вход со стороны ул. Сатпаева, рядом с фуд-кортом',
  }),
  p(1, 'Kiim в ТРЦ Dostyk Plaza', 'ТРЦ Dostyk Plaza', 'мкр. Самал-2, 111', 43.2334, 76.9566, {
    floor: '2',
    hours: 'Пн–Вс 10:00–23:00',
  }),
  p(1, 'Kiim в ТРЦ Esentai Mall', 'ТРЦ Esentai Mall', 'пр. Аль-Фараби, 77/8', 43.2181, 76.9279, {
    floor: '-1',
    comment: 'Стойка выдачи заказов у паркинга',
  }),
  p(1, 'Kiim в ТРЦ MEGA Park', 'ТРЦ MEGA Park', 'ул. Макатаева, 127', 43.2631, 76.9311, { floor: '1' }),
  p(1, 'Пункт выдачи на Абая', 'БЦ «Алатау»', 'пр. Абая, 52в', 43.2402, 76.9089, {
    entrance: '2',
    floor: '1',
    apartment: 'офис 104',
    hours: OFFICE,
  }),
  p(2, 'Kiim в ТРЦ Хан Шатыр', 'ТРЦ Хан Шатыр', 'пр. Туран, 37', 51.1324, 71.4036, { floor: '2' }),
  p(2, 'Kiim в ТРЦ Mega Silk Way', 'ТРЦ Mega Silk Way', 'пр. Кабанбай батыра, 62', 51.0889, 71.4071, {
    floor: '1',
    comment: 'Рядом с главным входом',
  }),
  p(2, 'Kiim в ТРЦ Keruen', 'ТРЦ Keruen', 'ул. Достык, 9', 51.1281, 71.4248, { floor: '3' }),
  p(2, 'Пункт выдачи на Сарыарке', null, 'пр. Сарыарка, 31/2', 51.1826, 71.4119, {
    entrance: '1',
    apartment: 'НП-12',
    hours: OFFICE,
  }),
  p(3, 'Kiim в ТРЦ Mega Planet', 'ТРЦ Mega Planet', 'ул. Байтурсынова, 3Б', 42.3187, 69.5868, { floor: '1' }),
  p(3, 'Kiim в ТРЦ Shymkent Plaza', 'ТРЦ Shymkent Plaza', 'пр. Тауке хана, 5', 42.3237, 69.5953, {
    floor: '2',
  }),
  p(3, 'Пункт выдачи на Кунаева', null, 'пр. Кунаева, 59', 42.3393, 69.6034, {
    apartment: 'офис 3',
    hours: OFFICE,
  }),
  p(4, 'Kiim в ТРЦ City Mall', 'ТРЦ City Mall', 'ул. Бухар-Жырау, 59/2', 49.8032, 73.0878, { floor: '1' }),
  p(4, 'Пункт выдачи на Абдирова', null, 'пр. Нуркена Абдирова, 30', 49.8103, 73.0912, {
    entrance: '3',
    hours: OFFICE,
  }),
  p(5, 'Kiim в ТРЦ Keruen City', 'ТРЦ Keruen City', 'пр. Абилкайыр хана, 44', 50.2839, 57.1668, {
    floor: '2',
  }),
  p(5, 'Пункт выдачи на Санкибай батыра', null, 'пр. Санкибай батыра, 22', 50.2942, 57.1819, {
    apartment: 'офис 7',
    hours: OFFICE,
  }),
  p(6, 'Kiim в ТРЦ ADK', 'ТРЦ ADK', 'ул. Казахстан, 70', 49.9562, 82.614, { floor: '1' }),
  p(6, 'Пункт выдачи на Ауэзова', null, 'пр. Ауэзова, 14', 49.9489, 82.6286, { hours: OFFICE }),
  p(7, 'Kiim в ТРЦ Batyr Mall', 'ТРЦ Batyr Mall', 'ул. Торайгырова, 64', 52.2841, 76.9602, { floor: '1' }),
  p(7, 'Пункт выдачи на Луначарского', null, 'ул. Луначарского, 8', 52.2878, 76.9514, { hours: OFFICE }),
  p(8, 'Kiim в ТРЦ Kostanay Plaza', 'ТРЦ Kostanay Plaza', 'ул. Баймагамбетова, 166', 53.2198, 63.6283, {
    floor: '2',
  }),
  p(8, 'Пункт выдачи на Аль-Фараби', null, 'пр. Аль-Фараби, 65', 53.2141, 63.6247, {
    apartment: 'офис 12',
    hours: OFFICE,
  }),
  p(9, 'Kiim в ТРЦ Atyrau', 'ТРЦ Atyrau', 'пр. Сатпаева, 17', 47.1061, 51.9125, { floor: '1' }),
  p(9, 'Пункт выдачи на Азаттык', null, 'пр. Азаттык, 48', 47.1118, 51.9231, { hours: OFFICE }),
  p(10, 'Kiim в ТРЦ Dostyk', 'ТРЦ Dostyk', 'пр. Достык-Дружбы, 186', 51.2274, 51.3868, { floor: '1' }),
  p(10, 'Пункт выдачи на Ихсанова', null, 'ул. Ихсанова, 44', 51.2135, 51.3702, { hours: OFFICE }),
  p(11, 'Kiim в ТЦ Сыр Дария', 'ТЦ Сыр Дария', 'ул. Айтеке би, 27', 44.8468, 65.5025, { floor: '1' }),
  p(11, 'Пункт выдачи на Абая', null, 'пр. Абая, 38', 44.8529, 65.5111, { hours: OFFICE }),
  p(12, 'Kiim в ТРЦ Aktau Mall', 'ТРЦ Aktau Mall', '14-й мкр., 61', 43.6569, 51.1681, { floor: '1' }),
  p(12, 'Пункт выдачи в 3-м микрорайоне', null, '3-й мкр., 23', 43.6472, 51.1527, {
    entrance: '1',
    apartment: 'НП-2',
    hours: OFFICE,
  }),
  p(13, 'Kiim в Туркестане (скоро открытие)', null, 'пр. Тауке хана, 290', 43.2973, 68.2517, {
    hours: OFFICE,
    comment: 'Открытие скоро',
  }),
];
