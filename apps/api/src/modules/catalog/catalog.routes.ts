import { expensiveRead } from '#app/lib/read-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Banner,
  BannerQuery,
  BrandDetails,
  Category,
  CategoryListQuery,
  CategoryTreeNode,
  City,
  CityParams,
  ErrorBody,
  PickupPoint,
  Product,
  ProductCard,
  ProductList,
  ProductListQuery,
  ProductParams,
  ProductQuery,
  ProductsByIdsQuery,
  RelatedProducts,
  SuggestQuery,
  Suggestions,
  FitSuggestion,
  dataOf,
} from '@kiim/contract';
import { authenticateCustomer, currentCustomer, requestToken } from '#app/modules/customer/customer.auth.ts';
import { fitSuggestion } from './catalog.fit.ts';
import * as catalog from './catalog.service.ts';
import { listProductsJson, suggestJson } from './read/index.ts';
import { sendJsonText } from '#app/lib/compressed-json.ts';
import { shopperLang as langOf, varyByLanguage } from './catalog.texts.ts';

/** `GET /city/list`. */
const cityListSchema = {
  tags: ['city'],
  summary: 'All cities in display order, with visibility and courier flags',
  response: { 200: dataOf(z.array(City)) },
};

/** `GET /city/:cityId/pickup-points`. */
const pickupPointsSchema = {
  tags: ['city'],
  summary: 'Pickup points of a city',
  params: CityParams,
  response: { 200: dataOf(z.array(PickupPoint)), 400: ErrorBody, 404: ErrorBody },
};

/** `GET /catalog/categories`. */
const categoriesSchema = {
  tags: ['catalog'],
  summary: 'Product categories, optionally of one gender (0 female, 1 male)',
  querystring: CategoryListQuery,
  response: { 200: dataOf(z.array(Category)), 400: ErrorBody },
};

/** `GET /catalog/category-tree`. */
const categoryTreeSchema = {
  tags: ['catalog'],
  summary: 'Categories grouped by gender segment (zhenshiny, muzhchiny) with product counts',
  querystring: CategoryListQuery,
  response: { 200: dataOf(z.array(CategoryTreeNode)), 400: ErrorBody },
};

/** `GET /catalog/brands`. */
const brandsSchema = {
  tags: ['catalog'],
  summary: 'Every brand by name, with country, description and number of products',
  response: { 200: dataOf(z.array(BrandDetails)) },
};

/** `GET /catalog/banners`. */
const bannersSchema = {
  tags: ['catalog'],
  summary: 'Banners of one or more slots (spec §9), active now, by slot and position',
  description: 'Slots: `slot=home-women,home-women-mobile` or the key repeated.',
  querystring: BannerQuery,
  response: { 200: dataOf(z.array(Banner)), 400: ErrorBody },
};

/** `GET /catalog/products`. */
const productsSchema = {
  tags: ['catalog'],
  summary: 'One page of products with stock for a city: filters, search, six sorts, facet counts',
  description:
    'Sorts of spec §4, page sizes 15, 60, 120 (spec §9). List filters take `a,b` or the key repeated. ' +
    'Answers are cached per catalogue version (docs/decisions/008).',
  querystring: ProductListQuery,
  response: { 200: dataOf(ProductList), 400: ErrorBody, 404: ErrorBody },
};

/** `GET /catalog/suggest`. */
const suggestSchema = {
  tags: ['catalog'],
  summary: 'Suggestions while typing: up to 6 products, 3 categories and 3 brands (issue 35 item 3)',
  description:
    'Read as the search reads `q` (transliteration, typos, layout, Kazakh). Products by relevance, then stock in ' +
    'the city. A size in the text («джинсы 28») keeps the products having it; `inStock` is then that size in the ' +
    'city. `lang` (ru, kk) or else `Accept-Language`. Cached per text, city, language and catalogue version.',
  querystring: SuggestQuery,
  response: { 200: dataOf(Suggestions), 400: ErrorBody, 404: ErrorBody },
};

/** `GET /catalog/product-slugs`. */
const productSlugsSchema = {
  tags: ['catalog'],
  summary: 'Slug and last change date of every active product (the sitemap)',
  response: { 200: dataOf(z.array(z.object({ slug: z.string(), updatedAt: z.string() }))) },
};

/** `GET /catalog/products/by-ids`. */
const productsByIdsSchema = {
  tags: ['catalog'],
  summary: 'Product cards in the order of the ids given (sliders); unknown or inactive ids are left out',
  querystring: ProductsByIdsQuery,
  response: { 200: dataOf(z.array(ProductCard)), 400: ErrorBody, 404: ErrorBody },
};

/** `GET /catalog/product/:slug`. */
const productSchema = {
  tags: ['catalog'],
  summary: 'A product page: images, sizes with stock for a city, colours, category, size guide',
  params: ProductParams,
  querystring: ProductQuery,
  response: { 200: dataOf(Product), 400: ErrorBody, 404: ErrorBody },
};

