import { AsyncLocalStorage } from 'node:async_hooks';

// The request a piece of work belongs to (issue 31 item 4): Fastify's request id (nginx's X-Request-Id when given,
// app.ts genReqId) kept in an AsyncLocalStorage for the request's whole async chain, so that rows a request queues
// (the notification outbox) record it and the job that later sends them logs under the same id.

const store = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` (and everything it starts) as part of request `reqId`. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return store.run({ reqId }, fn);
}

/** The id of the request whose work is running, or null outside any request (a timer's job, start-up). */
export function currentRequestId(): string | null {
  return store.getStore()?.reqId ?? null;
}
