import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttachToCustomerBody,
  ErrorBody,
  MergeBody,
  WishlistAddQuery,
  WishlistCityParams,
  WishlistContentsResponse,
  WishlistParams,
  WishlistRemoveQuery,
  WishlistResponse,
} from '@kiim/contract';
import { requestToken } from '#app/modules/customer/customer.auth.ts';
import {
  addItem,
  attachWishlist,
  getCustomerWishlist,
  getWishlist,
  mergeWishlists,
  removeItem,
  type WishlistRequester,
} from './wishlist.service.ts';

const tags = ['wishlist'];
/** The token is optional: needed only for a wishlist that belongs to a customer. */
const security: Array<Record<string, string[]>> = [{ customerToken: [] }, {}];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The requester. Its token: header `X-Authorization` (spec §7) or cookie `customer_token`, else `queryToken`
 * (the `token` query of `POST /item`, spec §7). The header wins, so a client that repeats a call after
 * exchanging an expired token (spec §8) is not held back by the old token left in the query.
 */
const requester = (request: FastifyRequest, queryToken?: string): WishlistRequester => ({
  token: requestToken(request) || queryToken,
  now: request.server.clock.now(),
});

/**
 * Routes of the wishlist module under `/api/wishlist` (spec §7): add and remove a product, get a wishlist by
 * uuid or by customer token, attach to a customer, merge. Anonymous wishlists are used by uuid; a customer's
 * only with that customer's token (any other gets 404, never the wishlist).
 */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/item',
    {
      schema: {
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
      },
    },
    async (request) => ({ data: await addItem(app.db, request.query, requester(request, request.query.token)) }),
  );

  app.delete(
    '/item',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a product from a wishlist',
        description:
          'Spec §7: query uuid, externalId (any SKU of the product). A product not there changes nothing. 404 codes: ' +
          '3005 wishlist, 3003 SKU.',
        querystring: WishlistRemoveQuery,
        response: { 200: WishlistContentsResponse, ...errors },
      },
    },
    async (request) => ({ data: await removeItem(app.db, request.query, requester(request)) }),
  );

  app.get(
    '/get-by-uuid/:cityId/:uuid',
    {
      schema: {
        tags,
        security,
        summary: 'Get a wishlist with product cards for a city',
        description:
          'Entries newest first, each with its product card and stock in the city (spec §3, §4); products no longer ' +
          'sold are left out. 404 codes: 3005 wishlist, 3004 city.',
        params: WishlistParams,
        response: { 200: WishlistResponse, ...errors },
      },
    },
    async (request) => ({
      data: await getWishlist(app.db, request.params.uuid, request.params.cityId, requester(request)),
    }),
  );

  app.get(
    '/get-by-customer-token/:cityId',
    {
      schema: {
        tags,
        security: [{ customerToken: [] }],
        summary: "Get the signed-in customer's wishlist for a city",
        description:
          'The token in `X-Authorization` (spec §7). 404 with code 3001 when the customer has no wishlist yet: attach the ' +
          'anonymous one (spec §8). 401 without a token, 403 for a bad or expired one.',
        params: WishlistCityParams,
        response: { 200: WishlistResponse, ...errors },
      },
    },
    async (request) => ({
      data: await getCustomerWishlist(app.db, requestToken(request), request.params.cityId, app.clock.now()),
    }),
  );

  app.put(
    '/update-customer-id-by-customer-token',
    {
      schema: {
        tags,
        summary: 'Attach an anonymous wishlist to the customer of a token',
        description:
          'Spec §7: body uuid, token; used at sign-in when the customer has none (spec §4, §8). A wishlist already ' +
          'theirs is left as it is. 404 code 3005 for an unknown wishlist or another customer’s; 409 code 3007 when the ' +
          'customer already has another wishlist (`details.uuid`): merge instead.',
        body: AttachToCustomerBody,
        response: { 200: WishlistContentsResponse, ...errors, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await attachWishlist(app.db, request.body, app.clock.now()) }),
  );

  app.post(
    '/merge',
    {
      schema: {
        tags,
        security,
        summary: 'Merge one wishlist into another',
        description:
          'Spec §4 sign-in merge: the union of both ends up in `destinationUuid`; the source is emptied and gone. Repeating ' +
          'the merge changes nothing. The requester must be allowed to use both. 404 code 3005; 409 code 3006 when the ' +
          'source was merged into another wishlist.',
        body: MergeBody,
        response: { 200: WishlistContentsResponse, ...errors, 409: ErrorBody },
      },
    },
    async (request) => ({ data: await mergeWishlists(app.db, request.body, requester(request)) }),
  );
};
