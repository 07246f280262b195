import { ErrorCode, PaymentErrorCode, PaymentMethod, type HalykAuth } from '@kiim/contract';
import { AppError, notFound } from '#app/lib/errors.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import { PaymentProviderError } from '#app/modules/payment/payment.provider.ts';
import { paymentOfOrder, startPayment, type EpayLanguage } from '#app/modules/payment/payment.service.ts';
import { askStatus } from '#app/modules/payment/payment.status.ts';
import type { OrderDeps } from '../order.lifecycle.ts';
import * as repo from '../order.repository.ts';
import { applyPaymentStatus } from './card-payment.apply.ts';

// The shopper's side of an order's card payment (spec §7 `POST /api/payment/halyk/auth`; payments-sms.md §1):
// start paying the order on ePay's payment page, and check the payment when back from it.

/**
 * The customer's order by number.
 * @throws AppError 404 orderNotFound (unknown or another customer's: never revealed).
 */
async function customerOrder(deps: OrderDeps, customerId: string, orderNumber: string) {
  const order = await repo.findCustomerOrderByNumber(deps.db, customerId, orderNumber);
  if (!order) throw notFound(ErrorCode.orderNotFound, 'Заказ не найден');
  return order;
}

/**
 * `POST /api/payment/halyk/auth` (spec §7): a fresh ePay payment token for the customer's card-online order
 * and the payment object for ePay's `payment-api.js` (payments-sms.md §1): invoiceId = order number, amount =
 * the order's total in tenge, backLink/failureBackLink = the order's page in the shop (the shopper sees the
 * result there), postLink/failurePostLink = `/api/payment/halyk/response`.
 * @throws AppError 404 orderNotFound (unknown or another customer's); 409 4021 orderNotPayable (not card
 *   online, already paid, cancelled, or the payment window closed); 502 4020 providerUnavailable (ePay
 *   refused or did not answer; nothing changed).
 * @param language the payment page's language as ePay names it: `rus`, or `kaz` for the Kazakh storefront.
 */
export async function startCardPayment(
  deps: OrderDeps,
  customer: CustomerRow,
  orderNumber: string,
  now: Date,
  language: EpayLanguage = 'rus',
): Promise<HalykAuth> {
  const order = await customerOrder(deps, customer.id, orderNumber);
  const payment = await paymentOfOrder(deps.db, order.id);
  const notPayable = (message: string) => new AppError(409, PaymentErrorCode.orderNotPayable, message);
  if (order.payment_id !== PaymentMethod.cardOnline || !payment) {
    throw notPayable('Этот заказ оплачивается при получении');
  }
  if (order.status !== 'awaiting_payment') {
    throw notPayable(
      order.status === 'cancelled' ? 'Заказ отменён, оплатить его нельзя' : 'Заказ уже оплачен',
    );
  }
  if (order.payment_expires_at !== null && order.payment_expires_at <= now.toISOString()) {
    throw notPayable('Время на оплату заказа истекло. Оформите заказ заново');
  }
  const backTo = `${deps.publicUrl}/personal/orders/details/${order.number}`;
  return startPayment(
    deps,
    payment,
    {
      postLink: `${deps.publicUrl}/api/payment/halyk/response`,
      backLink: `${backTo}?payment=return`,
      failureBackLink: `${backTo}?payment=failed`,
      description: `Оплата заказа № ${order.number} в магазине Kiim`,
      accountId: customer.id,
      name: [customer.name, customer.surname].filter(Boolean).join(' '),
      phone: customer.mobile,
      email: order.email ?? customer.email ?? '',
      language,
    },
    now,
  );
}

/**
 * `POST /api/payment/halyk/status`: the shopper is back from the payment page — asks ePay's status API about
 * the customer's order and applies the answer (the same idempotent rules as the callback, with which it may
 * race). When ePay does not answer, nothing changes (the callback or the poll will tell).
 * @throws AppError 404 orderNotFound (unknown or another customer's).
 */
export async function checkCardPayment(
  deps: OrderDeps,
  customerId: string,
  orderNumber: string,
  now: Date,
): Promise<void> {
  const order = await customerOrder(deps, customerId, orderNumber);
  const payment = await paymentOfOrder(deps.db, order.id);
  if (!payment || order.status !== 'awaiting_payment' || payment.auth_count === 0) return;
  try {
    await applyPaymentStatus(deps, payment, await askStatus(deps, payment), 'return', now);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, orderNumber }, 'ePay status check failed on the shopper’s return');
  }
}
