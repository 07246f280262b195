import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { claimJobRun } from '#app/db/job-run.ts';
import { everyInterval } from '#app/lib/interval-job.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { sweepPayments } from './card-payment.sweep.ts';

/** This process, as recorded on the job runs it claims. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/**
 * Registers the payment job: from when the app is ready it runs {@link sweepPayments} (lost callbacks confirmed,
 * unpaid card-online orders past their window cancelled with their stock released, money asked back returned)
 * every `intervalSeconds`,
 * with the app's clock. One run at a time; a failed run is logged and the next one tries again. Stops when
 * the app closes, after the requests in flight and before the database closes: no run starts then, and a run under
 * way ends first (app.closing; issue 14, stopping under load). Call while building the app (before it is ready).
 * Several instances on one database: each period only the instance that claims it runs the sweep (`claimJobRun`,
 * issue 11 §12).
 */
export function registerPaymentJob(app: FastifyInstance, intervalSeconds: number): void {
  everyInterval(app, 'payment job', intervalSeconds, async () => {
    try {
      const now = app.clock.now();
      if (!(await claimJobRun(app.db, 'payment-sweep', now, intervalSeconds, INSTANCE))) return;
      const report = await sweepPayments(orderDeps(app), app.clock.now());
      if (Object.values(report).some((n) => n > 0)) app.log.info(report, 'payment job');
    } catch (err) {
      app.log.error({ err }, 'payment job failed');
    }
  });
}
