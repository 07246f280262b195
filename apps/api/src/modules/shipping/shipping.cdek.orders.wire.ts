import { z } from 'zod';
import type { CarrierShipment, RequestState, ShipmentRequest } from './shipping.shipment.ts';

/**
 * CDEK API v2 orders, print forms and webhooks as the shop writes and reads them (delivery-cdek.md §6–8), in one
 * small file easy to correct. Unknown answer fields are ignored; the ones used are checked and bounded.
 */

const cdekTime = z.string().max(40);

const status = z.object({
  code: z.string().min(1).max(80),
  name: z.string().max(200).default(''),
  date_time: cdekTime,
  city: z.string().max(200).default(''),
});

const request = z.object({
  type: z.string().max(20).optional(),
  state: z.string().max(20),
  errors: z
    .array(z.object({ code: z.string().max(120), message: z.string().max(2000).default('') }))
    .default([]),
});

/** `POST /orders`, `POST /print/orders`, `POST /webhooks`: the entity's uuid. */
export const createdAnswer = z.object({ entity: z.object({ uuid: z.uuid() }) });

/** `GET /orders/{uuid}` and `GET /orders?im_number=`. */
export const orderAnswer = z.object({
  entity: z.object({
    uuid: z.uuid(),
    number: z.string().max(40).default(''),
    cdek_number: z.union([z.string(), z.number()]).transform(String).optional(),
    statuses: z.array(status).max(500).default([]),
  }),
  requests: z.array(request).max(100).default([]),
});

/** `GET /print/orders/{uuid}`: the form's states, and its URL once READY. */
export const printAnswer = z.object({
  entity: z.object({
    uuid: z.uuid(),
    url: z.string().url().max(2000).optional(),
    statuses: z.array(z.object({ code: z.string().max(40) })).max(50),
  }),
});

/** CDEK's `2023-11-28T07:44:45+0000` → ISO 8601 UTC (`…Z`); an unreadable time → null. */
export function isoOf(cdek: string): string | null {
  const ms = Date.parse(cdek.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The CREATE request's state: ACCEPTED/WAITING → accepted, SUCCESSFUL → valid, INVALID → invalid. */
function requestState(requests: z.infer<typeof request>[]): {
  state: RequestState;
  problems: { code: string; message: string }[];
} {
  const create = requests.find((r) => r.type === 'CREATE') ?? requests.at(-1);
  if (create?.state === 'INVALID') return { state: 'invalid', problems: create.errors };
  if (create?.state === 'SUCCESSFUL') return { state: 'valid', problems: [] };
  return { state: 'accepted', problems: [] };
}

/** A read order → the shop's view; statuses with an unreadable time are dropped (logged by the caller). */
export function shipmentOf(answer: z.infer<typeof orderAnswer>): CarrierShipment {
  const { state, problems } = requestState(answer.requests);
  const e = answer.entity;
  return {
    id: e.uuid,
    orderNumber: e.number,
    trackNumber: e.cdek_number ?? null,
    requestState: state,
    problems,
    statuses: e.statuses.flatMap((s) => {
      const at = isoOf(s.date_time);
      return at ? [{ code: s.code, name: s.name, at, city: s.city }] : [];
    }),
  };
}

/** The body of `POST /orders` (type 1, online shop) for a parcel. */
export function orderBodyOf(r: ShipmentRequest) {
  const where = r.pointCode
    ? { delivery_point: r.pointCode }
    : { to_location: { code: r.address!.cityCode, address: r.address!.line } };
  const contact = (c: ShipmentRecipient) => ({
    name: c.name,
    ...(c.email ? { email: c.email } : {}),
    phones: [{ number: c.phone }],
  });
  return {
    type: 1,
    number: r.orderNumber,
    tariff_code: r.tariffCode,
    comment: `Kiim ${r.orderNumber}`.slice(0, 255),
    ...(r.shipmentPoint ? { shipment_point: r.shipmentPoint } : { from_location: { code: r.fromCityCode } }),
    ...where,
    sender: contact(r.sender),
    recipient: contact(r.recipient),
    ...(r.deliveryCollect > 0 ? { delivery_recipient_cost: { value: r.deliveryCollect } } : {}),
    packages: [
      {
        number: '1',
        weight: r.parcel.weightG,
        length: r.parcel.lengthCm,
        width: r.parcel.widthCm,
        height: r.parcel.heightCm,
        items: r.items.map((i) => ({
          name: i.name.slice(0, 255),
          ware_key: i.sku.slice(0, 50),
          payment: { value: i.unitCollect },
          cost: i.unitPrice,
          weight: i.weightG,
          amount: i.quantity,
        })),
      },
    ],
  };
}

type ShipmentRecipient = ShipmentRequest['recipient'];
