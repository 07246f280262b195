import { z } from 'zod';
import { locationSchema } from './simulator.calculator.ts';

/**
 * The body of `POST /v2/orders` as CDEK validates it synchronously (delivery-cdek.md §6): unknown fields are
 * refused, as are wrong types; a missing recipient, phones, packages or (for an online shop) items. The
 * business rules (locations, points, postamat limits) run afterwards and make the request INVALID.
 */
const phone = z.strictObject({
  number: z.string().regex(/^\+?\d{10,15}$/),
  additional: z.string().max(10).optional(),
});
const contact = z.strictObject({
  company: z.string().max(255).optional(),
  name: z.string().min(1).max(255),
  email: z.string().email().max(255).optional(),
  phones: z.array(phone).min(1).max(10),
});
const money = z.strictObject({
  value: z.number().min(0),
  vat_sum: z.number().optional(),
  vat_rate: z.number().int().optional(),
});
const item = z.strictObject({
  name: z.string().min(1).max(255),
  ware_key: z.string().min(1).max(50),
  payment: money,
  cost: z.number().min(0),
  weight: z.number().int().positive(),
  amount: z.number().int().positive().max(999),
  url: z.string().max(255).optional(),
});
const pkg = z.strictObject({
  number: z.string().min(1).max(30),
  weight: z.number().int().positive().max(1_000_000),
  length: z.number().int().positive().max(1500).optional(),
  width: z.number().int().positive().max(1500).optional(),
  height: z.number().int().positive().max(1500).optional(),
  comment: z.string().max(255).optional(),
  items: z.array(item).max(126).optional(),
});

export const orderBody = z.strictObject({
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  number: z.string().min(1).max(40).optional(),
  tariff_code: z.number().int().positive(),
  comment: z.string().max(255).optional(),
  shipment_point: z.string().max(20).optional(),
  delivery_point: z.string().max(20).optional(),
  from_location: locationSchema.optional(),
  to_location: locationSchema.optional(),
  sender: contact.partial({ name: true, phones: true }).optional(),
  recipient: contact,
  delivery_recipient_cost: money.optional(),
  services: z
    .array(z.strictObject({ code: z.string().max(50), parameter: z.string().max(255).optional() }))
    .max(20)
    .optional(),
  packages: z.array(pkg).min(1).max(255),
});

export type OrderBody = z.infer<typeof orderBody>;

/** The synchronous refusals of CDEK for a body that parsed: where-to rules and the online shop's items. */
export function structuralProblem(b: OrderBody): { code: string; message: string } | null {
  if (b.delivery_point && b.to_location)
    return { code: 'v2_delivery_address_multivalued', message: 'Both delivery_point and to_location given' };
  if (!b.delivery_point && !b.to_location)
    return { code: 'v2_delivery_address_empty', message: 'No delivery address' };
  if (b.shipment_point && b.from_location)
    return {
      code: 'v2_shipment_address_multivalued',
      message: 'Both shipment_point and from_location given',
    };
  if (!b.shipment_point && !b.from_location)
    return { code: 'v2_shipment_address_empty', message: 'No shipment address' };
  if (b.type === 1 && !b.number)
    return { code: 'v2_field_is_empty', message: 'number is required for an online shop' };
  if (b.type === 1 && b.packages.some((p) => !p.items?.length))
    return { code: 'v2_field_is_empty', message: 'packages.items is required for an online shop' };
  return null;
}
