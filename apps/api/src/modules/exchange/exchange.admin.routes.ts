import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExchangeGroupsResponse,
  ExchangeMappingParams,
  ExchangePropertiesResponse,
  PropertyMappingBody,
  ExchangeSettings,
  ExchangeSettingsResponse,
  ExchangeWarehousesResponse,
  GroupMappingBody,
  WarehouseMappingBody,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import * as mapping from './exchange.mapping.ts';

const tag = 'admin: 1C exchange';
const PERMISSION = 'catalogue.edit';
const actor = (r: FastifyRequest) => requestActor(r, 'staff', currentStaff(r).id);
const onRequest = requirePermission(PERMISSION);

/**
 * `/api/admin/exchange/*`: the 1C exchange's group → category and warehouse → city mappings and its price types
 * (issue 12 item 3), for the catalogue role. Changes are audited.
 */
export const exchangeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exchange/groups',
    {
      onRequest,
      schema: guarded(
        tag,
        PERMISSION,
        '1C groups and their categories',
        'Unmapped groups have categoryId null.',
        {
          response: { 200: ExchangeGroupsResponse, ...errors(401, 403) },
        },
      ),
    },
    async () => ({ data: { items: await mapping.listGroups(app.db) } }),
  );
  app.put(
    '/exchange/groups/:externalId',
    {
      onRequest,
      schema: guarded(
        tag,
        PERMISSION,
        'Map a 1C group',
        'Its products move to the category; priced ones are shown. 404 unknown group or category.',
        {
          params: ExchangeMappingParams,
          body: GroupMappingBody,
          response: { 200: ExchangeGroupsResponse, ...errors(400, 401, 403, 404) },
        },
      ),
    },
    async (request) => {
      await mapping.mapGroup(app.db, actor(request), request.params.externalId, request.body.categoryId);
      return { data: { items: await mapping.listGroups(app.db) } };
    },
  );
  app.get(
    '/exchange/warehouses',
    {
      onRequest,
      schema: guarded(
        tag,
        PERMISSION,
        '1C warehouses and their cities',
        'Unmapped warehouses have cityId null.',
        {
          response: { 200: ExchangeWarehousesResponse, ...errors(401, 403) },
        },
      ),
    },
    async () => ({ data: { items: await mapping.listWarehouses(app.db) } }),
  );
  app.put(
    '/exchange/warehouses/:externalId',
    {
      onRequest,
      schema: guarded(
        tag,
        PERMISSION,
        'Map a 1C warehouse',
        'The next offers.xml imports its stock into the city. 404 unknown.',
        {
          params: ExchangeMappingParams,
          body: WarehouseMappingBody,
          response: { 200: ExchangeWarehousesResponse, ...errors(400, 401, 403, 404) },
        },
      ),
    },
    async (request) => {
      await mapping.mapWarehouse(app.db, actor(request), request.params.externalId, request.body.cityId);
      return { data: { items: await mapping.listWarehouses(app.db) } };
    },
  );
  app.get(
    '/exchange/settings',
    {
      onRequest,
      schema: guarded(
        tag,
        PERMISSION,
        '1C price types',
        'The price type sold at (default «Розничная») and the crossed-out one.',
        {
          response: { 200: ExchangeSettingsResponse, ...errors(401, 403) },
        },
      ),
    },
    async () => ({ data: await mapping.getSettings(app.db) }),
  );
  app.put(
    '/exchange/settings',
    {
      onRequest,
      schema: guarded(tag, PERMISSION, 'Set the 1C price types', 'Audited.', {
        body: ExchangeSettings,
        response: { 200: ExchangeSettingsResponse, ...errors(400, 401, 403) },
      }),
    },
    async (request) => ({ data: await mapping.saveSettings(app.db, actor(request), request.body) }),
  );
  app.get(
    '/exchange/properties',
    {
      onRequest,
      schema: guarded(
        tag,
        PERMISSION,
        '1C properties and what they fill',
        'Names 1C sent with the staff role (null: the suggested one applies).',
        { response: { 200: ExchangePropertiesResponse, ...errors(401, 403) } },
      ),
    },
    async () => ({ data: { items: await mapping.listProperties(app.db) } }),
  );
  app.put(
    '/exchange/properties',
    {
      onRequest,
      schema: guarded(
        tag,
        PERMISSION,
        'Map a 1C property',
        'Size, colour, composition, care or none; the next import applies it. 404 unknown name. Audited.',
        {
          body: PropertyMappingBody,
          response: { 200: ExchangePropertiesResponse, ...errors(400, 401, 403, 404) },
        },
      ),
    },
    async (request) => {
      await mapping.mapProperty(app.db, actor(request), request.body);
      return { data: { items: await mapping.listProperties(app.db) } };
    },
  );
};
