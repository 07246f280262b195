import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ErrorCode } from '@kiim/contract';
import { hmac, safeEqual } from '#app/lib/ids.ts';
import { notFound } from '#app/lib/errors.ts';
import { hintShipment } from './shipping.fulfilment.ts';

/**
 * The secret path segment of the CDEK webhook URL (delivery-cdek.md §8: webhooks are unsigned): a keyed hash of
 * the account, so it is stable across restarts and instances and unguessable without the server's OTP_SECRET.
 */
export const cdekHookSecret = (serverSecret: string, clientId: string): string =>
  hmac(serverSecret, `cdek-webhook:${clientId}`).slice(0, 32);

/**
 * CDEK's `ORDER_STATUS` body, read defensively: only what finds the parcel (`uuid`, `attributes.number`); every
 * other field may be missing or differ between CDEK's versions.
 */
const OrderStatusHook = z
  .object({
    type: z.string().max(40).optional(),
    uuid: z.string().max(64).optional(),
    attributes: z
      .object({ number: z.string().max(40).optional() })
      .loose()
      .optional(),
  })
  .loose();

const Answer = z.object({ ok: z.literal(true) });

/**
 * `POST /api/shipping/cdek/hooks/{secret}`: CDEK's status webhook (issue 34 item 4). Treated as a hint: it makes
 * the parcel due for the shipment job, which reads the real state from CDEK's API before anything changes; so a
 * forged or replayed hook changes nothing. Answers 200 at once for any JSON body (CDEK deletes a subscription
 * that fails); a wrong secret is 404.
 */
export const shippingHookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cdek/hooks/:secret',
    {
      schema: {
        tags: ['shipping'],
        summary: 'CDEK status webhook (a hint)',
        description:
          'Unsigned, so only a hint: the parcel it names (by CDEK uuid or our order number) is re-read from CDEK ' +
          'by the shipment job. 200 for any JSON body; 404 for a wrong secret.',
        params: z.object({ secret: z.string().max(100) }),
        body: z.unknown(),
        response: { 200: Answer, 404: ErrorBody },
      },
      bodyLimit: 64 * 1024,
    },
    async (request) => {
      const expected = cdekHookSecret(app.config.otpSecret, app.config.shipping.cdek.clientId);
      if (app.config.shipping.cdek.mode === 'off' || !safeEqual(request.params.secret, expected))
        throw notFound(ErrorCode.notFound, 'Не найдено');
      const hook = OrderStatusHook.safeParse(request.body);
      if (hook.success && (hook.data.type ?? 'ORDER_STATUS') === 'ORDER_STATUS') {
        const where = {
          carrierId: hook.data.uuid ?? null,
          orderNumber: hook.data.attributes?.number ?? null,
        };
        const hinted = await hintShipment(app.db, where, app.clock.now());
        request.log.info({ hinted, ...where }, 'cdek webhook');
      } else request.log.warn('cdek webhook: unreadable body ignored');
      return { ok: true as const };
    },
  );
};
