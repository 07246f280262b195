import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CarrierCityChoice,
  City,
  CityParams,
  CitySearchAnswer,
  CitySearchQuery,
  ErrorBody,
  dataOf,
} from '@kiim/contract';
import { shopperLang, varyByLanguage } from '#app/modules/catalog/catalog.texts.ts';
import {
  chooseCarrierCity,
  cityWithPeriod,
  createCitySearchCache,
  searchCities,
} from './shipping.city-search.ts';

/** Rows a client may make per 10 minutes (a shopper picks one city; a script is stopped). */
export const CARRIER_CITY_LIMIT = { max: 20, timeWindow: 10 * 60_000 };
/** Searches per minute per client (typing, debounced). */
const SEARCH_LIMIT = { max: 120, timeWindow: 60_000 };

const tags = ['city'];

/**
 * The city chooser over the carrier's cities (issue 34 item 1, docs/decisions/073), public, under `/api`:
 * `GET /city/search?q=` (the shop's cities, then the carrier's; carrier down → the shop's with a note),
 * `POST /city/carrier` (the shop's row for a checked carrier city; rate limited) and `GET /city/{id}` (one city,
 * with the carrier's period where only the carrier delivers). Texts in `Accept-Language` (ru or kk).
 */
export const shippingCityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', varyByLanguage);
  const cache = createCitySearchCache();
  const carrier = () => app.shipping?.carrier ?? null;

  app.get(
    '/city/search',
    {
      schema: {
        tags,
        summary: 'Cities by the start of their name (Russian or Kazakh): the shop’s, then the carrier’s',
        querystring: CitySearchQuery,
        response: { 200: dataOf(CitySearchAnswer), 400: ErrorBody, 429: ErrorBody },
      },
      config: { rateLimit: SEARCH_LIMIT },
    },
    async (request) => ({
      data: await searchCities(app.db, carrier(), cache, request.query.q, shopperLang(request)),
    }),
  );

  app.post(
    '/city/carrier',
    {
      schema: {
        tags,
        summary: 'The shop’s city for a carrier city (checked with the carrier, made once)',
        description:
          '409 when carrier delivery is off; 422 when the carrier does not know the code under that name; ' +
          '503 when the carrier does not answer.',
        body: CarrierCityChoice,
        response: {
          200: dataOf(City),
          ...{ 400: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody },
        },
      },
      bodyLimit: 4096,
      config: { rateLimit: CARRIER_CITY_LIMIT },
    },
    async (request) => ({
      data: await chooseCarrierCity(app.db, carrier(), request.body, app.clock.now(), shopperLang(request)),
    }),
  );

  app.get(
    '/city/:cityId',
    {
      schema: {
        tags,
        summary:
          'One city (carrier-found ones too) with the carrier’s period where only the carrier delivers',
        params: CityParams,
        response: { 200: dataOf(City), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({
      data: await cityWithPeriod(app.db, app.shipping, request.params.cityId, shopperLang(request)),
    }),
  );
};
