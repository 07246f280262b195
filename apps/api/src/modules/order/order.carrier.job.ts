import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { claimJobRun } from '#app/db/job-run.ts';
import { everyInterval } from '#app/lib/interval-job.ts';
import { processDueShipments } from '#app/modules/shipping/shipping.fulfilment.ts';
import { cdekHookSecret } from '#app/modules/shipping/shipping.routes.ts';
import { applyShipmentChanges } from './order.carrier.ts';
import { orderDeps } from './order.lifecycle.ts';

/** This process, as recorded on the job runs it claims. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/** Seconds between passes of the shipment job (a registration is re-read a minute after it is sent). */
export const SHIPMENT_JOB_SECONDS = 30;

/** The webhook CDEK posts status hints to (decision 068): the shop's public URL and the secret path segment. */
export const cdekHookUrl = (app: FastifyInstance): string =>
  `${app.config.publicUrl.replace(/\/+$/, '')}/api/shipping/cdek/hooks/` +
  cdekHookSecret(app.config.otpSecret, app.config.shipping.cdek.clientId);

/**
 * Registers the shipment job when a carrier is configured (worker role; issue 34 items 3–4): every `seconds`, once
 * across instances (claimJobRun), registers the parcels staff sent and re-reads those due, then moves their orders
 * (order.carrier.ts). Until CDEK accepted the webhook subscription it is asked again each pass (a failed
 * subscription is dropped by CDEK; the job's re-reads cover the gap). Failures are logged; the next pass retries.
 */
export function registerShipmentJob(app: FastifyInstance, seconds = SHIPMENT_JOB_SECONDS): void {
  const shipping = app.shipping;
  if (!shipping) return;
  let subscribed = false;
  everyInterval(app, 'shipment job', seconds, async () => {
    try {
      if (!(await claimJobRun(app.db, 'shipments', app.clock.now(), seconds, INSTANCE))) return;
      if (!subscribed) {
        await shipping.shipments
          .subscribe(cdekHookUrl(app))
          .then(() => (subscribed = true))
          .catch((err: unknown) =>
            app.log.warn({ err }, 'CDEK webhook subscription failed; polling covers it'),
          );
      }
      const now = app.clock.now();
      const changes = await processDueShipments(app.db, shipping.shipments, now);
      if (changes.length > 0) {
        await applyShipmentChanges(orderDeps(app), changes, now);
        app.log.info({ changes: changes.length }, 'shipment job');
      }
    } catch (err) {
      app.log.error({ err }, 'shipment job failed');
    }
  });
}
