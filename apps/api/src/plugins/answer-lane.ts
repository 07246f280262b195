import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sentJsonOf } from '#app/lib/compressed-json.ts';
import { keptAnswerVersion } from '#app/modules/catalog/catalog.cache.ts';
import { catalogVersion, catalogVersionNow } from '#app/modules/catalog/catalog.repository.ts';
import { catalogueLangOf } from '#app/modules/catalog/catalog.texts.ts';

// The cached-answer lane (issue 14 goal 3, docs/decisions/018): a catalogue answer the answer cache keeps (a listing,
// product page or slider asked at least twice at one catalogue version) is sent again to the same URL,
// Accept-Encoding and catalogue language (Russian or Kazakh, decision 046) straight from the HTTP server, before
// Fastify — the same bytes and the same headers the whole path sent for it (its security headers, Vary,
// Content-Encoding and Cache-Control included, recorded from that answer), after the one catalogue version read of
// decision 008: an answer made at an older version is never sent. Anything else — another version, a request with a
// body, any method but GET, a URL not recorded — goes through Fastify as before, which answers it and may record it. What the lane skips is per-request work a
// public cached answer does not need: routing, the query's validation, hooks, cookie parsing, the handler's promise
// chain and per-request header building. A lane answer is not counted by the expensive-read rate limit (issue 11 §6):
// it costs about a bare route; every answer that is made (a miss) still is.

/** How much the lane keeps: the oldest recorded answers are dropped first to stay within both. */
export interface LaneLimits {
  /** Most recorded answers (each the bytes already kept beside a cached answer, with its headers). */
  maxEntries: number;
  /**
   * Most bytes of recorded answers (their bodies; the headers, under a kilobyte each, are not counted): a record keeps
   * its bytes after the answer cache lets them go. An answer bigger than this alone is not recorded at all.
   */
  maxBytes: number;
}

/**
 * The shop's limits: 5,000 answers — as many as the answer cache keeps (catalog.cache.ts), so every kept answer can be
 * sent from here (2,000 before decision 082: the suggestions' ≈ 2,700 texts and cities of the bench churned through
 * it) — and 8 MB of bodies (the large catalogue's shop is near its memory goal, decision 018).
 */
export const LANE_LIMITS: LaneLimits = { maxEntries: 5_000, maxBytes: 8 * 1024 * 1024 };

interface LaneEntry {
  /** The catalogue version the answer was made at. */
  version: number;
  body: Buffer;
  /** The answer's headers as Node's `writeHead` takes them: name, value, name, value… */
  headers: string[];
}

/** A Node HTTP request listener (Fastify's own, for what the lane does not answer). */
export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface CachedAnswerLane {
  /** Answers `req` from the lane when it can, else hands it to `next` (Fastify) untouched. Never throws. */
  serve(req: IncomingMessage, res: ServerResponse, next: HttpHandler): void;
  /** How many answers are recorded. */
  readonly size: number;
  /** How many bytes their bodies hold (at most the limits' `maxBytes`). */
  readonly bytes: number;
  /** How many requests the lane has answered. */
  readonly served: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The cached-answer lane in front of this app's HTTP server (plugins/answer-lane.ts). */
    catalogueLane: CachedAnswerLane;
  }
}

