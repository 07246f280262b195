import type { FastifyInstance } from 'fastify';

/**
 * Runs `tick` every `seconds` from when the app is ready, at most one run at a time in this process (a tick still
 * running when the next is due skips that one), none once the app is closing; the app's stop waits for a run under
 * way. `tick` handles and logs its own errors. Shared by the background jobs (card payments, fiscal queue, outbox, Kaspi Pay, Kaspi Магазин).
 */
export function everyInterval(
  app: FastifyInstance,
  name: string,
  seconds: number,
  tick: () => Promise<void>,
): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || app.closing.begun) return;
    running = tick().finally(() => (running = null));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, seconds * 1000);
    timer.unref();
  });
  app.closing.onStop(name, async () => {
    clearInterval(timer);
    await running;
  });
}
