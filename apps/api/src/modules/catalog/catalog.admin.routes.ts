import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBanner,
  BannerInput,
  PickupPoint,
  PickupPointInput,
  AdminCatalogueOptions,
  AdminProduct,
  AdminProductPage,
  AdminProductQuery,
  IdParam,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  LowStockPage,
  LowStockQuery,
  MoveImageInput,
  ProductInput,
  PublishInput,
  StockLevelInput,
  StockMovementPage,
  StockMovementQuery,
  dataOf,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import * as products from './catalog.admin.products.ts';
import * as images from './catalog.admin.images.ts';
import * as stock from './catalog.admin.stock.ts';
import * as places from './catalog.admin.places.ts';
import { structureRoutes } from './catalog.admin.structure.routes.ts';
import { synonymRoutes } from './catalog.synonyms.routes.ts';
import { measurementRoutes } from './catalog.measurements.routes.ts';
import { stockChangeRoutes } from './catalog.admin.stock.routes.ts';

const tag = 'admin: catalogue';
const CATALOGUE = 'catalogue.edit';
const STOCK = 'stock.edit';

const ProductParams = z.object({ id: IdParam });
const ImageParams = z.object({ id: IdParam, imageId: IdParam });
const StockParams = z.object({ skuId: IdParam, cityId: IdParam });
const ProductAnswer = dataOf(AdminProduct);
const StockAnswer = dataOf(
  z.object({
    skuId: z.number().int(),
    cityId: z.number().int(),
    before: z.number().int(),
    after: z.number().int(),
  }),
);
const change = errors(400, 401, 403, 404, 409);
const FORM =
  'Every field of the product form (contract ProductInput): prices in whole tenge (originalPrice ≥ price, absent = ' +
  'no discount), sizes as SKUs with externalId in display order (existing ones keep their id; none is deleted). ' +
  'Gender and kind come from the category. Audited. 400 field errors; 409 (8106) slug taken, (8107) externalId taken.';

