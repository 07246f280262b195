import type { NotificationEvent } from './notification.table.ts';

/**
 * What an order notification is rendered from: the order as it was at the event, frozen into the outbox row
 * (`payload`), so the module never reads orders (docs/decisions/011, 023). Amounts in integer tenge.
 */
export interface OrderNotice {
  event: NotificationEvent;
  number: string;
  /** The customer's first name, when known (the greeting). */
  customerName: string | null;
  /** Who made the change: `customer`, `system` (payment window), `payment` (ePay), `backoffice`. */
  actor: 'customer' | 'system' | 'payment' | 'backoffice';
  /** Card online and not paid yet: minutes the shopper has to pay, else null. */
  payWithinMinutes: number | null;
  lines: { name: string; size: string; colourName: string; qty: number; price: number; amount: number }[];
  itemsAmount: number;
  deliveryAmount: number;
  totalAmount: number;
  /** Spec §4: 1 pickup, 2 courier. */
  deliveryMethodId: number;
  /** Spec §4: 1 cash on delivery, 2 card on delivery, 3 card online; 4 Kaspi (issue 33). */
  paymentId: number;
  pickupPoint: { title: string; address: string; openingHours: string } | null;
  deliveryAddress: {
    street: string;
    building: string;
    entrance: string | null;
    floor: string | null;
    flat: string | null;
  } | null;
  /** Cancelled with money taken by card: the amount going back, tenge; else null. */
  refundAmount: number | null;
  /** The order's page in the storefront (PUBLIC_URL + /personal/orders/details/{number}). */
  url: string;
  /** Events `receipt` and `return_receipt` (issue 32): the fiscal receipt's public link and its total, tenge. */
  receipt?: { url: string; total: number } | null;
}
