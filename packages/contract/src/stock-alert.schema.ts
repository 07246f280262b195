import { z } from 'zod';
import { ExternalId, Id, IdParam } from './common.schema.ts';
import { EmailInput } from './customer.schema.ts';

// «Сообщить о поступлении» (issue 35 item 4, docs/decisions/052): a shopper subscribes to a sold-out size in their
// city and gets one SMS or e-mail when it is back; the back office sees the demand per SKU and city.

/** The secret of an unsubscribe link: 22 base64url characters. */
export const StockAlertToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { message: 'Неверная ссылка' });

/**
 * Body of `POST /api/stock-alert`: the SKU (`externalId`) and city; signed in, the customer's own number is used
 * and the contact fields must be left out; otherwise exactly one of `mobile` or `email`, with `consent: true`.
 */
export const StockAlertSubscribeBody = z
  .object({
    externalId: ExternalId,
    cityId: Id,
    mobile: z.string().trim().min(1).max(32, { message: 'Не длиннее 32 символов' }).optional(),
    email: EmailInput.optional(),
    /** The shopper agreed to receive this one message (required without sign-in). */
    consent: z.boolean().optional(),
  })
  .strict();
export type StockAlertSubscribeBody = z.infer<typeof StockAlertSubscribeBody>;

/** A subscription as the shopper sees it. */
export const StockAlertSubscription = z.object({
  channel: z.enum(['sms', 'email']),
  /** The contact masked (`+7 701 ••• •• 78`, `a•••@mail.kz`). */
  contact: z.string(),
  /** Where the subscription is now. */
  status: z.enum(['live', 'pending', 'claimed', 'sending', 'sent', 'failed', 'unknown', 'cancelled']),
  /** The unsubscribe secret: the storefront's link `/stock-alert/off/{token}`. */
  token: StockAlertToken,
  /** False when the contact was already subscribed to this size in this city (nothing new was written). */
  created: z.boolean(),
});
export type StockAlertSubscription = z.infer<typeof StockAlertSubscription>;

/** Body of `POST /api/stock-alert/unsubscribe`. */
export const StockAlertUnsubscribeBody = z.object({ token: StockAlertToken }).strict();
export type StockAlertUnsubscribeBody = z.infer<typeof StockAlertUnsubscribeBody>;

/** Query of `GET /api/admin/stock-alerts/demand`: sort by live count (default), oldest wait, or product. */
export const StockAlertDemandQuery = z
  .object({
    sort: z.enum(['live', 'oldest', 'product']).default('live'),
    cityId: IdParam.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type StockAlertDemandQuery = z.infer<typeof StockAlertDemandQuery>;

/** One line of the demand: live subscriptions of a SKU in a city. */
export const StockAlertDemandItem = z.object({
  skuId: z.number().int(),
  externalId: z.string(),
  size: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  cityId: z.number().int(),
  cityName: z.string(),
  live: z.number().int(),
  /** When the longest-waiting shopper subscribed (ISO 8601 UTC). */
  oldest: z.string(),
});
export type StockAlertDemandItem = z.infer<typeof StockAlertDemandItem>;

/** One page of the demand (50 lines). */
export const StockAlertDemandPage = z.object({
  items: z.array(StockAlertDemandItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StockAlertDemandPage = z.infer<typeof StockAlertDemandPage>;
