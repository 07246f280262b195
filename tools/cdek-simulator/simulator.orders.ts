import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findCity, TARIFFS } from './simulator.calculator.ts';
import { CITIES, OFFICES } from './simulator.fixture.ts';
import { cdekError } from './simulator.oauth.ts';
import { orderBody, structuralProblem, type OrderBody } from './simulator.orders.schema.ts';
import {
  cdekDateTime,
  later,
  newRequest,
  STATUS_NAMES,
  type CdekError,
  type CdekState,
  type SimOrder,
} from './simulator.state.ts';
import { addStatuses } from './simulator.webhooks.ts';

/** The order as `GET /v2/orders/{uuid}` answers it (delivery-cdek.md §6); `cdek_number` only once valid. */
export function orderView(o: SimOrder) {
  return {
    entity: {
      uuid: o.uuid,
      ...o.body,
      ...(o.cdekNumber ? { cdek_number: o.cdekNumber } : {}),
      statuses: o.statuses,
      is_client_return: false,
    },
    requests: o.requests,
    related_entities: [],
  };
}

/** The business checks CDEK runs after its 202 (delivery-cdek.md §2, §9), with its Russian messages. */
function businessProblem(state: CdekState, b: OrderBody): CdekError | null {
  if (state.behaviour.invalidNext) {
    const forced = state.behaviour.invalidNext;
    state.behaviour.invalidNext = null;
    return forced;
  }
  const tariff = TARIFFS.find((t) => t.code === b.tariff_code);
  if (!tariff)
    return { code: 'v2_tariff_not_available', message: `Тариф ${b.tariff_code} недоступен по договору` };
  const toPoint = b.delivery_point ? OFFICES.find((o) => o.code === b.delivery_point) : undefined;
  if (b.delivery_point && !toPoint)
    return { code: 'v2_delivery_point_not_found', message: `Не найден пункт выдачи ${b.delivery_point}` };
  if (b.shipment_point && !OFFICES.some((o) => o.code === b.shipment_point))
    return { code: 'v2_shipment_point_not_found', message: `Не найден пункт приёма ${b.shipment_point}` };
  if (b.from_location && !findCity(b.from_location))
    return { code: 'v2_sender_location_not_recognized', message: 'Не удалось определить город отправителя' };
  if (b.to_location && !findCity(b.to_location))
    return {
      code: 'v2_recipient_location_not_recognized',
      message: 'Не удалось определить город получателя',
    };
  if ((tariff.mode === 3) !== Boolean(b.to_location))
    return {
      code: 'v2_tariff_mode_mismatch',
      message: `Тариф ${tariff.code} не подходит к способу доставки`,
    };
  if (toPoint?.type === 'POSTAMAT') {
    if (b.packages.length !== 1)
      return {
        code: 'error_validate_postamat_package_count',
        message: 'В постамат можно отправить только одно место',
      };
    if (b.packages[0]!.weight > 15_000)
      return {
        code: 'error_validate_postamat_package_weight',
        message: 'Вес отправления в постамат больше 15 кг',
      };
  }
  return null;
}

function cityOf(b: OrderBody, point: string | undefined, loc: OrderBody['to_location']): string {
  const office = point ? OFFICES.find((o) => o.code === point) : undefined;
  const city = office ? CITIES.find((c) => c.code === office.cityCode) : loc ? findCity(loc) : undefined;
  return city?.city ?? '';
}

function validateLater(state: CdekState, order: SimOrder, body: OrderBody): void {
  later(state, state.behaviour.validationDelayMs, async () => {
    const req = order.requests[0]!;
    const problem = businessProblem(state, body);
    if (problem) {
      req.state = 'INVALID';
      req.errors.push(problem);
      order.statuses.unshift({
        code: 'INVALID',
        name: STATUS_NAMES.INVALID!,
        date_time: cdekDateTime(state.now()),
        city: '',
      });
      return;
    }
    req.state = 'SUCCESSFUL';
    order.cdekNumber = String(state.nextCdekNumber++);
    await addStatuses(state, order, ['CREATED'], STATUS_NAMES);
  });
}

const lookup = z.strictObject({
  im_number: z.string().max(40).optional(),
  cdek_number: z.string().max(20).optional(),
});
const patchBody = orderBody
  .partial()
  .extend({ uuid: z.uuid().optional(), cdek_number: z.string().max(20).optional() });

