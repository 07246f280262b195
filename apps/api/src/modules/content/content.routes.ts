import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentPage,
  ContentPageParams,
  ContentPageSummary,
  ContentQuery,
  ErrorBody,
  SellerDetails,
  dataOf,
} from '@kiim/contract';
import { PaymentMethod } from '@kiim/contract/enums';
import type { Config } from '#app/config.ts';
import * as content from './content.service.ts';
import { shopperLang as langOf, varyByLanguage } from '#app/modules/catalog/catalog.texts.ts';
import { shopperSay } from '#app/modules/catalog/read/index.ts';
import type { RenderValues } from './content.render.ts';

/** `GET /content/pages`. */
const pagesSchema = {
  tags: ['content'],
  summary: 'Published information pages of a language, in the order of the information index',
  querystring: ContentQuery,
  response: { 200: dataOf(z.array(ContentPageSummary)), 400: ErrorBody },
};

/** `GET /content/pages/:slug`. */
const pageSchema = {
  tags: ['content'],
  summary: 'One published information page: HTML parts, data blocks (cities, pickup points), seller details',
  description:
    'The stored Markdown rendered on the server with raw HTML disabled. `parts` alternate HTML and blocks the ' +
    'storefront draws from data: delivery-cities, delivery-terms, payment-methods, stores, seller-details. ' +
    'Unknown or unpublished slug → 404.',
  params: ContentPageParams,
  querystring: ContentQuery,
  response: { 200: dataOf(ContentPage), 400: ErrorBody, 404: ErrorBody },
};

/** `GET /content/seller`. */
const sellerSchema = {
  tags: ['content'],
  summary: 'The seller’s legal details and customer service (footer, public offer), from configuration',
  response: { 200: dataOf(SellerDetails) },
};

/**
 * The seller's details as the API answers them (configuration, with the dialled form of the phone), and the
 * payment methods accepted: spec §4's three, and Kaspi (4) when `KASPI_PAY_MODE` is not `off` (issue 33).
 */
export const sellerDetails = (config: Config): SellerDetails => ({
  ...config.seller,
  phoneHref: `tel:+${config.seller.phone.replace(/\D/g, '')}`,
  paymentMethodIds: [
    PaymentMethod.cashOnDelivery,
    PaymentMethod.cardOnDelivery,
    PaymentMethod.cardOnline,
    ...(config.kaspi.mode === 'off' ? [] : [PaymentMethod.kaspi]),
  ],
});

/**
 * Information pages (spec §2) under `/api/content`: `GET /pages` (the index), `GET /pages/:slug` (one page,
 * rendered) and `GET /seller` (legal details). Answers `{data}`; bad slug or language → 400 with field
 * errors; unknown or unpublished page → 404 `contentNotFound`. Cities and the seller's details in the shopper's
 * catalogue language (`Accept-Language: kk`, docs/decisions/046).
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const values: RenderValues = {
    seller: sellerDetails(app.config),
    shop: { url: app.config.publicUrl, paymentWindowMinutes: app.config.payments.paymentWindowMinutes },
  };

  app.addHook('onRequest', varyByLanguage);

  app.get('/pages', { schema: pagesSchema }, async (req) => ({
    data: await content.listPages(app.db, req.query.locale),
  }));

  app.get('/pages/:slug', { schema: pageSchema }, async (req) => ({
    data: await content.getPage(app.db, req.params.slug, req.query.locale, values, langOf(req)),
  }));

  app.get('/seller', { schema: sellerSchema }, async (req) => {
    const lang = langOf(req);
    return { data: lang ? content.sellerIn(values.seller, await shopperSay(app.db, lang)) : values.seller };
  });
};