const s = {
  options: guarded(tag, CATALOGUE, 'What the catalogue forms choose from', 'Categories, brands, cities.', {
    response: { 200: dataOf(AdminCatalogueOptions), ...errors(401, 403) },
  }),
  list: guarded(
    tag,
    CATALOGUE,
    'Products, published or not',
    'Search (name words, slug, SKU externalId) and filters; 50 a page, newest first.',
    {
      querystring: AdminProductQuery,
      response: { 200: dataOf(AdminProductPage), ...errors(400, 401, 403) },
    },
  ),
  get: guarded(
    tag,
    CATALOGUE,
    'A product’s form data',
    'Fields, sizes with exact units per city id, pictures in order. 404 (8103).',
    {
      params: ProductParams,
      response: { 200: ProductAnswer, ...errors(400, 401, 403, 404) },
    },
  ),
  create: guarded(tag, CATALOGUE, 'Create a product (unpublished)', FORM, {
    body: ProductInput,
    response: { 200: ProductAnswer, ...change },
  }),
  update: guarded(tag, CATALOGUE, 'Change a product', `${FORM} 404 (8103).`, {
    params: ProductParams,
    body: ProductInput,
    response: { 200: ProductAnswer, ...change },
  }),
  publish: guarded(
    tag,
    CATALOGUE,
    'Publish or hide a product',
    'Shown in the shop at once (catalogue version). Audited.',
    {
      params: ProductParams,
      body: PublishInput,
      response: { 200: ProductAnswer, ...errors(400, 401, 403, 404) },
    },
  ),
  addImage: guarded(
    tag,
    CATALOGUE,
    'Upload a picture',
    'The raw file as the body with its Content-Type (image/jpeg, image/png or image/webp), up to 10 MB, at least ' +
      '600 × 800 px: stored as a WebP master and rendered in every width of /media/products. Audited. 413 too big; ' +
      '415 other types; 422 (8108) not a picture, too small or too large.',
    { params: ProductParams, response: { 200: ProductAnswer, ...errors(400, 401, 403, 404, 413, 415, 422) } },
  ),
  removeImage: guarded(tag, CATALOGUE, 'Remove a picture', 'Audited. 404 (8109).', {
    params: ImageParams,
    response: { 200: ProductAnswer, ...errors(400, 401, 403, 404) },
  }),
  moveImage: guarded(
    tag,
    CATALOGUE,
    'Move a picture up or down',
    'The first picture is the one lists show. Audited.',
    {
      params: ImageParams,
      body: MoveImageInput,
      response: { 200: ProductAnswer, ...errors(400, 401, 403, 404) },
    },
  ),
  setStock: guarded(
    tag,
    STOCK,
    'Set a size’s units in a city',
    'The counted units with a reason (stocktake, damage, return, receipt, correction) and an optional note: a stock ' +
      'movement row and an audit entry in one transaction; unchanged units write nothing. 404 (8104/8105).',
    {
      params: StockParams,
      body: StockLevelInput,
      response: { 200: StockAnswer, ...errors(400, 401, 403, 404, 422) },
    },
  ),
  movements: guarded(
    tag,
    STOCK,
    'Stock movement history',
    'Of a product (productId) or a size (skuId), optionally in one city; 50 a page, newest first.',
    {
      querystring: StockMovementQuery,
      response: { 200: dataOf(StockMovementPage), ...errors(400, 401, 403) },
    },
  ),
  low: guarded(
    tag,
    STOCK,
    'Low stock',
    'Sizes with at most `threshold` units (default 2) in a city or any city, fewest first.',
    {
      querystring: LowStockQuery,
      response: { 200: dataOf(LowStockPage), ...errors(400, 401, 403) },
    },
  ),
  points: guarded(tag, CATALOGUE, 'Pickup points', 'Every pickup point with the fields of spec §3.', {
    response: { 200: dataOf(z.object({ items: z.array(PickupPoint) })), ...errors(401, 403) },
  }),
  createPoint: guarded(tag, CATALOGUE, 'Create a pickup point', 'Every field of spec §3. Audited.', {
    body: PickupPointInput,
    response: { 200: dataOf(PickupPoint), ...errors(400, 401, 403) },
  }),
  updatePoint: guarded(
    tag,
    CATALOGUE,
    'Change a pickup point',
    'Every field of spec §3. Audited. 404 (8109).',
    {
      params: ProductParams,
      body: PickupPointInput,
      response: { 200: dataOf(PickupPoint), ...errors(400, 401, 403, 404) },
    },
  ),
  banners: guarded(tag, CATALOGUE, 'Banners', 'Every banner by slot (spec §9) and position, shown or not.', {
    response: { 200: dataOf(z.object({ items: z.array(AdminBanner) })), ...errors(401, 403) },
  }),
  createBanner: guarded(
    tag,
    CATALOGUE,
    'Create a banner',
    'Saved hidden until its picture is uploaded. Audited.',
    {
      body: BannerInput,
      response: { 200: dataOf(AdminBanner), ...errors(400, 401, 403) },
    },
  ),
  updateBanner: guarded(
    tag,
    CATALOGUE,
    'Change a banner',
    'Slot, order, texts, link, show dates, shown or hidden. Audited.',
    {
      params: ProductParams,
      body: BannerInput,
      response: { 200: dataOf(AdminBanner), ...errors(400, 401, 403, 404) },
    },
  ),
  bannerImage: guarded(
    tag,
    CATALOGUE,
    'Upload a banner picture',
    'The raw file as the body (image/jpeg, image/png or image/webp), up to 10 MB, at least 480 × 240 px; rendered in ' +
      'every width of /media/banners. Audited. 413, 415, 422 (8108).',
    {
      params: ProductParams,
      response: { 200: dataOf(AdminBanner), ...errors(400, 401, 403, 404, 413, 415, 422) },
    },
  ),
};

/** The acting staff member, from the request's address, at the app's clock time (audit log, stock movements). */
const actorOf = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);

