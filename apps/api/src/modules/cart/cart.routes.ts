import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddOrUpdateItemBody,
  AddOrUpdateItemResponse,
  CartByUuidResponse,
  CartParams,
  ErrorBody,
  SplitCartResponse,
  SplitParams,
} from '@kiim/contract';
import { requestToken } from '#app/modules/customer/customer.auth.ts';
import { addOrUpdateItem, getCart, splitCart, type CartRequester } from './cart.service.ts';

const tags = ['cart'];
/** The token is optional: needed only for a cart that belongs to a customer. */
const security: Array<Record<string, string[]>> = [{ customerToken: [] }, {}];
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const requester = (request: FastifyRequest): CartRequester => ({
  token: requestToken(request),
  now: request.server.clock.now(),
});

/**
 * Routes of the cart module under `/api/cart` (spec §7): add or update an item, get a cart by uuid, split a
 * cart by city. Anonymous carts are used by uuid; a customer's cart only with that customer's token.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/add-or-update-item',
    {
      schema: {
        tags,
        security,
        summary: 'Add to or change the quantity of a cart line',
        description:
          '`qty` is a delta (spec §4): a resulting quantity ≤ 0 removes the line, a line is capped at 999. ' +
          'Without `uuid` a new cart is made. Answers the cart for the city `regionId` (`data.uuid`, spec §7). ' +
          '404 codes: 3002 cart, 3003 SKU, 3004 city.',
        body: AddOrUpdateItemBody,
        response: { 200: AddOrUpdateItemResponse, ...errors },
      },
    },
    async (request) => ({ data: await addOrUpdateItem(app.db, request.body, requester(request)) }),
  );

  app.get(
    '/get-by-uuid/:uuid/:cityId',
    {
      schema: {
        tags,
        security,
        summary: 'Get a cart by its uuid, priced and stocked for a city',
        description: 'Answers `data.cart` (spec §7) with lines in the order added and totals (spec §9).',
        params: CartParams,
        response: { 200: CartByUuidResponse, ...errors },
      },
    },
    async (request) => ({
      data: { cart: await getCart(app.db, request.params.uuid, request.params.cityId, requester(request)) },
    }),
  );

  app.get(
    '/split-cart-items-by-region-id/:cartUuid/:cityId',
    {
      schema: {
        tags,
        security,
        summary: 'Split a cart into lines available and not available in a city',
        description:
          'With the pickup points, delivery methods and payment methods the city offers (spec §3, §4, §7). ' +
          'A city hidden from customers has nothing available.',
        params: SplitParams,
        response: { 200: SplitCartResponse, ...errors },
      },
    },
    async (request) => ({
      data: await splitCart(app.db, request.params.cartUuid, request.params.cityId, requester(request)),
    }),
  );
};
