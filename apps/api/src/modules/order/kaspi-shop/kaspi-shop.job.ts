import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { claimJobRun } from '#app/db/job-run.ts';
import { everyInterval } from '#app/lib/interval-job.ts';
import type { KaspiShop } from '#app/modules/kaspi/kaspi.merchant.client.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { pollKaspiShop } from './kaspi-shop.poll.ts';

/** This process, as recorded on the job runs it claims. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/**
 * Registers the Kaspi Магазин importer when KASPI_SHOP_MODE is on (worker role): every `seconds` from when the app
 * is ready, once across instances (claimJobRun, decision 041), {@link pollKaspiShop}. One run at a time per
 * process; a failed run is logged and recorded, the next tries again; stops when the app closes.
 */
export function registerKaspiShopJob(app: FastifyInstance, shop: KaspiShop, seconds: number): void {
  everyInterval(app, 'kaspi shop job', seconds, async () => {
    try {
      if (!(await claimJobRun(app.db, 'kaspi-shop-poll', app.clock.now(), seconds, INSTANCE))) return;
      const report = await pollKaspiShop({ ...orderDeps(app), shop }, app.clock.now());
      if (report.created > 0 || report.ended > 0 || report.error) app.log.info(report, 'kaspi shop job');
    } catch (err) {
      app.log.error({ err }, 'kaspi shop job failed');
    }
  });
}
