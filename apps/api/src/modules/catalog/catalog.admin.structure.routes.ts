import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBrand,
  AdminCategory,
  AdminCity,
  BrandInput,
  CategoryInput,
  CityInput,
  IdParam,
  IMAGE_UPLOAD_MAX_BYTES,
  MoveInput,
  VisibilityInput,
  dataOf,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded, ok } from '#app/modules/staff/staff.routes.common.ts';
import * as cities from './catalog.admin.cities.ts';
import * as categories from './catalog.admin.categories.ts';
import * as brands from './catalog.admin.brands.ts';

const tag = 'admin: catalogue structure';
const CATALOGUE = 'catalogue.edit';
const Params = z.object({ id: IdParam });
const Ok = dataOf(z.object({ ok: z.literal(true) }));
const list = <T extends z.ZodType>(item: T) => dataOf(z.object({ items: z.array(item) }));
const change = errors(400, 401, 403, 404, 409);
const SHOWN = 'The storefront shows the change at once (catalogue version, decision 018). Audited.';

/** The six routes of one entity: list, create, change, show/hide, delete (and move for ordered lists). */
function schemasOf<I extends z.ZodType, B extends z.ZodType>(
  what: string,
  item: I,
  body: B,
  rules: string,
  deleteRule: string,
) {
  return {
    list: guarded(tag, CATALOGUE, `${what}: the list`, 'In display order, with Kazakh texts.', {
      response: { 200: list(item), ...errors(401, 403) },
    }),
    create: guarded(tag, CATALOGUE, `${what}: create`, `${rules} ${SHOWN}`, {
      body,
      response: { 200: dataOf(item), ...change },
    }),
    update: guarded(tag, CATALOGUE, `${what}: change`, `${rules} ${SHOWN} 404 (8105 city, 8109 other).`, {
      params: Params,
      body,
      response: { 200: dataOf(item), ...change },
    }),
    visibility: guarded(tag, CATALOGUE, `${what}: show or hide`, SHOWN, {
      params: Params,
      body: VisibilityInput,
      response: { 200: dataOf(item), ...errors(400, 401, 403, 404) },
    }),
    move: guarded(tag, CATALOGUE, `${what}: one place up or down`, `Answers the whole list. ${SHOWN}`, {
      params: Params,
      body: MoveInput,
      response: { 200: list(item), ...errors(400, 401, 403, 404) },
    }),
    remove: guarded(tag, CATALOGUE, `${what}: delete`, `${deleteRule} Audited. 404; 409 (8110) in use.`, {
      params: Params,
      response: { 200: Ok, ...errors(400, 401, 403, 404, 409) },
    }),
  };
}

const s = {
  city: schemasOf(
    'Cities',
    AdminCity,
    CityInput,
    'Names (Russian, Kazakh), address key (409 8106 taken), IANA time zone, visible for customers (spec §4), ' +
      'courier and its price in whole tenge (> 0 when offered), delivery days (0–60).',
    'Only while no pickup point, stock row, order, order line, stock movement or 1C warehouse refers to it, and not ' +
      'the default city (spec §9).',
  ),
  category: schemasOf(
    'Categories',
    AdminCategory,
    CategoryInput,
    'Names (Russian, Kazakh), address /category/{slug} (409 8106 taken), gender segment and kind (spec §3; its ' +
      'products follow), hidden from menus and lists.',
    'Only while no product, banner link or 1C group refers to it.',
  ),
  brand: schemasOf(
    'Brands',
    AdminBrand,
    BrandInput,
    'Name, address key (409 8106 taken), country and description (Russian, Kazakh), hidden from the brands page.',
    'Only while no product has it.',
  ),
  logo: guarded(
    tag,
    CATALOGUE,
    'Brands: upload a logo',
    'The raw file as the body (image/jpeg, image/png or image/webp), up to 10 MB, at least 120 × 40 px; rendered ' +
      'in every width of /media/brands. Audited. 413, 415, 422 (8108).',
    { params: Params, response: { 200: dataOf(AdminBrand), ...errors(400, 401, 403, 404, 413, 415, 422) } },
  ),
};