/** `GET /catalog/product/:slug/related`. */
const relatedSchema = {
  tags: ['catalog'],
  summary: 'Sliders of a product page: similar products of its category and more of its brand',
  params: ProductParams,
  querystring: ProductQuery,
  response: { 200: dataOf(RelatedProducts), 400: ErrorBody, 404: ErrorBody },
};

/** `GET /catalog/product/:slug/fit` (issue 35 item 6, decision 066). */
const fitSchema = {
  tags: ['catalog'],
  summary: '«Ваш размер»: a size suggestion for a product',
  description:
    'keptSize: the size the signed-in shopper kept of the same brand and category in a completed order (null: none ' +
    "or anonymous); fit: the published reviews' fit majority (more than half of the answers; null: none); " +
    'suggestedSize: keptSize, one size up for «small», one down for «large», when the product has it. Optional ' +
    'customer token (401/403 for a bad one). Never cached. 404 unknown product.',
  params: ProductParams,
  response: { 200: dataOf(FitSuggestion), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
};

/**
 * Read-only catalogue routes, registered under `/api` (full sub-paths here):
 * `GET /city/list`, `GET /city/:cityId/pickup-points`, `GET /catalog/categories`, `GET /catalog/category-tree`,
 * `GET /catalog/brands`, `GET /catalog/banners`, `GET /catalog/products`, `GET /catalog/suggest`, `GET /catalog/products/by-ids`, `GET /catalog/product-slugs`,
 * `GET /catalog/product/:slug`, `GET /catalog/product/:slug/related`. Answers are `{data}`; errors the contract's
 * ErrorBody (400 bad input with per-field `errors`, 404 unknown city, category or product). Texts in the shopper's
 * language (`Accept-Language: kk`, read once per request and handed to the read side; docs/decisions/046); answers
 * vary by `Accept-Language`.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', varyByLanguage);

  app.get('/city/list', { schema: cityListSchema }, async (req) => ({
    data: await catalog.listCities(app.db, langOf(req)),
  }));

  app.get('/city/:cityId/pickup-points', { schema: pickupPointsSchema }, async (req) => ({
    data: await catalog.listPickupPoints(app.db, req.params.cityId, langOf(req)),
  }));

  app.get('/catalog/categories', { schema: categoriesSchema }, async (req) => ({
    data: await catalog.listCategories(app.db, req.query.gender, langOf(req)),
  }));

  app.get('/catalog/category-tree', { schema: categoryTreeSchema }, async (req) => ({
    data: await catalog.categoryTree(app.db, req.query.gender, langOf(req)),
  }));

  app.get('/catalog/brands', { schema: brandsSchema }, async (req) => ({
    data: await catalog.listBrands(app.db, langOf(req)),
  }));

  app.get('/catalog/banners', { schema: bannersSchema }, async (req) => ({
    data: await catalog.listBanners(app.db, req.query.slot, app.clock.now(), langOf(req)),
  }));

  app.get('/catalog/products', { schema: productsSchema, ...expensiveRead(app) }, async (req, reply) =>
    sendJsonText(req, reply, await listProductsJson(app.db, req.query, langOf(req))),
  );

  app.get('/catalog/suggest', { schema: suggestSchema, ...expensiveRead(app) }, async (req, reply) => {
    const { q, cityId, lang } = req.query;
    const catalogueLang = lang === undefined ? langOf(req) : lang === 'kk' ? 'kk' : null;
    return sendJsonText(req, reply, await suggestJson(app.db, q, cityId, catalogueLang));
  });

  app.get('/catalog/product-slugs', { schema: productSlugsSchema, ...expensiveRead(app) }, async () => ({
    data: await catalog.productSlugs(app.db),
  }));

  app.get(
    '/catalog/products/by-ids',
    { schema: productsByIdsSchema, ...expensiveRead(app) },
    async (req) => ({
      data: await catalog.productsByIds(app.db, req.query.ids, req.query.cityId, langOf(req)),
    }),
  );

  app.get('/catalog/product/:slug', { schema: productSchema }, async (req, reply) =>
    sendJsonText(
      req,
      reply,
      await catalog.getProductJson(app.db, req.params.slug, req.query.cityId, langOf(req)),
    ),
  );

  app.get(
    '/catalog/product/:slug/fit',
    {
      schema: fitSchema,
      onRequest: async (req) => {
        if (requestToken(req)) await authenticateCustomer(req);
      },
    },
    async (req) => ({
      data: await fitSuggestion(app.db, req.params.slug, requestToken(req) ? currentCustomer(req).id : null),
    }),
  );

  app.get('/catalog/product/:slug/related', { schema: relatedSchema }, async (req, reply) =>
    sendJsonText(
      req,
      reply,
      await catalog.relatedProductsJson(app.db, req.params.slug, req.query.cityId, langOf(req)),
    ),
  );
};
