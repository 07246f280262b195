import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { FiscalConfig } from '#app/config.ts';
import { claimJobRun } from '#app/db/job-run.ts';
import { everyInterval } from '#app/lib/interval-job.ts';
import { startOfLocalDay, localDayOf } from '#app/lib/zoned-day.ts';
import type { FiscalProvider } from './fiscal.provider.ts';
import { closeShiftNow, runFiscalQueue, type FiscalDeps } from './fiscal.worker.ts';
import { createWebkassa } from './webkassa.ts';

// The fiscal queue's background work (docs/decisions/043): the worker every FISCAL_INTERVAL_SECONDS, and the daily
// Z-report at 23:50 Almaty time, run once across instances (claimJobRun).

/** This process, as recorded on the job runs it claims. */
const INSTANCE = `${os.hostname()}:${process.pid}`;
/** The shift is closed daily from this local time on (fiscal-webkassa.md §7). */
const Z_REPORT_LOCAL = { hours: 23, minutes: 50, timeZone: 'Asia/Almaty' };

/**
 * The provider of the configuration: Webkassa (real or the simulator at `webkassa.url`); null when fiscalisation is
 * off or the simulator's address is not known (receipts then wait in the queue).
 */
export function createFiscalProvider(config: FiscalConfig): FiscalProvider | null {
  if (config.provider === 'off' || !config.webkassa.url) return null;
  return createWebkassa({ ...config.webkassa, url: config.webkassa.url, vatPercent: config.vatPercent });
}

/** True from 23:50 local time until midnight: the daily Z-report is due. */
export function zReportDue(now: Date): boolean {
  const { hours, minutes, timeZone } = Z_REPORT_LOCAL;
  const dayStart = startOfLocalDay(localDayOf(now, timeZone), timeZone).getTime();
  return now.getTime() - dayStart >= (hours * 60 + minutes) * 60_000;
}

/**
 * One tick: the daily Z-report when due and claimed by this instance (once across instances, period 20 h), then
 * the queue. Errors are logged; the next tick tries again.
 */
export async function fiscalTick(deps: FiscalDeps, cashbox: string): Promise<void> {
  const now = deps.clock.now();
  if (zReportDue(now) && (await claimJobRun(deps.db, 'fiscal-z-report', now, 20 * 3600, INSTANCE))) {
    try {
      const shift = await closeShiftNow(deps, cashbox);
      deps.log.info({ cashbox, shift }, 'fiscal: daily Z-report');
    } catch (err) {
      deps.log.error(
        { err, cashbox },
        'fiscal: daily Z-report failed (a shift over 24 h is closed on code 11)',
      );
    }
  }
  const report = await runFiscalQueue(deps);
  if (Object.values(report).some((n) => n > 0)) deps.log.info(report, 'fiscal queue');
}

/**
 * Registers the fiscal worker when a provider exists: from when the app is ready, {@link fiscalTick} every
 * `intervalSeconds`, one run at a time; stops when the app closes (a run under way ends first). `onIssued`: what
 * a receipt's issue writes in its transaction (the shopper's receipt notice, from the order module).
 */
export function registerFiscalJob(
  app: FastifyInstance,
  provider: FiscalProvider | null,
  onIssued?: FiscalDeps['onIssued'],
): void {
  if (!provider) return;
  const deps: FiscalDeps = { db: app.db, provider, log: app.log, clock: app.clock, onIssued };
  everyInterval(app, 'fiscal job', app.config.fiscal.intervalSeconds, () =>
    fiscalTick(deps, app.config.fiscal.cashbox).catch((err) => app.log.error({ err }, 'fiscal job failed')),
  );
}