/** The acting staff member at the app's clock time (audit log). */
const actorOf = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The catalogue's structure in the back office under `/api/admin/catalogue` (issue 27, docs/decisions/029), all
 * with `catalogue.edit`: `/cities`, `/categories` and `/brands` — list (GET), create (POST), change (PUT `/{id}`),
 * show or hide (POST `/{id}/visibility`), delete while unused (DELETE `/{id}`, 409 naming what uses it); cities and
 * categories move up or down (POST `/{id}/move`); a brand's logo is uploaded as a raw image body (POST
 * `/brands/{id}/logo`; the image content types are parsed by the catalogue plugin that registers these routes).
 */
export function structureRoutes(app: App) {
  const db = app.db;
  const edit = requirePermission(CATALOGUE);

  app.get('/cities', { onRequest: edit, schema: s.city.list }, async () => ({
    data: { items: await cities.adminCities(db) },
  }));
  app.post('/cities', { onRequest: edit, schema: s.city.create }, async (request) => ({
    data: await cities.saveCity(db, null, request.body, actorOf(request)),
  }));
  app.put('/cities/:id', { onRequest: edit, schema: s.city.update }, async (request) => ({
    data: await cities.saveCity(db, request.params.id, request.body, actorOf(request)),
  }));
  app.post('/cities/:id/visibility', { onRequest: edit, schema: s.city.visibility }, async (request) => ({
    data: await cities.setCityVisibility(db, request.params.id, request.body.visible, actorOf(request)),
  }));
  app.post('/cities/:id/move', { onRequest: edit, schema: s.city.move }, async (request) => ({
    data: { items: await cities.moveCity(db, request.params.id, request.body.direction, actorOf(request)) },
  }));
  app.delete('/cities/:id', { onRequest: edit, schema: s.city.remove }, async (request) => {
    await cities.deleteCity(db, request.params.id, actorOf(request));
    return ok;
  });

  app.get('/categories', { onRequest: edit, schema: s.category.list }, async () => ({
    data: { items: await categories.adminCategories(db) },
  }));
  app.post('/categories', { onRequest: edit, schema: s.category.create }, async (request) => ({
    data: await categories.saveCategory(db, null, request.body, actorOf(request)),
  }));
  app.put('/categories/:id', { onRequest: edit, schema: s.category.update }, async (request) => ({
    data: await categories.saveCategory(db, request.params.id, request.body, actorOf(request)),
  }));
  app.post(
    '/categories/:id/visibility',
    { onRequest: edit, schema: s.category.visibility },
    async (request) => ({
      data: await categories.setCategoryVisibility(
        db,
        request.params.id,
        request.body.visible,
        actorOf(request),
      ),
    }),
  );
  app.post('/categories/:id/move', { onRequest: edit, schema: s.category.move }, async (request) => ({
    data: {
      items: await categories.moveCategory(db, request.params.id, request.body.direction, actorOf(request)),
    },
  }));
  app.delete('/categories/:id', { onRequest: edit, schema: s.category.remove }, async (request) => {
    await categories.deleteCategory(db, request.params.id, actorOf(request));
    return ok;
  });

  app.get('/brands', { onRequest: edit, schema: s.brand.list }, async () => ({
    data: { items: await brands.adminBrands(db) },
  }));
  app.post('/brands', { onRequest: edit, schema: s.brand.create }, async (request) => ({
    data: await brands.saveBrand(db, null, request.body, actorOf(request)),
  }));
  app.put('/brands/:id', { onRequest: edit, schema: s.brand.update }, async (request) => ({
    data: await brands.saveBrand(db, request.params.id, request.body, actorOf(request)),
  }));
  app.post('/brands/:id/visibility', { onRequest: edit, schema: s.brand.visibility }, async (request) => ({
    data: await brands.setBrandVisibility(db, request.params.id, request.body.visible, actorOf(request)),
  }));
  app.delete('/brands/:id', { onRequest: edit, schema: s.brand.remove }, async (request) => {
    await brands.deleteBrand(db, request.params.id, actorOf(request));
    return ok;
  });
  app.post(
    '/brands/:id/logo',
    { onRequest: edit, schema: s.logo, bodyLimit: IMAGE_UPLOAD_MAX_BYTES },
    async (request) => ({
      data: await brands.setBrandLogo(
        db,
        app.config.mediaDir,
        request.params.id,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        actorOf(request),
      ),
    }),
  );
}
