import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CANCEL_REASONS,
  SHOP_STATES,
  kaspiMove,
  merchantAction,
  type MerchantAction,
  type ShopState,
  type SimShopOrder,
} from './merchant.state.ts';

// Kaspi Merchant API v2 as described in kaspi.md C: JSON:API documents, `X-Auth-Token`, paging from 0 with at
// most 100 per page, a required creation-date window in epoch ms, actions by id + code. Strict: what Kaspi refuses
// is refused here (400/401/404), so the shop's adapter cannot lean on leniency.

/** The prefix the simulator serves (Kaspi's `https://kaspi.kz/shop/api/v2`). */
export const SHOP_PREFIX = '/shop/api/v2';
const JSONAPI = 'application/vnd.api+json';

/** A JSON:API error document: the HTTP status as text, the refusal's code when it has one, and its title. */
const error = (status: number, title: string, code?: string) => ({
  errors: [{ status: `${status}`, ...(code ? { code } : {}), title }],
});

const ms = z.coerce.number().int().min(0).max(9_999_999_999_999);
const listQuery = z.looseObject({
  'page[number]': z.coerce.number().int().min(0).max(100_000).default(0),
  'page[size]': z.coerce.number().int().min(1).max(100).default(20),
  'filter[orders][creationDate][$ge]': ms,
  'filter[orders][creationDate][$le]': ms,
  'filter[orders][state]': z.enum(SHOP_STATES).optional(),
  'include[orders]': z.literal('user').optional(),
});

const actionBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('orders'),
    id: z.string().min(1).max(40),
    attributes: z.strictObject({
      code: z.string().min(1).max(40),
      status: z.enum(['ACCEPTED_BY_MERCHANT', 'COMPLETED', 'CANCELLED']),
      cancellationReason: z.enum(CANCEL_REASONS).optional(),
      cancellationComment: z.string().max(1000).optional(),
    }),
  }),
});

/** The JSON:API resource of an order. */
function resource(state: ShopState, o: SimShopOrder) {
  return {
    type: 'orders',
    id: o.id,
    attributes: {
      code: o.code,
      totalPrice: o.totalPrice,
      paymentMode: 'PAY_WITH_CREDIT',
      creationDate: o.creationDate,
      deliveryMode: o.deliveryMode,
      isKaspiDelivery: false,
      signatureRequired: o.state === 'SIGN_REQUIRED',
      preOrder: false,
      pickupPointId: o.pickupPointId,
      state: o.state,
      status: o.status,
      customer: {
        id: o.customer.id,
        cellPhone: o.customer.cellPhone,
        firstName: o.customer.firstName,
        lastName: o.customer.lastName,
      },
      ...(o.cancellationReason ? { cancellationReason: o.cancellationReason } : {}),
      ...(o.cancellationComment ? { cancellationComment: o.cancellationComment } : {}),
    },
    relationships: {
      user: { data: { type: 'customers', id: o.customer.id } },
      entries: { links: { related: `${state.origin}${SHOP_PREFIX}/orders/${o.id}/entries` } },
    },
    links: { self: `${state.origin}${SHOP_PREFIX}/orders/${o.id}` },
  };
}

/** Answers a switched-on fault. @returns true when the call was answered by the fault. */
function fault(state: ShopState, reply: FastifyReply): boolean {
  const b = state.behaviour;
  if (b.fault === 'none') return false;
  const kind = b.fault;
  if (b.times > 0 && --b.times === 0) b.fault = 'none';
  if (kind === 'http401') void reply.code(401).type(JSONAPI).send(error(401, 'Unauthorized'));
  else if (kind === 'http500')
    void reply.code(500).type('text/html').send('<html>Internal Server Error</html>');
  else if (kind === 'malformed') void reply.code(200).type(JSONAPI).send('{"data":[{"type":"orders","id":');
  else
    void reply
      .code(200)
      .type(JSONAPI)
      .send({ data: { unexpected: true }, meta: 'x' });
  return true;
}

/** `X-Auth-Token` must be the shop's token. @returns true when refused. */
function unauthorised(state: ShopState, request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.headers['x-auth-token'] === state.token) return false;
  void reply.code(401).type(JSONAPI).send(error(401, 'Invalid token'));
  return true;
}