/** Whether the app logs each request (Fastify's lines are at `info`; the shop's logger is pino's). */
const isInfoEnabled = (app: FastifyInstance) =>
  (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;

/** A recorded answer's key: its URL, Accept-Encoding and catalogue language (decision 046: each language apart). */
const keyOf = (url: string, headers: IncomingMessage['headers']) =>
  `${url}\n${headers['accept-encoding'] ?? ''}\n${catalogueLangOf(headers['accept-language']) ?? ''}`;

/** Whether a request carries anything besides its URL and headers (a GET body): such requests take the whole path. */
const hasBody = (headers: IncomingMessage['headers']) =>
  headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;

/** Which peers may name the client (`X-Forwarded-For` / `-Host`): `TRUST_PROXY` as the app's config holds it. */
type TrustProxy = boolean | string | string[];

/**
 * The client a request line names, worked out exactly as Fastify's own request (`fastify/lib/request.js`, with the
 * same `@fastify/proxy-addr` Fastify uses): with proxies trusted (`TRUST_PROXY`, loopback by default), the address
 * and host a trusted proxy forwarded; otherwise the socket's peer and the Host header. So the lane answers forwarded
 * requests (a shop behind nginx) and its request lines still name the real client.
 * @param trustProxy the app's `trustProxy` (`true`: every peer; a string of comma-separated addresses, CIDRs and
 *   keywords, or a list of them; `false`: none).
 */
export function clientOfRequest(
  trustProxy: TrustProxy,
): (req: IncomingMessage) => { ip?: string; host?: string } {
  if (trustProxy === false) return (req) => ({ ip: req.socket.remoteAddress, host: req.headers.host });
  const trusted =
    trustProxy === true
      ? () => true
      : proxyAddr.compile(
          typeof trustProxy === 'string' ? trustProxy.split(',').map((a) => a.trim()) : trustProxy,
        );
  return (req) => {
    const ips = proxyAddr.all(req, trusted);
    const forwardedHost = req.headers['x-forwarded-host'];
    const host =
      typeof forwardedHost === 'string' && forwardedHost && trusted(req.socket.remoteAddress ?? '', 0)
        ? forwardedHost.slice(forwardedHost.lastIndexOf(',') + 1).trim()
        : req.headers.host;
    return { ip: ips[ips.length - 1], host };
  };
}

/**
 * The lane of `app`: records, after each answer of {@link sendJsonText} made from a kept answer (status 200, GET,
 * no body, the very bytes it chose sent), its URL, Accept-Encoding, version, bytes and headers; serves them
 * as described above. Register before the routes. Stops answering when the app begins to close.
 * @param limits most answers and bytes kept ({@link LANE_LIMITS}; tests give smaller ones): a new record drops the
 *   oldest recorded first; an answer over `maxBytes` alone is not recorded (Fastify keeps answering it).
 */
export function cachedAnswerLane(app: FastifyInstance, limits: LaneLimits = LANE_LIMITS): CachedAnswerLane {
  const entries = new Map<string, LaneEntry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  let closing = false;
  let served = 0;
  const clientOf = clientOfRequest(app.config.trustProxy);
  app.addHook('preClose', async () => {
    closing = true;
    entries.clear();
    bytes = 0;
  });
  /** Records a kept answer just sent (see above); anything else is left alone. */
  const record = (request: FastifyRequest, reply: FastifyReply) => {
    if (closing || request.method !== 'GET' || reply.statusCode !== 200) return;
    const sent = sentJsonOf(request);
    if (!sent?.final) return;
    const version = keptAnswerVersion(sent.json);
    const h = request.headers;
    if (version === undefined || hasBody(h)) return;
    const replyHeaders = reply.getHeaders();
    // The bytes chosen are the bytes sent (no onSend hook replaced them), and nothing personal rides along.
    if (Number(replyHeaders['content-length']) !== sent.body.length || replyHeaders['set-cookie']) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(replyHeaders)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.push(name, String(v));
    }
    const key = keyOf(request.raw.url ?? request.url, h);
    drop(key);
    // Too big to keep on its own: not recorded, and nothing else dropped for it.
    if (sent.body.length > limits.maxBytes) return;
    while (
      entries.size > 0 &&
      (entries.size >= limits.maxEntries || bytes + sent.body.length > limits.maxBytes)
    )
      drop(entries.keys().next().value!);
    entries.set(key, { version, body: sent.body, headers });
    bytes += sent.body.length;
  };
  // A callback hook: every answer passes here, without a promise (decision 018 «the request path»).
  app.addHook('onResponse', (request, reply, done) => {
    record(request, reply);
    done();
  });

  const send = (req: IncomingMessage, res: ServerResponse, entry: LaneEntry, started: number) => {
    res.writeHead(200, entry.headers);
    res.end(entry.body);
    served++;
    if (!isInfoEnabled(app)) return;
    // Fastify's two request lines (its reqIds are its own; the lane numbers its answers).
    const reqId = `lane-${served}`;
    const logged = { method: req.method, url: req.url, ...clientOf(req), socket: req.socket };
    app.log.info({ reqId, req: logged }, 'incoming request');
    app.log.info(
      { reqId, res: { statusCode: 200 }, responseTime: performance.now() - started },
      'request completed',
    );
  };

  return {
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    get served() {
      return served;
    },
    serve(req, res, next) {
      if (closing || req.method !== 'GET' || entries.size === 0) return next(req, res);
      const h = req.headers;
      const key = keyOf(req.url ?? '', h);
      const entry = entries.get(key);
      if (!entry || hasBody(h)) return next(req, res);
      const started = performance.now();
      let now: number | undefined;
      try {
        now = catalogVersionNow(app.db);
      } catch {
        // A fault of the database (SQLite busy or failing disk): the whole path answers (and reports) it. This
        // runs outside Fastify, where a throw would end the process (issue 27).
        return next(req, res);
      }
      if (now === entry.version && !closing) return send(req, res, entry, started);
      if (now !== undefined) {
        if (entries.get(key) === entry) drop(key);
        return next(req, res);
      }
      catalogVersion(app.db).then(
        (version) => {
          if (version === entry.version && !closing) return send(req, res, entry, started);
          if (entries.get(key) === entry) drop(key);
          next(req, res);
        },
        // The database did not answer: the whole path answers (and reports) it.
        () => next(req, res),
      );
    },
  };
}

/**
 * Puts `lane` in front of Fastify's own request listener on its HTTP server (the server Fastify made, with its
 * timeouts; `app.inject` never passes here). Requests the lane does not answer reach Fastify untouched.
 */
export function putLaneInFront(server: Server, lane: CachedAnswerLane): void {
  const listeners = server.listeners('request') as HttpHandler[];
  if (listeners.length !== 1) throw new Error("the lane expects Fastify's one request listener");
  const fastify = listeners[0]!;
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => lane.serve(req, res, fastify));
}

/**
 * The cached-answer lane as a Fastify plugin (docs/decisions/039: an edge concern at the edge): records what the
 * whole path answered (`request.sentJson`, lib/compressed-json.ts), decorates the app with `catalogueLane` and puts
 * the lane before Fastify's request listener. `limits`: how much it keeps (default {@link LANE_LIMITS}).
 */
export const answerLanePlugin = fp<{ limits?: LaneLimits }>(
  async (app, opts) => {
    app.decorateRequest('sentJson', null);
    app.decorate('catalogueLane', cachedAnswerLane(app, opts.limits));
    putLaneInFront(app.server, app.catalogueLane);
  },
  { name: 'answer-lane' },
);
