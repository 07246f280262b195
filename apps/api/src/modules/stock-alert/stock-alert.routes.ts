import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  ErrorBody,
  StockAlertDemandPage,
  StockAlertDemandQuery,
  StockAlertSubscribeBody,
  StockAlertSubscription,
  StockAlertUnsubscribeBody,
} from '@kiim/contract';
import { requestToken } from '#app/modules/customer/customer.auth.ts';
import { resolveToken } from '#app/modules/customer/customer.token.ts';
import { shopperLang } from '#app/modules/catalog/catalog.texts.ts';
import { requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { stockAlertDemand, subscribe, unsubscribe, type Subscriber } from './stock-alert.service.ts';

const tags = ['stock alerts'];
const shopperErrors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
/** Writes per client address in 10 minutes (@fastify/rate-limit; 429 code 1029 with Retry-After). */
export const SUBSCRIBE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

/** The signed-in customer of a request that may be anonymous (a token sent must be valid: else 403). */
async function optionalCustomer(request: FastifyRequest): Promise<Subscriber | null> {
  const token = requestToken(request);
  if (!token) return null;
  const { customer } = await resolveToken(request.server.db, token, request.server.clock.now());
  return { id: customer.id, mobile: customer.mobile, language: customer.language };
}

const subscribeSchema = {
  tags,
  security: [{ customerToken: [] }, {}] as Array<Record<string, string[]>>,
  summary: 'Subscribe to a sold-out size («Сообщить о поступлении»)',
  description:
    'Issue 35 item 4. Signed in (X-Authorization or the cookie) without `mobile`/`email`: the customer’s own number. ' +
    'Else exactly one of `mobile` (Kazakh mobile) or `email`, with `consent: true`. One SMS or e-mail in the ' +
    'subscriber’s language when the size is back in stock in the city, then the subscription ends. Idempotent per ' +
    'SKU × city × contact (`created: false`). 400 bad input; 404 3003 SKU, 3004 city; 409 1409 in stock there; ' +
    '429 too many writes or live subscriptions.',
  body: StockAlertSubscribeBody,
  response: { 200: dataOf(StockAlertSubscription), ...shopperErrors },
};

const unsubscribeSchema = {
  tags,
  summary: 'Unsubscribe by the link’s token',
  description:
    'One step, no sign-in: a live subscription becomes `cancelled`; one already alerted keeps its status. 404 for an unknown token.',
  body: StockAlertUnsubscribeBody,
  response: { 200: dataOf(StockAlertSubscription), 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
};

/** Shopper routes under `/api/stock-alert` (issue 35 item 4, docs/decisions/052): subscribe and unsubscribe. */
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/', { schema: subscribeSchema, config: { rateLimit: SUBSCRIBE_LIMIT } }, async (request) => {
    const customer = await optionalCustomer(request);
    const lang = shopperLang(request) ?? 'ru';
    return { data: await subscribe(app.db, request.body, { customer, lang, now: app.clock.now() }) };
  });
  app.post(
    '/unsubscribe',
    { schema: unsubscribeSchema, config: { rateLimit: SUBSCRIBE_LIMIT } },
    async (request) => ({ data: await unsubscribe(app.db, request.body.token, app.clock.now()) }),
  );
};

const PERMISSION = 'stock.edit';
const demandSchema = guarded(
  'admin: stock',
  PERMISSION,
  'Demand for sold-out sizes («что дозаказать»)',
  'Issue 35 item 4: live back-in-stock subscriptions counted by SKU and city, 50 a page; `sort` live (most waiting, the default), oldest (longest wait) or product; `cityId` one city.',
  {
    querystring: StockAlertDemandQuery,
    response: { 200: dataOf(StockAlertDemandPage), ...errors(400, 401, 403) },
  },
);

/** The back office's demand route under `/api/admin` (issue 35 item 4), behind stock.edit (catalogue, warehouse). */
export const stockAlertAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stock-alerts/demand',
    { onRequest: requirePermission(PERMISSION), schema: demandSchema },
    async (request) => ({ data: await stockAlertDemand(app.db, request.query) }),
  );
};
