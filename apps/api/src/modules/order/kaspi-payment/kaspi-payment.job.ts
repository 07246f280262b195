import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { claimJobRun } from '#app/db/job-run.ts';
import { everyInterval } from '#app/lib/interval-job.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { pollKaspiPayments, type KaspiOrderDeps } from './kaspi-payment.poll.ts';

/** This process, as recorded on the job runs it claims. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/**
 * Claims this period's Kaspi poll for this instance (once across instances). Kept in one function so another
 * claim layer (SKIP LOCKED, issue 11 §12 follow-up) can replace it here alone.
 */
const claimKaspiRun = (app: FastifyInstance, now: Date, seconds: number) =>
  claimJobRun(app.db, 'kaspi-poll', now, seconds, INSTANCE);

/**
 * Registers the Kaspi job when Kaspi Pay is on: every `seconds` (KASPI_PAY_POLL_SECONDS) from when the app is
 * ready, {@link pollKaspiPayments} — each open Kaspi payment is read at Kaspi's own interval, so the thank-you
 * page follows it live and a payment made while the shop was down is found at the first run after a restart.
 * One run at a time; a failed run is logged and the next tries again; stops when the app closes.
 */
export function registerKaspiJob(app: FastifyInstance, seconds: number): void {
  everyInterval(app, 'kaspi job', seconds, async () => {
    try {
      const deps = orderDeps(app);
      if (!deps.kaspi || !(await claimKaspiRun(app, app.clock.now(), seconds))) return;
      const report = await pollKaspiPayments(deps as KaspiOrderDeps, app.clock.now());
      if (report.paid > 0 || report.deferred > 0) app.log.info(report, 'kaspi job');
    } catch (err) {
      app.log.error({ err }, 'kaspi job failed');
    }
  });
}
