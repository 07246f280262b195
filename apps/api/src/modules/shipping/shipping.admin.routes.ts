import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminShipmentFilters,
  AdminShipmentPage,
  CarrierCityInput,
  CarrierCityOption,
  CarrierCityQuery,
  CarrierCitySetting,
  CarrierOffice,
  CarrierSettings,
  ShipmentPointInput,
  IdParam,
  dataOf,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import * as admin from './shipping.admin.ts';
import { carrierOffices, saveShipmentPoint } from './shipping.admin.point.ts';

const tag = 'admin: shipping';
const SETTINGS = 'shipping.manage';
const ORDERS = 'orders.read';

const s = {
  settings: guarded(
    tag,
    SETTINGS,
    'Carrier settings',
    'CDEK_MODE (read-only) and every shop city with its CDEK code and the «also in own city» switch.',
    { response: { 200: dataOf(CarrierSettings), ...errors(401, 403) } },
  ),
  search: guarded(
    tag,
    SETTINGS,
    'Carrier cities by name',
    'The carrier’s cities whose Russian or Kazakh name starts with `q` (2–60 characters), at most 50. ' +
      '409 when CDEK_MODE=off; 503 when the carrier does not answer.',
    {
      querystring: CarrierCityQuery,
      response: {
        200: dataOf(z.object({ items: z.array(CarrierCityOption) })),
        ...errors(400, 401, 403, 409, 503),
      },
    },
  ),
  save: guarded(
    tag,
    SETTINGS,
    'Carrier settings of a city',
    'Sets the city’s CDEK code (null: no carrier delivery) and «Предлагать доставку СДЭК и в этом городе». ' +
      'Audited (shipping.city_updated). 404 (3004).',
    {
      params: z.object({ id: IdParam }),
      body: CarrierCityInput,
      response: { 200: dataOf(CarrierCitySetting), ...errors(400, 401, 403, 404) },
    },
  ),
  offices: guarded(
    tag,
    SETTINGS,
    'Carrier offices of a city',
    'The carrier’s offices in the city that accept parcels (CDEK PVZ), for its shipment point. 404 (3004); 409 ' +
      'when CDEK_MODE=off or the city has no CDEK code; 503 when the carrier does not answer.',
    {
      params: z.object({ id: IdParam }),
      response: {
        200: dataOf(z.object({ items: z.array(CarrierOffice) })),
        ...errors(400, 401, 403, 404, 409, 503),
      },
    },
  ),
  point: guarded(
    tag,
    SETTINGS,
    'Shipment point of a city',
    'Sets the CDEK office the city’s warehouse hands parcels in at (null: none), checked against the carrier’s ' +
      'offices there. Audited (shipping.shipment_point_updated). 404 (3004); 409; 422 not an office; 503.',
    {
      params: z.object({ id: IdParam }),
      body: ShipmentPointInput,
      response: { 200: dataOf(CarrierCitySetting), ...errors(400, 401, 403, 404, 409, 422, 503) },
    },
  ),
  shipments: guarded(
    tag,
    ORDERS,
    'Carrier parcels',
    'Pages of 50, most recently changed first; `state` filters by the parcel’s state.',
    {
      querystring: AdminShipmentFilters,
      response: { 200: dataOf(AdminShipmentPage), ...errors(400, 401, 403) },
    },
  ),
};

/**
 * The carrier's back office (issue 34 item 6, decision 070) under `/api/admin`: `GET /shipping/settings`,
 * `GET /shipping/carrier-cities?q=`, `PUT /shipping/cities/{id}`, `GET /shipping/cities/{id}/offices`,
 * `PUT /shipping/cities/{id}/shipment-point` (permission shipping.manage: owner and manager)
 * and `GET /shipments?page=&state=` (orders.read).
 */
export const shippingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const manage = requirePermission(SETTINGS);
  const carrier = () => app.shipping?.carrier ?? null;
  app.get('/shipping/settings', { onRequest: manage, schema: s.settings }, async () => ({
    data: await admin.carrierSettings(db, app.config.shipping.cdek, carrier()),
  }));
  app.get('/shipping/carrier-cities', { onRequest: manage, schema: s.search }, async (request) => ({
    data: { items: await admin.searchCarrierCities(carrier(), request.query.q) },
  }));
  app.put('/shipping/cities/:id', { onRequest: manage, schema: s.save }, async (request) => ({
    data: await admin.saveCityCarrier(
      db,
      request.params.id,
      request.body,
      requestActor(request, 'staff', currentStaff(request).id),
    ),
  }));
  app.get('/shipping/cities/:id/offices', { onRequest: manage, schema: s.offices }, async (request) => ({
    data: { items: await carrierOffices(db, carrier(), request.params.id) },
  }));
  app.put('/shipping/cities/:id/shipment-point', { onRequest: manage, schema: s.point }, async (request) => ({
    data: await saveShipmentPoint(
      db,
      carrier(),
      request.params.id,
      request.body.code,
      requestActor(request, 'staff', currentStaff(request).id),
    ),
  }));
  app.get('/shipments', { onRequest: requirePermission(ORDERS), schema: s.shipments }, async (request) => ({
    data: await admin.listShipments(db, request.query),
  }));
};
