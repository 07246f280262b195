import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The app's stop in order (issue 14, stopping under load): the HTTP server stops accepting (Fastify's own first
 * step of `close()`), the requests in flight end — those on connections, those made in-process (`app.inject`,
 * which no server close waits for) and those whose client has gone while their handler still works — then the
 * background work stops, each kind waiting for its run under way, and only then is the database closed.
 */
export interface Closing {
  /** True once the app has begun to close: background work starts nothing new. */
  readonly begun: boolean;
  /**
   * Adds a step that stops a kind of background work and resolves when its run under way has ended. Steps run one
   * after another in the order added, after the requests in flight have ended and before the database closes.
   */
  onStop(name: string, stop: () => Promise<void>): void;
}

/** A request between its onRequest hook and the end of everything it does. */
interface InFlight {
  /** Its response has closed (answered, or the client has gone). */
  closed: boolean;
  /** Fastify's onResponse ran: the answer is out and the lifecycle over. */
  answered: boolean;
  /** The lifecycle reached its send or its handler returned, so no handler of it starts later. */
  reachedEnd: boolean;
  /** Route handlers of it still running (a promise they returned has not settled). */
  handling: number;
}

/**
 * Installs the ordered stop on `app`, with one onClose hook that does it all (Fastify runs onClose hooks in the
 * reverse order of their registration, so the order is kept here, not in the order of hooks). Install before any
 * route is added: route handlers are wrapped (onRoute) to learn when a request's own work has ended.
 * @param opts.timeoutMs how long the requests and the stop steps may take together; past it the database is closed
 *   anyway and a warning says what was still under way (closeOnSignals exits 1 at SHUTDOWN_TIMEOUT_MS regardless).
 * @param opts.closeDatabase the last step (destroying a database the app owns); absent when the caller owns it.
 * @returns the app's {@link Closing}.
 */
export function installClosing(
  app: FastifyInstance,
  opts: { timeoutMs: number; closeDatabase?: () => Promise<void> },
): Closing {
  const requests = new Map<FastifyRequest, InFlight>();
  const steps: Array<{ name: string; stop: () => Promise<void> }> = [];
  let begun = false;
  let changed: (() => void) | null = null;
  const settle = (request: FastifyRequest, entry: InFlight) => {
    if (entry.handling > 0 || !(entry.answered || (entry.closed && entry.reachedEnd))) return;
    requests.delete(request);
    changed?.();
  };

  // Callback hooks: every request passes them, without a promise each (decision 018 «the request path»).
  app.addHook('onRequest', (request, reply: FastifyReply, done) => {
    const entry: InFlight = { closed: false, answered: false, reachedEnd: false, handling: 0 };
    requests.set(request, entry);
    reply.raw.once('close', () => {
      entry.closed = true;
      settle(request, entry);
    });
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const entry = requests.get(request);
    if (entry) entry.reachedEnd = true;
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const entry = requests.get(request);
    if (entry) {
      entry.answered = true;
      settle(request, entry);
    }
    done();
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const entry = requests.get(request);
      const result: unknown = handler.call(this, request, reply);
      if (!entry) return result;
      if (!isThenable(result)) {
        entry.reachedEnd = true;
        settle(request, entry);
        return result;
      }
      entry.handling += 1;
      const done = () => {
        entry.handling -= 1;
        entry.reachedEnd = true;
        settle(request, entry);
      };
      result.then(done, done);
      return result;
    } as typeof handler;
  });

  /** Resolves when no request is in flight. */
  const requestsEnded = async () => {
    while (requests.size > 0) await new Promise<void>((resolve) => (changed = resolve));
    changed = null;
  };

  app.addHook('onClose', async () => {
    begun = true;
    let stage = 'requests in flight';
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.timeoutMs);
      timer.unref();
    });
    const inOrder = async () => {
      await requestsEnded();
      for (const step of steps) {
        stage = step.name;
        try {
          await step.stop();
        } catch (err) {
          app.log.error({ err, step: step.name }, 'error while stopping background work');
        }
      }
      return 'done' as const;
    };
    const outcome = await Promise.race([inOrder(), late]);
    clearTimeout(timer);
    if (outcome === 'late')
      app.log.warn(
        { timeoutMs: opts.timeoutMs, stage, requestsInFlight: requests.size },
        'closing the database before the work in flight ended',
      );
    await opts.closeDatabase?.();
  });

  return {
    get begun() {
      return begun;
    },
    onStop(name, stop) {
      steps.push({ name, stop });
    },
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function'
  );
}