/**
 * Orders (delivery-cdek.md §6): `POST /v2/orders` → 202 with `entity.uuid` and a request ACCEPTED that turns
 * SUCCESSFUL (then `cdek_number` and status CREATED) or INVALID after `validationDelayMs`; a repeated `number`
 * is accepted with a new uuid, as CDEK does. `GET /v2/orders/{uuid}`, `GET /v2/orders?im_number=|cdek_number=`,
 * `PATCH /v2/orders` (only while CREATED/ACCEPTED), `DELETE /v2/orders/{uuid}` (only CREATED).
 */
export function registerOrderRoutes(app: FastifyInstance, state: CdekState): void {
  app.post('/v2/orders', async (request, reply) => {
    const parsed = orderBody.safeParse(request.body);
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      return cdekError(reply, 400, 'v2_bad_request', `${i.path.join('.')}: ${i.message}`);
    }
    const structural = structuralProblem(parsed.data);
    if (structural) return cdekError(reply, 400, structural.code, structural.message);
    const b = parsed.data;
    const order: SimOrder = {
      uuid: randomUUID(),
      number: b.number ?? '',
      cdekNumber: null,
      body: b as Record<string, unknown>,
      senderCity: cityOf(b, b.shipment_point, b.from_location),
      recipientCity: cityOf(b, b.delivery_point, b.to_location),
      statuses: [
        { code: 'ACCEPTED', name: STATUS_NAMES.ACCEPTED!, date_time: cdekDateTime(state.now()), city: '' },
      ],
      requests: [newRequest(state, 'CREATE')],
    };
    state.orders.set(order.uuid, order);
    validateLater(state, order, b);
    return reply.code(202).send({ entity: { uuid: order.uuid }, requests: [order.requests[0]] });
  });

  app.get<{ Params: { uuid: string } }>('/v2/orders/:uuid', async (request, reply) => {
    const o = state.orders.get(request.params.uuid);
    return o ? orderView(o) : cdekError(reply, 404, 'v2_entity_not_found', 'Заказ не найден');
  });

  app.get('/v2/orders', async (request, reply) => {
    const q = lookup.safeParse(request.query);
    if (!q.success || (!q.data.im_number && !q.data.cdek_number)) {
      return cdekError(reply, 400, 'v2_bad_request', 'im_number or cdek_number is required');
    }
    const all = [...state.orders.values()].filter((o) =>
      q.data.im_number ? o.number === q.data.im_number : o.cdekNumber === q.data.cdek_number,
    );
    const o = all.at(-1);
    if (!o) {
      const code = q.data.im_number ? 'v2_entity_not_found_im_number' : 'v2_entity_not_found';
      return cdekError(reply, 404, code, 'Заказ не найден');
    }
    return orderView(o);
  });

  app.patch('/v2/orders', async (request, reply) => {
    const b = patchBody.safeParse(request.body);
    if (!b.success) return cdekError(reply, 400, 'v2_bad_request', b.error.issues[0]!.message);
    const o = [...state.orders.values()].find(
      (x) => x.uuid === b.data.uuid || (b.data.cdek_number && x.cdekNumber === b.data.cdek_number),
    );
    if (!o) return cdekError(reply, 404, 'v2_entity_not_found', 'Заказ не найден');
    if (!['CREATED', 'ACCEPTED'].includes(o.statuses[0]!.code)) {
      return cdekError(reply, 400, 'v2_update_forbidden', 'Изменение заказа запрещено');
    }
    const { uuid: _u, cdek_number: _c, ...change } = b.data;
    Object.assign(o.body, change);
    const req = { ...newRequest(state, 'UPDATE'), state: 'SUCCESSFUL' as const };
    o.requests.unshift(req);
    return reply.code(202).send({ entity: { uuid: o.uuid }, requests: [req] });
  });

  app.delete<{ Params: { uuid: string } }>('/v2/orders/:uuid', async (request, reply) => {
    const o = state.orders.get(request.params.uuid);
    if (!o) return cdekError(reply, 404, 'v2_entity_not_found', 'Заказ не найден');
    if (o.statuses[0]!.code !== 'CREATED')
      return cdekError(reply, 400, 'v2_update_forbidden', 'Удаление запрещено');
    const req = { ...newRequest(state, 'DELETE'), state: 'SUCCESSFUL' as const };
    o.requests.unshift(req);
    await addStatuses(state, o, ['REMOVED'], STATUS_NAMES);
    return reply.code(202).send({ entity: { uuid: o.uuid }, requests: [req] });
  });
}
