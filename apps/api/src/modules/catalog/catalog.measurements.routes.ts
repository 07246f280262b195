import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, ProductMeasurements, ProductMeasurementsInput, dataOf } from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import * as measurements from './catalog.measurements.ts';

const tag = 'admin: catalogue';
const CATALOGUE = 'catalogue.edit';
const Params = z.object({ id: IdParam });
const Answer = dataOf(ProductMeasurements);

const s = {
  get: guarded(
    tag,
    CATALOGUE,
    'A product’s garment measurements',
    'One row per size of the product in size order: chest, waist, hips, length, inseam in cm (null: not measured). ' +
      '404 (8103).',
    { params: Params, response: { 200: Answer, ...errors(400, 401, 403, 404) } },
  ),
  save: guarded(
    tag,
    CATALOGUE,
    'Save a product’s garment measurements',
    'Rows by size label of the product (each once): cm 1–300 with one decimal, empty allowed; a row with every ' +
      'measurement empty clears the size; sizes not sent stay. Audited (decision 066). 400 field errors; 404 (8103).',
    {
      params: Params,
      body: ProductMeasurementsInput,
      response: { 200: Answer, ...errors(400, 401, 403, 404) },
    },
  ),
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Garment measurements by size (issue 35 item 6, decision 066) under `/api/admin/catalogue/products/{id}/measurements`
 * with `catalogue.edit`: read (GET) and save (PUT).
 */
export function measurementRoutes(app: App) {
  const db = app.db;
  const edit = requirePermission(CATALOGUE);
  app.get('/products/:id/measurements', { onRequest: edit, schema: s.get }, async (request) => ({
    data: await measurements.productMeasurements(db, request.params.id),
  }));
  app.put('/products/:id/measurements', { onRequest: edit, schema: s.save }, async (request) => ({
    data: await measurements.saveMeasurements(
      db,
      request.params.id,
      request.body,
      requestActor(request, 'staff', currentStaff(request).id),
    ),
  }));
}
