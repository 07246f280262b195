import { z } from 'zod';
import { dataOf } from './common.schema.ts';

// Kaspi Pay on the site (issue 33 Part A): the shopper's calls `POST /api/payment/kaspi/start` and
// `POST /api/payment/kaspi/status`, and what the thank-you page shows.

/** Body of `POST /api/payment/kaspi/start`: the order, how to pay, and for an invoice the phone (+7 and 10 digits). */
export const KaspiStartBody = z
  .object({
    orderNumber: z.string().regex(/^\d{6,15}$/, { message: 'Неверный номер заказа' }),
    kind: z.enum(['qr', 'link', 'remote']),
    phone: z
      .string()
      .regex(/^\+?7\d{10}$/, { message: 'Номер телефона: +7 и 10 цифр' })
      .optional(),
  })
  .strict();
export type KaspiStartBody = z.infer<typeof KaspiStartBody>;

/** Body of `POST /api/payment/kaspi/status`. */
export const KaspiOrderBody = z
  .object({ orderNumber: z.string().regex(/^\d{6,15}$/, { message: 'Неверный номер заказа' }) })
  .strict();
export type KaspiOrderBody = z.infer<typeof KaspiOrderBody>;

/**
 * A Kaspi payment as the thank-you page shows it: `state` none (not started) → waiting → scanned → paid, or
 * refused / expired (a new one may be started while the order awaits payment); the QR as an SVG rendered by the
 * shop from Kaspi's token, the link that opens the Kaspi app on a phone, deadlines (ISO) and how often to ask
 * again (seconds, Kaspi's interval).
 */
export const KaspiPayment = z.object({
  orderNumber: z.string(),
  orderStatus: z.string(),
  amount: z.number().int(),
  state: z.enum(['none', 'waiting', 'scanned', 'paid', 'refused', 'expired']),
  kind: z.enum(['qr', 'link', 'remote']).nullable(),
  qrSvg: z.string().nullable(),
  paymentLink: z.string().nullable(),
  /** Until when the QR or link may be scanned, or, once scanned, confirmed. */
  expiresAt: z.string().nullable(),
  /** When the order's payment window closes (the order is then cancelled and its stock released). */
  orderExpiresAt: z.string().nullable(),
  pollSeconds: z.number().int(),
  /** Whether «Счёт в Kaspi по номеру телефона» (`remote`) can be asked for: the shop's BIN is configured. */
  remoteInvoice: z.boolean(),
});
export type KaspiPayment = z.infer<typeof KaspiPayment>;
export const KaspiPaymentResponse = dataOf(KaspiPayment);