/** `GET /orders`: the window's orders, one page. */
async function listOrders(state: ShopState, request: FastifyRequest, reply: FastifyReply) {
  if (unauthorised(state, request, reply) || fault(state, reply)) return reply;
  const q = listQuery.safeParse(request.query);
  if (!q.success)
    return reply
      .code(400)
      .type(JSONAPI)
      .send(error(400, z.prettifyError(q.error)));
  const p = q.data;
  const ge = p['filter[orders][creationDate][$ge]'];
  const le = p['filter[orders][creationDate][$le]'];
  if (ge > le) return reply.code(400).type(JSONAPI).send(error(400, 'creationDate $ge after $le'));
  const wanted = p['filter[orders][state]'];
  const all = [...state.orders.values()]
    .filter((o) => o.creationDate >= ge && o.creationDate <= le && (!wanted || o.state === wanted))
    .sort((a, b) => a.creationDate - b.creationDate || a.id.localeCompare(b.id));
  const size = p['page[size]'];
  const page = all.slice(p['page[number]'] * size, (p['page[number]'] + 1) * size);
  const pageCount = Math.ceil(all.length / size);
  const body = {
    data: page.map((o) => resource(state, o)),
    ...(p['include[orders]'] === 'user'
      ? {
          included: page.map((o) => ({
            type: 'customers',
            id: o.customer.id,
            attributes: {
              cellPhone: o.customer.cellPhone,
              firstName: o.customer.firstName,
              lastName: o.customer.lastName,
            },
          })),
        }
      : {}),
    meta: { pageCount, totalCount: all.length },
  };
  if (state.behaviour.changeStateBetweenPages && page[0] && pageCount > 1) {
    state.behaviour.changeStateBetweenPages = false;
    kaspiMove(page[0], 'cancel');
  }
  return reply.type(JSONAPI).send(body);
}

/** `POST /orders`: the merchant's action on an order, by id + code. */
async function act(state: ShopState, request: FastifyRequest, reply: FastifyReply) {
  if (unauthorised(state, request, reply) || fault(state, reply)) return reply;
  if (request.headers['content-type']?.split(';')[0] !== JSONAPI)
    return reply
      .code(415)
      .type(JSONAPI)
      .send(error(415, `Content-Type must be ${JSONAPI}`));
  const b = actionBody.safeParse(request.body);
  if (!b.success)
    return reply
      .code(400)
      .type(JSONAPI)
      .send(error(400, z.prettifyError(b.error)));
  const { id, attributes: a } = b.data.data;
  const o = state.orders.get(id);
  if (!o) return reply.code(404).type(JSONAPI).send(error(404, 'Order not found'));
  if (o.code !== a.code)
    return reply
      .code(400)
      .type(JSONAPI)
      .send(error(400, 'Order code does not match', 'ORDER_CODE_MISMATCH'));
  let action: MerchantAction;
  if (a.status === 'ACCEPTED_BY_MERCHANT') action = { kind: 'accept' };
  else if (a.status === 'CANCELLED') {
    if (!a.cancellationReason)
      return reply.code(400).type(JSONAPI).send(error(400, 'cancellationReason required'));
    action = { kind: 'cancel', reason: a.cancellationReason, comment: a.cancellationComment };
  } else {
    const code = request.headers['x-security-code'];
    const sent = typeof code === 'string' && code !== '' ? code : undefined;
    if (sent !== undefined) action = { kind: 'complete', securityCode: sent };
    else if (request.headers['x-send-code'] === 'true') action = { kind: 'sendCode' };
    else
      return reply
        .code(400)
        .type(JSONAPI)
        .send(error(400, 'X-Send-Code or X-Security-Code required', 'SECURITY_CODE_REQUIRED'));
  }
  const refused = merchantAction(o, action);
  if (refused)
    return reply
      .code(400)
      .type(JSONAPI)
      .send(error(400, refused.title, refused.code));
  return reply.type(JSONAPI).send({ data: resource(state, o) });
}

/** Registers the Merchant API routes and the test helpers under `/test/shop`. */
export function registerShopRoutes(app: FastifyInstance, state: ShopState): void {
  app.addContentTypeParser(JSONAPI, { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('malformed JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.get(`${SHOP_PREFIX}/orders`, (request, reply) => listOrders(state, request, reply));
  app.get<{ Params: { id: string } }>(`${SHOP_PREFIX}/orders/:id/entries`, async (request, reply) => {
    if (unauthorised(state, request, reply) || fault(state, reply)) return reply;
    const o = state.orders.get(request.params.id);
    if (!o) return reply.code(404).type(JSONAPI).send(error(404, 'Order not found'));
    return reply.type(JSONAPI).send({
      data: o.entries.map((e, i) => ({
        type: 'orderentries',
        id: e.id,
        attributes: {
          entryNumber: i + 1,
          quantity: e.quantity,
          basePrice: e.basePrice,
          totalPrice: e.totalPrice,
          deliveryCost: 0,
          offer: { code: e.sku, name: e.name },
        },
      })),
      meta: { pageCount: 1, totalCount: o.entries.length },
    });
  });

  app.post(`${SHOP_PREFIX}/orders`, (request, reply) => act(state, request, reply));
}

/** Kaspi's own move in tests: `POST /test/shop/orders/{id}/cancel|return`. */
export function registerShopTestRoutes(app: FastifyInstance, state: ShopState): void {
  app.post<{ Params: { id: string; move: string } }>(
    '/test/shop/orders/:id/:move',
    async (request, reply) => {
      const o = state.orders.get(request.params.id);
      const move = request.params.move;
      if (!o || (move !== 'cancel' && move !== 'return'))
        return reply.code(404).send(error(404, 'Not found'));
      const refused = kaspiMove(o, move);
      if (refused) return reply.code(409).send(error(409, refused));
      return reply.send({ data: resource(state, o) });
    },
  );
}
