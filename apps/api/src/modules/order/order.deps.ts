import type { FastifyInstance } from 'fastify';
import type { Notifier } from '#app/modules/notification/notification.service.ts';
import type { PaymentDeps } from '#app/modules/payment/payment.service.ts';
import type { SmsProvider } from '#app/modules/sms/sms.provider.ts';
import type { FiscalQueue } from '#app/modules/fiscal/fiscal.service.ts';
import { kaspiRefunds, type KaspiDeps } from '#app/modules/kaspi/kaspi.service.ts';
import type { ShippingDeps } from '#app/modules/shipping/shipping.checkout.ts';
import type { ShipmentContact } from '#app/modules/shipping/shipping.shipment.ts';
import { senderOf } from '#app/modules/shipping/shipping.request.ts';

/** What the order flows (its card-payment flow included) need from the app. */
export interface OrderDeps extends PaymentDeps {
  sms: SmsProvider;
  /** Public origin of the shop (ePay's postLink and the shopper's way back). */
  publicUrl: string;
  /** Minutes an unpaid card-online order holds its stock. */
  paymentWindowMinutes: number;
  /** Order notifications: the outbox's delivery (issue 13). */
  notifier: Notifier;
  /** Fiscal receipts: where money events are queued (issue 32; off: nothing is written). */
  fiscal: FiscalQueue;
  /** Who issues the receipts of Kaspi Магазин sales (KASPI_SHOP_RECEIPTS, decision 077); default the shop. */
  kaspiShopReceipts?: 'shop' | 'kaspi-kassa';
  /** Kaspi Pay (payment 4), or null when KASPI_PAY_MODE is off. */
  kaspi?: KaspiDeps | null;
  /** The carrier (issue 34), or null when CDEK_MODE is off. */
  shipping?: ShippingDeps | null;
  /** The shop as a carrier parcel's sender (the seller's details). */
  sender?: ShipmentContact;
}

/** The deps of the order flows from the Fastify app. */
export const orderDeps = (app: FastifyInstance): OrderDeps => ({
  db: app.db,
  sms: app.sms,
  log: app.log,
  payments: app.payments,
  publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
  paymentWindowMinutes: app.config.payments.paymentWindowMinutes,
  notifier: app.notifier,
  fiscal: fiscalQueue(app),
  kaspiShopReceipts: app.config.kaspiShop.receipts,
  kaspi: app.kaspi,
  shipping: app.shipping,
  sender: senderOf(app.config.seller),
  gateways: app.kaspi ? { kaspi: kaspiRefunds(app.kaspi) } : {},
});

/** The fiscal queue of the app's configuration: on unless FISCAL_PROVIDER=off. */
export const fiscalQueue = (app: FastifyInstance): FiscalQueue => ({
  enabled: app.config.fiscal.provider !== 'off',
  cashbox: app.config.fiscal.cashbox,
});
