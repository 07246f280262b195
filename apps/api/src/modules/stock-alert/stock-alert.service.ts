import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type CustomerLanguage,
  type StockAlertDemandPage,
  type StockAlertDemandQuery,
  type StockAlertSubscribeBody,
  type StockAlertSubscription,
} from '@kiim/contract';
import type { Db } from '#app/db/database.ts';
import { AppError, badRequest, notFound, rateLimited } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { normaliseMobile } from '#app/lib/phone.ts';
import { currentRequestId } from '#app/lib/request-context.ts';
import { activeSkuRef, catalogueTranslator, cityTimeZones } from '#app/modules/catalog/catalog.service.ts';
import { stockOfSkus } from '#app/modules/inventory/inventory.levels.ts';
import * as repo from './stock-alert.repository.ts';
import type { StockAlertPayload, StockAlertRow } from './stock-alert.table.ts';

// Subscribing to and leaving «Сообщить о поступлении» (issue 35 item 4, docs/decisions/052).

/** Live subscriptions one contact may hold at once (a bound on what one number or address can fill). */
export const MAX_LIVE_PER_CONTACT = 50;
/** Demand lines per page in the back office. */
export const DEMAND_PAGE_SIZE = 50;

/** The signed-in shopper of a subscription request, if any. */
export interface Subscriber {
  id: string;
  mobile: string;
  language: CustomerLanguage;
}

/** A phone or an address as the shopper may see it back: `+7 701 ••• •• 78`, `a•••@mail.kz`. */
export function maskContact(channel: 'sms' | 'email', recipient: string): string {
  if (channel === 'sms') return `+7 ${recipient.slice(1, 4)} ••• •• ${recipient.slice(-2)}`;
  const at = recipient.lastIndexOf('@');
  return `${recipient.slice(0, 1)}•••${recipient.slice(at)}`;
}

/** Which contact the subscription goes to: the signed-in customer's number, or the one typed with consent. */
function contactOf(
  body: StockAlertSubscribeBody,
  customer: Subscriber | null,
): { channel: 'sms' | 'email'; recipient: string } {
  if (body.mobile !== undefined && body.email !== undefined)
    throw badRequest({ email: ['Укажите либо телефон, либо почту'] });
  if (customer && body.mobile === undefined && body.email === undefined)
    return { channel: 'sms', recipient: customer.mobile };
  if (body.mobile === undefined && body.email === undefined)
    throw badRequest({ mobile: ['Укажите телефон или почту'] });
  if (body.consent !== true)
    throw badRequest({ consent: ['Подтвердите согласие получить сообщение о поступлении'] });
  return body.mobile !== undefined
    ? { channel: 'sms', recipient: normaliseMobile(body.mobile) }
    : { channel: 'email', recipient: body.email! };
}

const toSubscription = (row: StockAlertRow, created: boolean): StockAlertSubscription => ({
  channel: row.channel,
  contact: maskContact(row.channel, row.recipient),
  status: row.status,
  token: row.token,
  created,
});

/**
 * Subscribes a contact to a sold-out SKU in a city (issue 35 item 4): signed in (`customer`) without a contact in
 * the body, the customer's own number in their language; else the typed number (normalised, Kazakh mobiles only)
 * or e-mail with `consent: true`, in `lang` (the storefront's). Idempotent: a contact with a live subscription to
 * the SKU in the city gets that one back (`created: false`).
 * @throws AppError 400 for a missing or double contact, a bad number or no consent; 404 3003 unknown SKU (or a
 *   product no longer sold), 3004 unknown city; 409 1409 when the size is in stock in the city; 429 when the
 *   contact already waits for {@link MAX_LIVE_PER_CONTACT} sizes.
 */
export async function subscribe(
  db: Db,
  body: StockAlertSubscribeBody,
  who: { customer: Subscriber | null; lang: CustomerLanguage; now: Date },
): Promise<StockAlertSubscription> {
  const contact = contactOf(body, who.customer);
  const sku = await activeSkuRef(db, body.externalId);
  if (!(await cityTimeZones(db, [body.cityId])).has(body.cityId))
    throw notFound(ErrorCode.cityNotFound, 'Город не найден');
  const units = (await stockOfSkus(db, [sku.id])).find((r) => r.city_id === body.cityId)?.quantity ?? 0;
  if (units > 0)
    throw new AppError(
      409,
      ErrorCode.conflict,
      'Этот размер есть в наличии в вашем городе — его можно заказать',
    );
  const language =
    who.customer && body.mobile === undefined && body.email === undefined ? who.customer.language : who.lang;
  const name = (await catalogueTranslator(db, language))(sku.productName);
  const payload: StockAlertPayload = { productSlug: sku.productSlug, productName: name, size: sku.size };
  const nowIso = who.now.toISOString();
  const id = newId();
  const row = await db.transaction().execute(async (trx) => {
    if ((await repo.liveCountOf(trx, contact.recipient)) >= MAX_LIVE_PER_CONTACT)
      throw rateLimited(
        24 * 3600_000,
        (wait) => `Вы ждёте поступления многих размеров. Новую подписку можно оформить через ${wait}`,
      );
    return repo.insertLive(trx, {
      id,
      sku_id: sku.id,
      city_id: body.cityId,
      ...contact,
      customer_id: who.customer?.id ?? null,
      language,
      token: randomBytes(16).toString('base64url'),
      payload: JSON.stringify(payload),
      status: 'live',
      attempts: 0,
      next_attempt_at: null,
      claim_id: null,
      lease_until: null,
      last_error: null,
      sent_at: null,
      body_text: null,
      consent_at: nowIso,
      request_id: currentRequestId(),
      created_at: nowIso,
      updated_at: nowIso,
    });
  });
  return toSubscription(row, row.id === id);
}

/**
 * Ends a live subscription by its unsubscribe token, no sign-in (issue 35 item 4): one step, and repeating it
 * changes nothing. A subscription whose alert is already queued or sent is left as it is.
 * @returns the subscription as it is now (`cancelled`, or the status it had).
 * @throws AppError 404 1004 for an unknown token.
 */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<StockAlertSubscription> {
  const row = await repo.cancelByToken(db, token, now.toISOString());
  if (!row) throw notFound(ErrorCode.notFound, 'Подписка не найдена');
  return toSubscription(row, false);
}

/**
 * The back office's demand (issue 35 item 4, «что дозаказать»): live subscriptions counted by SKU and city, 50 a
 * page, sorted by count (default), oldest wait, or product name and size; optionally of one city.
 */
export async function stockAlertDemand(db: Db, query: StockAlertDemandQuery): Promise<StockAlertDemandPage> {
  const { rows, total } = await repo.demand(db, {
    sort: query.sort,
    cityId: query.cityId,
    offset: (query.page - 1) * DEMAND_PAGE_SIZE,
    limit: DEMAND_PAGE_SIZE,
  });
  return {
    items: rows.map((r) => ({
      skuId: r.sku_id,
      externalId: r.external_id,
      size: r.size,
      productId: r.product_id,
      productName: r.product_name,
      cityId: r.city_id,
      cityName: r.city_name,
      live: Number(r.live),
      oldest: r.oldest,
    })),
    total,
    page: query.page,
    pageSize: DEMAND_PAGE_SIZE,
  };
}
