import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddOrUpdateItemBody,
  AddOrUpdateItemResponse,
  CartByCustomerTokenParams,
  CartByCustomerTokenResponse,
  CartByUuidResponse,
  CartContentsResponse,
  CartItemBody,
  CartParams,
  CartUuidBody,
  ErrorBody,
  SplitCartResponse,
  SplitParams,
} from '@kiim/contract';
import { listRequesterFrom, registerAttachAndMerge } from '#app/modules/owned-list/owned-list.routes.ts';
import { requestToken } from '#app/modules/customer/customer.auth.ts';
import { addOrUpdateItem, clearCart, getCart, removeItem, splitCart } from './cart.service.ts';
import { attachCart, getCustomerCart, mergeCarts } from './cart.customer.service.ts';
import { shopperLang as langOf, varyByLanguage } from '#app/modules/catalog/catalog.texts.ts';

/** The requester of a list call: the customer token of the request (or of the query), and the clock. */
const listRequester = listRequesterFrom(requestToken);

const tags = ['cart'];
/** The token is optional: needed only for a cart that belongs to a customer. */
const security: Array<Record<string, string[]>> = [{ customerToken: [] }, {}];
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** `PUT /add-or-update-item` (spec §7). */
const addOrUpdateItemSchema = {
  tags,
  security,
  summary: 'Add to or change the quantity of a cart line',
  description:
    '`qty` is a delta (spec §4): a resulting quantity ≤ 0 removes the line, a line is capped at 999. ' +
    'Without `uuid` a new cart is made. Answers the cart for the city `regionId` (`data.uuid`, spec §7). ' +
    '404 codes: 3002 cart, 3003 SKU, 3004 city.',
  body: AddOrUpdateItemBody,
  response: { 200: AddOrUpdateItemResponse, ...errors },
};

/** `GET /get-by-uuid/:uuid/:cityId` (spec §7). */
const getByUuidSchema = {
  tags,
  security,
  summary: 'Get a cart by its uuid, priced and stocked for a city',
  description: 'Answers `data.cart` (spec §7) with lines in the order added and totals (spec §9).',
  params: CartParams,
  response: { 200: CartByUuidResponse, ...errors },
};

/** `GET /split-cart-items-by-region-id/:cartUuid/:cityId` (spec §7). */
const splitSchema = {
  tags,
  security,
  summary: 'Split a cart into lines available and not available in a city',
  description:
    'With the pickup points, delivery methods and payment methods the city offers (spec §3, §4, §7). ' +
    'A city hidden from customers has nothing available.',
  params: SplitParams,
  response: { 200: SplitCartResponse, ...errors },
};

/** `DELETE /item` (spec §7). */
const removeItemSchema = {
  tags,
  security,
  summary: 'Remove a line from a cart',
  description:
    'Removes the SKU `externalId` whatever its quantity (spec §7: body uuid, externalId). A SKU not in the cart ' +
    'changes nothing. Answers the remaining lines without prices. 404 codes: 3002 cart, 3003 SKU.',
  body: CartItemBody,
  response: { 200: CartContentsResponse, ...errors },
};

/** `DELETE /items` (spec §7). */
const clearSchema = {
  tags,
  security,
  summary: 'Remove every line of a cart',
  description: 'Empties the cart (spec §7: body uuid); the cart and its owner stay. 404 code 3002: cart.',
  body: CartUuidBody,
  response: { 200: CartContentsResponse, ...errors },
};

/** `GET /get-by-customer-token/:token/:cityId` (spec §7). */
const getByCustomerTokenSchema = {
  tags,
  summary: "Get the customer's cart, priced and stocked for a city",
  description:
    'The cart of the customer of the token in the path (spec §7 reads `data.uuid`, `data.items`). 404 with code ' +
    '3001 when the customer has no cart yet: attach the anonymous one (spec §8). 403 for a bad or expired token.',
  params: CartByCustomerTokenParams,
  response: { 200: CartByCustomerTokenResponse, ...errors },
};

/**
 * Routes of the cart module under `/api/cart` (spec §7): add or update an item, remove one, clear, get a
 * cart by uuid or by customer token, attach to a customer, merge, split by city. Anonymous carts are used
 * by uuid; a customer's cart only with that customer's token (any other gets 404, never the cart). Product names
 * and pickup points in the shopper's language (`Accept-Language: kk`, docs/decisions/046).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', varyByLanguage);
  app.put('/add-or-update-item', { schema: addOrUpdateItemSchema }, async (request) => ({
    data: await addOrUpdateItem(app.db, request.body, listRequester(request), langOf(request)),
  }));
  app.get('/get-by-uuid/:uuid/:cityId', { schema: getByUuidSchema }, async (request) => ({
    data: {
      cart: await getCart(
        app.db,
        request.params.uuid,
        request.params.cityId,
        listRequester(request),
        langOf(request),
      ),
    },
  }));
  app.get('/split-cart-items-by-region-id/:cartUuid/:cityId', { schema: splitSchema }, async (request) => ({
    data: await splitCart(
      app.db,
      request.params.cartUuid,
      request.params.cityId,
      listRequester(request),
      app.kaspi !== null,
      langOf(request),
      app.shipping,
    ),
  }));
  app.delete('/item', { schema: removeItemSchema }, async (request) => ({
    data: await removeItem(app.db, request.body, listRequester(request)),
  }));
  app.delete('/items', { schema: clearSchema }, async (request) => ({
    data: await clearCart(app.db, request.body.uuid, listRequester(request)),
  }));
  app.get('/get-by-customer-token/:token/:cityId', { schema: getByCustomerTokenSchema }, async (request) => ({
    data: await getCustomerCart(
      app.db,
      request.params.token,
      request.params.cityId,
      app.clock.now(),
      langOf(request),
    ),
  }));
  registerAttachAndMerge(app, {
    tags,
    noun: 'cart',
    notFoundCode: 3002,
    mergeRule:
      'the lines of `sourceUuid` are added to `destinationUuid` (quantities of a SKU in both are summed, capped at 999)',
    contents: CartContentsResponse,
    errors,
    attach: attachCart,
    merge: mergeCarts,
    listRequester,
  });
};
