import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateOrderBody,
  ErrorBody,
  OrderCreatedResponse,
  OrderDetailsResponse,
  OrderListQuery,
  OrderListResponse,
  OrderNumberParams,
} from '@kiim/contract';
import { authenticateCustomer, currentCustomer } from '#app/modules/customer/customer.auth.ts';
import { createOrder, getOrder, listOrders, type OrderDeps } from './order.service.ts';

const tags = ['order'];
const security = [{ customerToken: [] }];
const authErrors = { 401: ErrorBody, 403: ErrorBody };

/**
 * Order routes under `/api/order` (spec §7 `POST /api/order/create`; the account's order pages of spec §2).
 * Every route needs the signed-in customer (X-Authorization or the customer_token cookie): 401 without a
 * token, 403 for a bad or expired one (spec §8) — checked before the body.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OrderDeps = { db: app.db, sms: app.sms, log: app.log };
  app.addHook('onRequest', authenticateCustomer);

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Place an order from the cart',
        description:
          'Orders the cart lines in stock in order.regionId, with prices from the database, in one transaction (stock reserved, ' +
          'order numbered, ordered lines removed from the cart, an anonymous cart attached to the customer). Idempotent per ' +
          'order.idempotencyKey: the same body answers the same order; another body under a used key → 409 code 4013. ' +
          'Errors: 400 field errors; 404 3002 cart / 3004 city; 422 4001 nothing in stock, 4011 delivery method, 4012 payment ' +
          'method not offered; 409 4009 insufficient stock with details.lines [{externalId, requested, available}].',
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
      },
    },
    async (request) => {
      const order = await createOrder(deps, currentCustomer(request), request.body.order, app.clock.now());
      return { data: { order } };
    },
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: "The customer's orders, newest first",
        description:
          'state=pending: neither completed nor cancelled (default); state=completed: completed or cancelled.',
        security,
        querystring: OrderListQuery,
        response: { 200: OrderListResponse, 400: ErrorBody, ...authErrors },
      },
    },
    async (request) => ({
      data: { items: await listOrders(app.db, currentCustomer(request).id, request.query.state) },
    }),
  );

  app.get(
    '/details/:number',
    {
      schema: {
        tags,
        summary: 'One order of the customer',
        description: "404 (code 4004) for an unknown number or another customer's order.",
        security,
        params: OrderNumberParams,
        response: { 200: OrderDetailsResponse, 400: ErrorBody, ...authErrors, 404: ErrorBody },
      },
    },
    async (request) => ({ data: await getOrder(app.db, currentCustomer(request).id, request.params.number) }),
  );
};
