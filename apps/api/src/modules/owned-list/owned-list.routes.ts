import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AttachToCustomerBody, ErrorBody, MergeBody } from '@kiim/contract';
import type { Db } from '#app/db/database.ts';
import type { ListRequester } from './owned-list.ts';

// The routes the cart and the wishlist share (spec §7 `update-customer-id-by-customer-token` and `merge`),
// registered by each module's route plugin with its own texts, schemas and service functions.

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Who asks a list call: `request` and, for a route that takes one, the token of spec §7's query. */
export type ListRequesterOf = (request: FastifyRequest, queryToken?: string) => ListRequester;

/**
 * Makes the requester reader of the list routes from the customer module's `requestToken` (header
 * `X-Authorization`, spec §7, or cookie `customer_token`), injected so that the kit imports no other module.
 * The requester carries that token, else `queryToken`, and the app's clock. The header wins, so a client that
 * repeats a call after exchanging an expired token (spec §8) is not held back by an old token in the query.
 */
export const listRequesterFrom =
  (requestToken: (request: FastifyRequest) => string | undefined): ListRequesterOf =>
  (request, queryToken) => ({
    token: requestToken(request) || queryToken,
    now: request.server.clock.now(),
  });

/** What a list module gives {@link registerAttachAndMerge}. */
interface AttachAndMergeRoutes<C> {
  tags: string[];
  /** The list's English name in the OpenAPI texts (`cart`, `wishlist`). */
  noun: string;
  /** The code of the list's 404 (3002 cart, 3005 wishlist). */
  notFoundCode: number;
  /** How a merge combines the two lists, for the OpenAPI text. */
  mergeRule: string;
  /** Response schema of the list's contents (`{data: …}`). */
  contents: z.ZodType<{ data: C }>;
  /** Error responses of the module's routes (400, 403, 404…). */
  errors: Record<number, typeof ErrorBody>;
  attach: (db: Db, body: AttachToCustomerBody, now: Date) => Promise<C>;
  merge: (db: Db, body: MergeBody, requester: ListRequester) => Promise<C>;
  /** The module's requester reader (see {@link listRequesterFrom}). */
  listRequester: ListRequesterOf;
}

/**
 * Registers `PUT /update-customer-id-by-customer-token` (attach, spec §7: body uuid, token) and `POST /merge`
 * (spec §7: body sourceUuid, destinationUuid; spec §4 sign-in merge) of a list module.
 */
export function registerAttachAndMerge<C>(app: ZodApp, r: AttachAndMergeRoutes<C>): void {
  const response = { 200: r.contents, ...r.errors, 409: ErrorBody };
  app.put(
    '/update-customer-id-by-customer-token',
    {
      schema: {
        tags: r.tags,
        summary: `Attach an anonymous ${r.noun} to the customer of a token`,
        description:
          `Spec §7: body uuid, token; used at sign-in when the customer has no ${r.noun} (spec §4, §8). A ${r.noun} ` +
          `already theirs is left as it is. 404 code ${r.notFoundCode} for an unknown ${r.noun} or another customer’s; ` +
          `409 code 3007 when the customer already has another ${r.noun} (\`details.uuid\`): merge instead.`,
        body: AttachToCustomerBody,
        response,
      },
    },
    async (request) => ({ data: await r.attach(app.db, request.body, app.clock.now()) }),
  );

  app.post(
    '/merge',
    {
      schema: {
        tags: r.tags,
        security: [{ customerToken: [] }, {}],
        summary: `Merge one ${r.noun} into another`,
        description:
          `Spec §4 sign-in merge: ${r.mergeRule}; then the source is emptied and gone. Repeating the merge changes ` +
          `nothing. The requester must be allowed to use both. 404 code ${r.notFoundCode}; 409 code 3006 when the ` +
          `source was merged into another ${r.noun}.`,
        body: MergeBody,
        response,
      },
    },
    async (request) => ({ data: await r.merge(app.db, request.body, r.listRequester(request)) }),
  );
}
