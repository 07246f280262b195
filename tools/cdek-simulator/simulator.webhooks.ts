import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cdekError } from './simulator.oauth.ts';
import {
  cdekDateTime,
  newRequest,
  type CdekState,
  type SimOrder,
  type SimStatus,
} from './simulator.state.ts';

const subscription = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(255),
  type: z.enum([
    'ORDER_STATUS',
    'PRINT_FORM',
    'ORDER_MODIFIED',
    'DELIV_PROBLEM',
    'OFFICE_AVAILABILITY',
    'COURIER_INFO',
  ]),
});

/** The `ORDER_STATUS` webhook body, as in the official SDK's tests (delivery-cdek.md §8). */
export function orderStatusBody(order: SimOrder, s: SimStatus) {
  return {
    type: 'ORDER_STATUS',
    date_time: s.date_time,
    uuid: order.uuid,
    attributes: {
      is_return: false,
      is_reverse: false,
      is_client_return: false,
      cdek_number: order.cdekNumber,
      number: order.number,
      related_entities: [],
      code: s.code,
      status_code: '',
      status_date_time: s.date_time,
      city_name: s.city,
      city_code: '',
    },
  };
}

/**
 * Posts `bodies` to every subscription of `type`, in order (or reversed with `webhooksReversed`), each in
 * `webhookCopies` copies, dropping a share `webhookLoss`. Failures are reported, never thrown.
 */
export async function sendWebhooks(
  state: CdekState,
  type: string,
  bodies: Record<string, unknown>[],
): Promise<void> {
  const ordered = state.behaviour.webhooksReversed ? [...bodies].reverse() : bodies;
  for (const hook of state.webhooks.values()) {
    if (hook.type !== type) continue;
    for (const body of ordered) {
      const code = String((body.attributes as { code?: string } | undefined)?.code ?? type);
      for (let i = 0; i < state.behaviour.webhookCopies; i++) {
        if (state.random() < state.behaviour.webhookLoss) {
          state.onEvent({ type: 'webhook-lost', url: hook.url, code });
          continue;
        }
        try {
          const status = await state.deliver(hook.url, body);
          state.onEvent({ type: 'webhook-sent', url: hook.url, code, status });
        } catch (e) {
          state.onEvent({ type: 'webhook-failed', url: hook.url, code, error: (e as Error).message });
        }
      }
    }
  }
}

/** Appends statuses to an order (each a second after the last) and sends their ORDER_STATUS webhooks. */
export async function addStatuses(
  state: CdekState,
  order: SimOrder,
  codes: readonly string[],
  names: Record<string, string>,
) {
  const last = order.statuses[0] ? Date.parse(order.statuses[0].date_time.replace('+0000', 'Z')) : 0;
  let t = Math.max(state.now().getTime(), last + 1000);
  const added: SimStatus[] = [];
  for (const code of codes) {
    const atSender = /SHIPMENT_WAREHOUSE|SENDER_CITY|^CREATED$|^ACCEPTED$/.test(code);
    const city = atSender ? order.senderCity : order.recipientCity;
    const s = { code, name: names[code] ?? code, date_time: cdekDateTime(new Date(t)), city };
    order.statuses.unshift(s);
    added.push(s);
    t += 1000;
  }
  await sendWebhooks(
    state,
    'ORDER_STATUS',
    added.map((s) => orderStatusBody(order, s)),
  );
}

/**
 * `POST /v2/webhooks {url, type}` (at most two subscriptions per type; the same url and type again answers the
 * existing one), `GET /v2/webhooks`, `GET`/`DELETE /v2/webhooks/{uuid}` (delivery-cdek.md §3, §8).
 */
export function registerWebhookRoutes(app: FastifyInstance, state: CdekState): void {
  app.post('/v2/webhooks', async (request, reply) => {
    const b = subscription.safeParse(request.body);
    if (!b.success) return cdekError(reply, 400, 'v2_bad_request', b.error.issues[0]!.message);
    const same = [...state.webhooks.values()].find((w) => w.url === b.data.url && w.type === b.data.type);
    const ofType = [...state.webhooks.values()].filter((w) => w.type === b.data.type);
    if (!same && ofType.length >= 2) {
      return cdekError(reply, 400, 'v2_webhook_limit', 'At most two subscriptions of one type');
    }
    const hook = same ?? { uuid: randomUUID(), ...b.data };
    state.webhooks.set(hook.uuid, hook);
    const req = { ...newRequest(state, 'CREATE'), state: 'SUCCESSFUL' as const };
    return { entity: { uuid: hook.uuid }, requests: [req] };
  });
  app.get('/v2/webhooks', async () => [...state.webhooks.values()]);
  app.get<{ Params: { uuid: string } }>('/v2/webhooks/:uuid', async (request, reply) => {
    const hook = state.webhooks.get(request.params.uuid);
    return hook
      ? { entity: hook, requests: [] }
      : cdekError(reply, 404, 'v2_entity_not_found', 'Webhook not found');
  });
  app.delete<{ Params: { uuid: string } }>('/v2/webhooks/:uuid', async (request, reply) => {
    if (!state.webhooks.delete(request.params.uuid)) {
      return cdekError(reply, 404, 'v2_entity_not_found', 'Webhook not found');
    }
    return {
      entity: { uuid: request.params.uuid },
      requests: [{ ...newRequest(state, 'DELETE'), state: 'SUCCESSFUL' }],
    };
  });
}
