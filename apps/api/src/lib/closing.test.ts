import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import type { App } from '#app/app.ts';

/** Resolves once `done()` holds, looking again after each turn of the event loop. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/** A promise with its resolver outside. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * A test shop whose app closes its own database, as a server's does, with a route that holds its request until the
 * test opens `release`, then reads the database; the log lines of warning and above are kept in `logs`.
 */
async function shopWithHeldRoute() {
  const entered = gate();
  const release = gate();
  const outcomes: string[] = [];
  const logs: string[] = [];
  const t = await createTestApp({
    appClosesDb: true,
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    },
    beforeReady: (app: App) => {
      app.get('/test/held', async () => {
        entered.open();
        await release.opened;
        try {
          const rows = await app.db.selectFrom('city').select('id').limit(1).execute();
          outcomes.push('read');
          return { cities: rows.length };
        } catch (err) {
          outcomes.push(`failed: ${(err as Error).message}`);
          throw err;
        }
      });
    },
  });
  // The database's close is seen, so a held request can be let go once the close has gone as far as it goes
  // without it: into its wait for the requests in flight, or (were it not to wait) into closing the database.
  let destroying = false;
  const destroy = t.db.destroy.bind(t.db);
  t.db.destroy = async () => {
    destroying = true;
    await destroy();
  };
  const closeWhileHeld = async (alsoWhen: () => boolean = () => false) => {
    const closed = t.app.close();
    await until(() => destroying || t.app.closing?.begun === true || alsoWhen());
    release.open();
    return closed;
  };
  return { t, entered, release, outcomes, logs, closeWhileHeld };
}

describe('closing the app (issue 14, stopping under load)', () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('an in-process request in flight when close begins gets its full answer before the database closes', async () => {
    const shop = await shopWithHeldRoute();
    t = shop.t;
    const answer = shop.t.app.inject({ method: 'GET', url: '/test/held' });
    await shop.entered.opened;
    const closed = shop.closeWhileHeld();
    const res = await answer;
    await closed;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cities: 1 });
    expect(shop.outcomes).toEqual(['read']);
    expect(shop.logs.join('')).not.toMatch(/already been destroyed/);
  });

  it('a request whose client has gone still ends its work before the database closes', async () => {
    const shop = await shopWithHeldRoute();
    t = shop.t;
    await shop.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = shop.t.app.server.address() as AddressInfo;
    const client = http.get({ host: '127.0.0.1', port, path: '/test/held' });
    client.on('error', () => {});
    await shop.entered.opened;
    // The client leaves; the server closes its connection, so no HTTP close waits for the request any longer.
    const gone = new Promise((resolve) => client.once('close', resolve));
    client.destroy();
    await gone;
    const closed = shop.closeWhileHeld();
    await closed;
    expect(shop.outcomes).toEqual(['read']);
    expect(shop.logs.join('')).not.toMatch(/already been destroyed/);
  });

  it('an HTTP request in flight when close begins gets its full answer', async () => {
    const shop = await shopWithHeldRoute();
    t = shop.t;
    await shop.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = shop.t.app.server.address() as AddressInfo;
    // One request on its own connection (no keep-alive: an idle kept-alive one would hold the server's close; the
    // stop of closeOnSignals sweeps those).
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/test/held', agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    await shop.entered.opened;
    // Its connection holds the HTTP server's close, the first step of the app's: let go once the server listens no more.
    const closed = shop.closeWhileHeld(() => !shop.t.app.server.listening);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ cities: 1 });
    await closed;
    expect(shop.logs.join('')).not.toMatch(/already been destroyed/);
  });

  it('background work stops after the requests in flight and before the database closes', async () => {
    const shop = await shopWithHeldRoute();
    t = shop.t;
    const tick = gate();
    const order: string[] = [];
    // A background send started by a request (as an order's SMS after commit) and a stop step of background work.
    shop.t.app.notifier.sendInBackground(async () => {
      await tick.opened;
      await shop.t.db.selectFrom('city').select('id').limit(1).execute();
      order.push('background send read');
    });
    shop.t.app.closing.onStop('test worker', async () => {
      expect(shop.t.app.closing.begun).toBe(true);
      await shop.t.db.selectFrom('city').select('id').limit(1).execute();
      order.push('worker stopped');
    });
    const answer = shop.t.app.inject({ method: 'GET', url: '/test/held' });
    await shop.entered.opened;
    const closed = shop.closeWhileHeld();
    expect((await answer).statusCode).toBe(200);
    order.push('request answered');
    tick.open();
    await closed;
    expect(order).toEqual(['request answered', 'background send read', 'worker stopped']);
    expect(shop.logs.join('')).not.toMatch(/already been destroyed/);
  });
});
