import { DeliveryMethod, isPaidOnline, type OrderStatus } from '@kiim/contract';

// Pure rules of an order's life (issue: new → awaiting payment (card online) → paid → ready for pickup /
// handed to courier → completed, and cancelled). No database access here.

/**
 * Who changes a status: the shopper, the payment window, ePay's verified answer, the shop's staff/ERP, or Kaspi
 * Магазин (its cancellation of a Kaspi order, issue 33 item 6).
 */
export type StatusActor = 'customer' | 'system' | 'payment' | 'backoffice' | 'kaspi' | 'carrier';

/** The status an order starts in: awaiting payment for card online (payment 3) and Kaspi (4), otherwise new. */
export const initialStatus = (paymentId: number): OrderStatus =>
  isPaidOnline(paymentId) ? 'awaiting_payment' : 'new';

/** Every move the order's life allows, whoever asks. */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['ready_for_pickup', 'handed_to_courier', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['ready_for_pickup', 'handed_to_courier', 'cancelled'],
  ready_for_pickup: ['completed', 'cancelled'],
  handed_to_courier: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Statuses from which the customer may cancel the order themselves (nothing handed over yet). */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['new', 'awaiting_payment', 'paid'];

/**
 * Whether `actor` may move an order from `from` to `to`:
 * - the move must be in the order's life (above); `ready_for_pickup` only for pickup orders (delivery 1),
 *   `handed_to_courier` only for courier orders (2);
 * - `paid` only by a verified payment (`payment`); the payment window's expiry (`system`) only cancels an
 *   order awaiting payment;
 * - the customer only cancels, from {@link CUSTOMER_CANCELLABLE};
 * - Kaspi only cancels (its buyer's or its own cancellation of a Kaspi order);
 * - the carrier moves a parcel's order as the back office would (its state read from the carrier's API);
 * - the back-office anything else the life allows.
 */
export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  actor: StatusActor,
  deliveryMethodId: number,
): boolean {
  if (!NEXT[from].includes(to)) return false;
  if (to === 'ready_for_pickup' && deliveryMethodId !== DeliveryMethod.pickup) return false;
  if (to === 'handed_to_courier' && deliveryMethodId !== DeliveryMethod.courier) return false;
  switch (actor) {
    case 'payment':
      return from === 'awaiting_payment' && to === 'paid';
    case 'system':
      return from === 'awaiting_payment' && to === 'cancelled';
    case 'customer':
      return to === 'cancelled' && CUSTOMER_CANCELLABLE.includes(from);
    case 'kaspi':
      return to === 'cancelled';
    case 'carrier':
      // The carrier's verified state of a parcel (issue 34 item 4): at the point / with its courier, delivered,
      // or returned to the shop.
      return to !== 'paid';
    case 'backoffice':
      return to !== 'paid';
  }
}
