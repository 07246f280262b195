import QRCode from 'qrcode';
import { ErrorCode, PaymentErrorCode, PaymentMethod, type KaspiPayment } from '@kiim/contract';
import { AppError, notFound } from '#app/lib/errors.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import { KaspiError } from '#app/modules/kaspi/kaspi.client.ts';
import { latestAttempt, openAttempt, type AttemptKind } from '#app/modules/kaspi/kaspi.service.ts';
import type { KaspiAttemptRow } from '#app/modules/kaspi/kaspi.table.ts';
import { paymentOfOrder } from '#app/modules/payment/payment.service.ts';
import type { OrderDeps } from '../order.lifecycle.ts';
import * as repo from '../order.repository.ts';
import type { OrderRow } from '../order.table.ts';

// The shopper's side of a Kaspi order (issue 33 Part A item 1): start paying it — a QR code rendered by the shop
// from Kaspi's token, the link that opens the Kaspi app on a phone, or an invoice to the phone — and follow its
// state on the thank-you page (the page asks `POST /api/payment/kaspi/status` at Kaspi's interval).

const notPayable = (message: string) => new AppError(409, PaymentErrorCode.orderNotPayable, message);

/**
 * The customer's Kaspi order and its payment.
 * @throws AppError 404 orderNotFound (unknown or another customer's); 409 orderNotPayable (another method).
 */
async function kaspiOrder(deps: OrderDeps, customerId: string, orderNumber: string) {
  const order = await repo.findCustomerOrderByNumber(deps.db, customerId, orderNumber);
  if (!order) throw notFound(ErrorCode.orderNotFound, 'Заказ не найден');
  const payment = await paymentOfOrder(deps.db, order.id);
  if (order.payment_id !== PaymentMethod.kaspi || !payment || payment.provider !== 'kaspi')
    throw notPayable('Этот заказ оплачивается не через Kaspi');
  return { order, payment };
}

/**
 * The page's view of the order's Kaspi payment (the QR as an SVG when it has one); `remoteInvoice` when the
 * shop's BIN lets it send invoices by phone.
 */
async function view(
  deps: OrderDeps,
  order: OrderRow,
  attempt: KaspiAttemptRow | undefined,
): Promise<KaspiPayment> {
  const paid = order.status !== 'awaiting_payment' && order.status !== 'cancelled';
  const state = paid ? 'paid' : (attempt?.state ?? 'none');
  const open = attempt?.next_poll_at != null;
  const qrSvg =
    open && attempt?.qr_token
      ? await QRCode.toString(attempt.qr_token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      : null;
  return {
    orderNumber: order.number,
    orderStatus: order.status,
    amount: Number(order.total_amount),
    state,
    kind: attempt?.kind ?? null,
    qrSvg,
    paymentLink: open ? (attempt?.payment_link ?? null) : null,
    expiresAt: open ? (attempt!.confirm_deadline ?? attempt!.scan_deadline) : null,
    orderExpiresAt: order.payment_expires_at,
    pollSeconds: attempt?.poll_seconds ?? 5,
    remoteInvoice: !!deps.kaspi?.config.organizationBin,
  };
}

/**
 * `POST /api/payment/kaspi/start`: a Kaspi payment for the customer's Kaspi order awaiting payment — `qr`, `link`
 * (a phone opens the Kaspi app) or `remote` (an invoice to `phone`, 7XXXXXXXXXX, by default the customer's). An
 * open one is returned as it is (Kaspi is read first; never two live QRs).
 * @throws AppError 404 orderNotFound; 409 4021 orderNotPayable (another method, paid, cancelled, window closed,
 *   Kaspi off); 502 4020 providerUnavailable (Kaspi refused or did not answer; nothing stored).
 */
export async function startKaspiPayment(
  deps: OrderDeps,
  customer: CustomerRow,
  body: { orderNumber: string; kind: AttemptKind; phone?: string | undefined },
  now: Date,
): Promise<KaspiPayment> {
  const { order, payment } = await kaspiOrder(deps, customer.id, body.orderNumber);
  if (!deps.kaspi) throw notPayable('Оплата через Kaspi сейчас недоступна. Свяжитесь с нами, пожалуйста');
  if (order.status !== 'awaiting_payment')
    throw notPayable(
      order.status === 'cancelled' ? 'Заказ отменён, оплатить его нельзя' : 'Заказ уже оплачен',
    );
  if (order.payment_expires_at !== null && order.payment_expires_at <= now.toISOString())
    throw notPayable('Время на оплату заказа истекло. Оформите заказ заново');
  const phone = (body.phone ?? customer.mobile).replace(/^\+/, '');
  try {
    const attempt = await openAttempt(
      deps.kaspi,
      {
        paymentId: payment.id,
        amount: Number(payment.amount),
        externalId: order.number,
        kind: body.kind,
        phone,
      },
      now,
    );
    return view(deps, order, attempt);
  } catch (err) {
    if (!(err instanceof KaspiError)) throw err;
    deps.log.warn({ err, orderNumber: order.number }, 'Kaspi refused to create a payment');
    throw new AppError(
      502,
      PaymentErrorCode.providerUnavailable,
      'Kaspi сейчас не отвечает. Попробуйте оплатить чуть позже — заказ сохранён',
    );
  }
}

/**
 * `POST /api/payment/kaspi/status`: the order's Kaspi payment as the shop last read it (the Kaspi job reads Kaspi
 * at its interval; this call never waits for Kaspi). @throws AppError 404 orderNotFound; 409 orderNotPayable.
 */
export async function kaspiPaymentState(
  deps: OrderDeps,
  customerId: string,
  orderNumber: string,
): Promise<KaspiPayment> {
  const { order, payment } = await kaspiOrder(deps, customerId, orderNumber);
  return view(deps, order, await latestAttempt(deps.db, payment.id));
}