/** The raw bytes of an uploaded picture (empty when the body is missing). */
const bytesOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/**
 * Catalogue routes of the back office under `/api/admin/catalogue` (issue 12, docs/decisions/020): products with
 * their sizes, prices and pictures, pickup points and banners, cities, categories and brands (issue 27, decision
 * 029) (`catalogue.edit`), stock per size and city with its history (`stock.edit`). Every route declares its permission (checked before the body is read); every change is
 * audited in its transaction. Pictures arrive as raw bodies of their image type.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    [...IMAGE_UPLOAD_TYPES],
    { parseAs: 'buffer', bodyLimit: IMAGE_UPLOAD_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  productRoutes(app);
  stockRoutes(app);
  stockChangeRoutes(app);
  placeRoutes(app);
  structureRoutes(app);
  synonymRoutes(app);
  measurementRoutes(app);
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Products, their pictures and publication. */
function productRoutes(app: App) {
  const db = app.db;
  const edit = requirePermission(CATALOGUE);
  app.get('/options', { onRequest: edit, schema: s.options }, async () => ({
    data: await products.catalogueOptions(db),
  }));
  app.get('/products', { onRequest: edit, schema: s.list }, async (request) => ({
    data: await products.listProducts(db, request.query),
  }));
  app.get('/products/:id', { onRequest: edit, schema: s.get }, async (request) => ({
    data: await products.adminProduct(db, request.params.id),
  }));
  app.post('/products', { onRequest: edit, schema: s.create }, async (request) => {
    products.mayStock(request.body, currentStaff(request).role);
    return { data: await products.createProduct(db, request.body, actorOf(request)) };
  });
  app.put('/products/:id', { onRequest: edit, schema: s.update }, async (request) => ({
    data: await products.updateProduct(db, request.params.id, request.body, actorOf(request)),
  }));
  app.post('/products/:id/publish', { onRequest: edit, schema: s.publish }, async (request) => ({
    data: await products.publishProduct(db, request.params.id, request.body.published, actorOf(request)),
  }));
  app.post(
    '/products/:id/images',
    { onRequest: edit, schema: s.addImage, bodyLimit: IMAGE_UPLOAD_MAX_BYTES },
    async (request) => ({
      data: await images.addProductImage(
        db,
        app.config.mediaDir,
        request.params.id,
        bytesOf(request),
        actorOf(request),
      ),
    }),
  );
  app.delete(
    '/products/:id/images/:imageId',
    { onRequest: edit, schema: s.removeImage },
    async (request) => ({
      data: await images.removeProductImage(db, request.params.id, request.params.imageId, actorOf(request)),
    }),
  );
  app.post(
    '/products/:id/images/:imageId/move',
    { onRequest: edit, schema: s.moveImage },
    async (request) => ({
      data: await images.moveProductImage(
        db,
        request.params.id,
        request.params.imageId,
        request.body.direction,
        actorOf(request),
      ),
    }),
  );
}

/** Stock per size and city, its history, low stock. */
function stockRoutes(app: App) {
  const db = app.db;
  const stockEdit = requirePermission(STOCK);
  app.put('/stock/:skuId/:cityId', { onRequest: stockEdit, schema: s.setStock }, async (request) => {
    const { skuId, cityId } = request.params;
    const r = await stock.setSkuStock(db, skuId, cityId, request.body, actorOf(request));
    return { data: { skuId, cityId, before: r.before, after: r.after } };
  });
  app.get('/stock/movements', { onRequest: stockEdit, schema: s.movements }, async (request) => ({
    data: await stock.stockMovements(db, request.query),
  }));
  app.get('/stock/low', { onRequest: stockEdit, schema: s.low }, async (request) => ({
    data: await stock.lowStockPage(db, request.query),
  }));
}

/** Pickup points and banners (cities: catalog.admin.structure.routes.ts). */
function placeRoutes(app: App) {
  const db = app.db;
  const edit = requirePermission(CATALOGUE);
  app.get('/pickup-points', { onRequest: edit, schema: s.points }, async () => ({
    data: { items: await places.adminPickupPoints(db) },
  }));
  app.post('/pickup-points', { onRequest: edit, schema: s.createPoint }, async (request) => ({
    data: await places.savePickupPoint(db, null, request.body, actorOf(request)),
  }));
  app.put('/pickup-points/:id', { onRequest: edit, schema: s.updatePoint }, async (request) => ({
    data: await places.savePickupPoint(db, request.params.id, request.body, actorOf(request)),
  }));
  app.get('/banners', { onRequest: edit, schema: s.banners }, async () => ({
    data: { items: await places.adminBanners(db) },
  }));
  app.post('/banners', { onRequest: edit, schema: s.createBanner }, async (request) => ({
    data: await places.saveBanner(db, null, request.body, actorOf(request)),
  }));
  app.put('/banners/:id', { onRequest: edit, schema: s.updateBanner }, async (request) => ({
    data: await places.saveBanner(db, request.params.id, request.body, actorOf(request)),
  }));
  app.post(
    '/banners/:id/image',
    { onRequest: edit, schema: s.bannerImage, bodyLimit: IMAGE_UPLOAD_MAX_BYTES },
    async (request) => ({
      data: await places.setBannerImage(
        db,
        app.config.mediaDir,
        request.params.id,
        bytesOf(request),
        actorOf(request),
      ),
    }),
  );
}
