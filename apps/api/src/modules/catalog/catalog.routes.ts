import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Category,
  CategoryListQuery,
  City,
  CityParams,
  ErrorBody,
  PickupPoint,
  Product,
  ProductList,
  ProductListQuery,
  ProductParams,
  ProductQuery,
  dataOf,
} from '@kiim/contract';
import * as catalog from './catalog.service.ts';

/**
 * Read-only catalogue routes, registered under `/api` (full sub-paths here):
 * `GET /city/list`, `GET /city/:cityId/pickup-points`, `GET /catalog/categories`,
 * `GET /catalog/products`, `GET /catalog/product/:slug`. Answers are `{data}`; errors the contract's
 * ErrorBody (400 bad input, 404 unknown city, category or product).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/city/list',
    {
      schema: {
        tags: ['city'],
        summary: 'All cities in display order, with visibility and courier flags',
        response: { 200: dataOf(z.array(City)) },
      },
    },
    async () => ({ data: await catalog.listCities(app.db) }),
  );

  app.get(
    '/city/:cityId/pickup-points',
    {
      schema: {
        tags: ['city'],
        summary: 'Pickup points of a city',
        params: CityParams,
        response: { 200: dataOf(z.array(PickupPoint)), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => ({ data: await catalog.listPickupPoints(app.db, req.params.cityId) }),
  );

  app.get(
    '/catalog/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product categories, optionally of one gender (0 female, 1 male)',
        querystring: CategoryListQuery,
        response: { 200: dataOf(z.array(Category)), 400: ErrorBody },
      },
    },
    async (req) => ({ data: await catalog.listCategories(app.db, req.query.gender) }),
  );

  app.get(
    '/catalog/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One page of products with stock for a city (sorts of spec §4, page sizes 15, 60, 120)',
        querystring: ProductListQuery,
        response: { 200: dataOf(ProductList), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => ({ data: await catalog.listProducts(app.db, req.query) }),
  );

  app.get(
    '/catalog/product/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product page: images, sizes with stock for a city, colours, category',
        params: ProductParams,
        querystring: ProductQuery,
        response: { 200: dataOf(Product), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => ({ data: await catalog.getProduct(app.db, req.params.slug, req.query.cityId) }),
  );
};
