import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelOrderBody,
  CreateOrderBody,
  ErrorBody,
  OrderCreatedResponse,
  OrderStateResponse,
  OrderDetailsResponse,
  OrderListQuery,
  OrderListResponse,
  OrderNumberParams,
} from '@kiim/contract';
import { authenticateCustomer, currentCustomer } from '#app/modules/customer/customer.auth.ts';
import { shopperLang as langOf, varyByLanguage } from '#app/modules/catalog/catalog.texts.ts';
import { orderDeps } from './order.lifecycle.ts';
import { createOrder } from './order.create.ts';
import { cancelOrderByCustomer, getOrder, listOrders } from './order.service.ts';

const tags = ['order'];
const security = [{ customerToken: [] }];
const authErrors = { 401: ErrorBody, 403: ErrorBody };

/** `POST /create`. */
const createSchema = {
  tags,
  summary: 'Place an order from the cart',
  description:
    'Orders the cart lines in stock in order.regionId (with order.includeOtherCityItems also what other visible cities ' +
    'hold, 3–5 days), with prices from the database, in one transaction (stock locked and reserved, order numbered, ' +
    'ordered lines removed from the cart, an anonymous cart attached to the customer). Card online (paymentId 3) starts ' +
    'as awaiting_payment with a payment window (ORDER_PAYMENT_WINDOW_MINUTES) after which an unpaid order is cancelled ' +
    'and its stock released; pay it with POST /api/payment/halyk/auth. Idempotent per order.idempotencyKey: the same ' +
    'body answers the same order; another body under a used key → 409 code 4013. Errors: 400 field errors (keys ' +
    'pickupPointId, delivery.street, delivery.building, delivery.contactName, delivery.contactPhone, order.email…); ' +
    '404 3002 cart / 3004 city; 422 4001 nothing in stock, 4011 delivery method, 4012 payment method not offered; ' +
    '409 4009 insufficient stock with details.lines [{externalId, requested, available}] (nothing written).',
  security,
  body: CreateOrderBody,
  response: {
    200: OrderCreatedResponse,
    400: ErrorBody,
    ...authErrors,
    404: ErrorBody,
    409: ErrorBody,
    422: ErrorBody,
  },
};

/** `POST /cancel`. */
const cancelSchema = {
  tags,
  summary: 'Cancel one of the customer’s orders',
  description:
    'Allowed while the order is new, awaiting payment or paid (nothing handed over): its units go back to stock and ' +
    'money taken by card is returned through ePay. 404 (4004) unknown or another customer’s order; 409 (4014) too late.',
  security,
  body: CancelOrderBody,
  response: { 200: OrderStateResponse, 400: ErrorBody, ...authErrors, 404: ErrorBody, 409: ErrorBody },
};

/** `GET /list`. */
const listSchema = {
  tags,
  summary: "The customer's orders, newest first",
  description:
    'state=pending: neither completed nor cancelled (default); state=completed: completed or cancelled.',
  security,
  querystring: OrderListQuery,
  response: { 200: OrderListResponse, 400: ErrorBody, ...authErrors },
};

/** `GET /details/:number`. */
const detailsSchema = {
  tags,
  summary: 'One order of the customer',
  description: "404 (code 4004) for an unknown number or another customer's order.",
  security,
  params: OrderNumberParams,
  response: { 200: OrderDetailsResponse, 400: ErrorBody, ...authErrors, 404: ErrorBody },
};

/**
 * Order routes under `/api/order` (spec §7 `POST /api/order/create`; the account's order pages of spec §2).
 * Every route needs the signed-in customer (X-Authorization or the customer_token cookie): 401 without a
 * token, 403 for a bad or expired one (spec §8) — checked before the body. Product names and pickup points in the
 * shopper's language (`Accept-Language: kk`, docs/decisions/046).
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = orderDeps(app);
  app.addHook('onRequest', varyByLanguage);
  app.addHook('onRequest', authenticateCustomer);

  app.post('/create', { schema: createSchema }, async (request) => {
    const order = await createOrder(
      deps,
      currentCustomer(request),
      request.body.order,
      app.clock.now(),
      langOf(request),
    );
    return { data: { order } };
  });

  app.post('/cancel', { schema: cancelSchema }, async (request) => ({
    data: {
      order: await cancelOrderByCustomer(
        deps,
        currentCustomer(request),
        request.body.number,
        app.clock.now(),
        langOf(request),
      ),
    },
  }));

  app.get('/list', { schema: listSchema }, async (request) => ({
    data: {
      items: await listOrders(app.db, currentCustomer(request).id, request.query.state, langOf(request)),
    },
  }));

  app.get('/details/:number', { schema: detailsSchema }, async (request) => ({
    data: await getOrder(app.db, currentCustomer(request).id, request.params.number, langOf(request)),
  }));
};
