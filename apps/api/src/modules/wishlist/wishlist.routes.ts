import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  WishlistAddQuery,
  WishlistCityParams,
  WishlistContentsResponse,
  WishlistParams,
  WishlistRemoveQuery,
  WishlistResponse,
} from '@kiim/contract';
import { listRequesterFrom, registerAttachAndMerge } from '#app/modules/owned-list/owned-list.routes.ts';
import { requestToken } from '#app/modules/customer/customer.auth.ts';
import { shopperLang as langOf, varyByLanguage } from '#app/modules/catalog/catalog.texts.ts';
import {
  addItem,
  attachWishlist,
  getCustomerWishlist,
  getWishlist,
  mergeWishlists,
  removeItem,
} from './wishlist.service.ts';

/** The requester of a list call: the customer token of the request (or of the query), and the clock. */
const listRequester = listRequesterFrom(requestToken);

const tags = ['wishlist'];
/** The token is optional: needed only for a wishlist that belongs to a customer. */
const security: Array<Record<string, string[]>> = [{ customerToken: [] }, {}];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** `POST /item` (spec §7: query uuid, token, externalId). */
const addItemSchema = {
  tags,
  security,
  summary: 'Add a product to a wishlist',
  description:
    'Spec §7: query uuid, token, externalId (any SKU of the product; the SKU is remembered as the size chosen). ' +
    'Without `uuid`, the wishlist of the signed-in customer (token in X-Authorization, else the `token` query; made if ' +
    'they have none), else a new anonymous one. ' +
    'Adding a product already there changes nothing. Answers the entries (`data.uuid`). 404 codes: 3005 ' +
    'wishlist, 3003 SKU.',
  querystring: WishlistAddQuery,
  response: { 200: WishlistContentsResponse, ...errors },
};

/** `DELETE /item` (spec §7: query uuid, externalId). */
const removeItemSchema = {
  tags,
  security,
  summary: 'Remove a product from a wishlist',
  description:
    'Spec §7: query uuid, externalId (any SKU of the product). A product not there changes nothing. 404 codes: ' +
    '3005 wishlist, 3003 SKU.',
  querystring: WishlistRemoveQuery,
  response: { 200: WishlistContentsResponse, ...errors },
};

/** `GET /get-by-uuid/:cityId/:uuid` (spec §7). */
const getByUuidSchema = {
  tags,
  security,
  summary: 'Get a wishlist with product cards for a city',
  description:
    'Entries newest first, each with its product card and stock in the city (spec §3, §4); products no longer ' +
    'sold are left out. 404 codes: 3005 wishlist, 3004 city.',
  params: WishlistParams,
  response: { 200: WishlistResponse, ...errors },
};

/** `GET /get-by-customer-token/:cityId` (spec §7). */
const getByCustomerTokenSchema = {
  tags,
  security: [{ customerToken: [] }],
  summary: "Get the signed-in customer's wishlist for a city",
  description:
    'The token in `X-Authorization` (spec §7). 404 with code 3001 when the customer has no wishlist yet: attach the ' +
    'anonymous one (spec §8). 401 without a token, 403 for a bad or expired one.',
  params: WishlistCityParams,
  response: { 200: WishlistResponse, ...errors },
};

/**
 * Routes of the wishlist module under `/api/wishlist` (spec §7): add and remove a product, get a wishlist by
 * uuid or by customer token, attach to a customer, merge. Anonymous wishlists are used by uuid; a customer's
 * only with that customer's token (any other gets 404, never the wishlist). Product names in the shopper's
 * language (`Accept-Language: kk`, docs/decisions/046).
 */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', varyByLanguage);
  app.post('/item', { schema: addItemSchema }, async (request) => ({
    data: await addItem(app.db, request.query, listRequester(request, request.query.token)),
  }));
  app.delete('/item', { schema: removeItemSchema }, async (request) => ({
    data: await removeItem(app.db, request.query, listRequester(request)),
  }));
  app.get('/get-by-uuid/:cityId/:uuid', { schema: getByUuidSchema }, async (request) => ({
    data: await getWishlist(
      app.db,
      request.params.uuid,
      request.params.cityId,
      listRequester(request),
      langOf(request),
    ),
  }));
  app.get('/get-by-customer-token/:cityId', { schema: getByCustomerTokenSchema }, async (request) => ({
    data: await getCustomerWishlist(
      app.db,
      requestToken(request),
      request.params.cityId,
      app.clock.now(),
      langOf(request),
    ),
  }));
  registerAttachAndMerge(app, {
    tags,
    noun: 'wishlist',
    notFoundCode: 3005,
    mergeRule:
      'the union of both ends up in `destinationUuid` (a product in both keeps the destination’s entry)',
    contents: WishlistContentsResponse,
    errors,
    attach: attachWishlist,
    merge: mergeWishlists,
    listRequester,
  });
};
