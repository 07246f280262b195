import {
  ORDER_STATUSES,
  type Order,
  type OrderLine,
  type OrderStatus,
  type PickupPoint,
} from '@kiim/contract';
import type { OrderLineRow, OrderRow } from './order.table.ts';

/** How many line images an order shows (the account's order cards). */
export const ORDER_IMAGES_MAX = 4;

const toStatus = (s: string): OrderStatus => {
  if ((ORDER_STATUSES as readonly string[]).includes(s)) return s as OrderStatus;
  throw new Error(`unknown order status in the database: ${s}`);
};

/** Order line row → contract OrderLine (the snapshot taken at ordering time; prices in tenge). */
export function toOrderLine(l: OrderLineRow): OrderLine {
  return {
    externalId: l.external_id,
    productSlug: l.product_slug,
    name: l.product_name,
    size: l.size,
    colourName: l.colour_name,
    image: l.image,
    qty: l.qty,
    price: l.price,
    originalPrice: l.original_price,
    amount: l.amount,
  };
}

/**
 * Order row with its lines and pickup point → contract Order as its owner sees it: `pickupPoint` for
 * pickup, `delivery` (address) for courier, `images` the first line images (at most 4).
 */
export function toOrder(o: OrderRow, lines: readonly OrderLineRow[], pickupPoint: PickupPoint | null): Order {
  const mapped = lines.map(toOrderLine);
  return {
    id: o.id,
    number: o.number,
    status: toStatus(o.status),
    regionId: o.city_id,
    deliveryMethodId: o.delivery_method_id,
    paymentId: o.payment_id,
    pickupPoint,
    itemsAmount: Number(o.items_amount),
    deliveryAmount: Number(o.delivery_amount),
    amount: Number(o.total_amount),
    createdAt: o.created_at,
    images: mapped.flatMap((l) => (l.image ? [l.image] : [])).slice(0, ORDER_IMAGES_MAX),
    lines: mapped,
    delivery:
      o.delivery_street && o.delivery_building
        ? {
            contactName: o.delivery_contact_name,
            contactPhone: o.delivery_contact_phone,
            street: o.delivery_street,
            building: o.delivery_building,
            entranceNumber: o.delivery_entrance_number,
            floor: o.delivery_floor,
            flat: o.delivery_flat,
          }
        : null,
    deliveryNotToCustomer: o.delivery_not_to_customer === 1,
    email: o.email,
    customerComment: o.customer_comment,
  };
}
