import { z } from 'zod';

/**
 * The carrier's back office (issue 34 item 6, docs/decisions/070): carrier settings per city under
 * `/api/admin/shipping/…` (owner and manager, permission `shipping.manage`) and the list of carrier parcels
 * (`GET /api/admin/shipments`, permission `orders.read`).
 */

/** `CDEK_MODE` of the server: off, the local simulator, CDEK's test host or the live one. */
export const CARRIER_MODES = ['off', 'simulator', 'test', 'live'] as const;
export type CarrierMode = (typeof CARRIER_MODES)[number];

/** A shop city's carrier settings. */
export const CarrierCitySetting = z.object({
  id: z.number().int(),
  name: z.string(),
  /** CDEK's city `code`; null: no carrier delivery from or to this city. */
  cdekCode: z.number().int().nullable(),
  /** «Предлагать доставку СДЭК и в этом городе»: the carrier is offered beside the shop's own delivery. */
  carrierInOwnCity: z.boolean(),
  /** Shown to shoppers in the city chooser. */
  visibleForCustomers: z.boolean(),
  /** The CDEK office code the city's warehouse hands parcels in at; null: CDEK collects from the city. */
  shipmentPoint: z.string().nullable(),
});
export type CarrierCitySetting = z.infer<typeof CarrierCitySetting>;

/** The carrier settings screen's data: the configured mode (read-only) and every shop city. */
export const CarrierSettings = z.object({
  carrier: z.literal('cdek'),
  mode: z.enum(CARRIER_MODES),
  /** Whether the carrier can be asked now (mode not off and its address known): the city search works. */
  connected: z.boolean(),
  cities: z.array(CarrierCitySetting),
});
export type CarrierSettings = z.infer<typeof CarrierSettings>;

/** A city of the carrier found by name (for choosing a shop city's code). */
export const CarrierCityOption = z.object({
  code: z.number().int(),
  name: z.string(),
  region: z.string(),
});
export type CarrierCityOption = z.infer<typeof CarrierCityOption>;

/** Query of `GET /api/admin/shipping/carrier-cities`: the start of a city's name, Russian or Kazakh. */
export const CarrierCityQuery = z.object({
  q: z
    .string({ message: 'Введите начало названия города' })
    .trim()
    .min(2, { message: 'Введите хотя бы 2 буквы названия города' })
    .max(60, { message: 'Не длиннее 60 символов' }),
});

/** Body of `PUT /api/admin/shipping/cities/{id}`: the city's CDEK code (null: none) and the switch. */
export const CarrierCityInput = z
  .object({
    cdekCode: z.preprocess(
      (v) => (v === '' ? null : typeof v === 'string' ? Number(v.trim()) : v),
      z
        .number({ message: 'Код города СДЭК — целое число' })
        .int({ message: 'Код города СДЭК — целое число' })
        .min(1, { message: 'Код города СДЭК — целое число больше нуля' })
        .max(10_000_000, { message: 'Такого кода города у СДЭК нет' })
        .nullable(),
    ),
    carrierInOwnCity: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  })
  .strict();
export type CarrierCityInput = z.infer<typeof CarrierCityInput>;

/** States of a carrier parcel (the shipping module's shipping.status.ts), with their Russian names. */
export const SHIPMENT_STATE_NAME = {
  registering: 'Регистрируется в СДЭК',
  invalid: 'СДЭК отклонил',
  registered: 'Зарегистрирован',
  handed_to_carrier: 'Передан в СДЭК',
  in_transit: 'В пути',
  at_pickup_point: 'В пункте выдачи',
  out_for_delivery: 'Курьер везёт',
  delivered: 'Доставлен',
  not_delivered: 'Не доставлен',
  returned: 'Вернулся в магазин',
  cancelled: 'Отменён',
} as const;
export type ShipmentStateName = keyof typeof SHIPMENT_STATE_NAME;
export const SHIPMENT_STATE_KEYS = Object.keys(SHIPMENT_STATE_NAME) as [
  ShipmentStateName,
  ...ShipmentStateName[],
];

/** Parcels per page of the shipments list. */
export const ADMIN_SHIPMENT_PAGE_SIZE = 50;

/** Query of `GET /api/admin/shipments`: page (from 1) and an optional state. */
export const AdminShipmentFilters = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  state: z.enum(SHIPMENT_STATE_KEYS).optional(),
});
export type AdminShipmentFilters = z.infer<typeof AdminShipmentFilters>;

/** One carrier parcel in the list. Times ISO 8601 UTC. */
export const AdminShipmentRow = z.object({
  id: z.string(),
  orderNumber: z.string(),
  carrier: z.string(),
  /** Where it goes: the shop city or the carrier's city name; null when the parcel's request does not say. */
  city: z.string().nullable(),
  state: z.enum(SHIPMENT_STATE_KEYS),
  /** The carrier's tracking number (CDEK number), once registered. */
  trackNumber: z.string().nullable(),
  /** The carrier's refusal reasons or the last failure to reach it. */
  lastError: z.string().nullable(),
  /** Failed attempts to reach the carrier. */
  attempts: z.number().int(),
  updatedAt: z.string(),
  /** The carrier accepted the parcel: its label prints at `/api/admin/orders/{orderNumber}/shipment/label`. */
  labelAvailable: z.boolean(),
});
export type AdminShipmentRow = z.infer<typeof AdminShipmentRow>;

export const AdminShipmentPage = z.object({
  items: z.array(AdminShipmentRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AdminShipmentPage = z.infer<typeof AdminShipmentPage>;

/** A carrier office that accepts parcels, offered as a city's shipment point. */
export const CarrierOffice = z.object({
  code: z.string(),
  title: z.string(),
  address: z.string(),
  openingHours: z.string(),
});
export type CarrierOffice = z.infer<typeof CarrierOffice>;

/** Body of `PUT /api/admin/shipping/cities/{id}/shipment-point`: one of the city's CDEK offices, or null. */
export const ShipmentPointInput = z
  .object({
    code: z.preprocess(
      (v) => (v === '' ? null : typeof v === 'string' ? v.trim() : v),
      z
        .string({ message: 'Выберите пункт СДЭК' })
        .min(1, { message: 'Выберите пункт СДЭК' })
        .max(40, { message: 'Такого пункта у СДЭК нет' })
        .regex(/^[A-Za-z0-9_-]+$/, { message: 'Такого пункта у СДЭК нет' })
        .nullable(),
    ),
  })
  .strict();
export type ShipmentPointInput = z.infer<typeof ShipmentPointInput>;
