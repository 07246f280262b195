/**
 * How a page request becomes a Fetch `Request` for React Router and its `Response` goes back on the socket (issue 11
 * §1, §2, §4, §5). It replaces @mjackson/node-fetch-server's listener, whose building of the Request (a TRACE method,
 * an unparsable Host) threw outside any catch and ended the process, and which read bodies without a limit.
 * - Methods other than GET, HEAD, POST, PUT, PATCH, DELETE: `405` with `Allow`.
 * - State-changing requests from another site: `400`, for every page route ({@link isCrossSite}).
 * - The URL from Fastify's `request.protocol` and `request.host`: `X-Forwarded-Proto`/`X-Forwarded-Host` count only
 *   from a trusted proxy (TRUST_PROXY), so React Router's origin check sees the browser's `https://` origin behind
 *   an HTTPS proxy. Anything the WHATWG URL parser refuses, and a Host with user-info: `400`.
 * - State-changing requests with a body that is not a form (JSON, text, XML): `415`.
 * - Bodies: at most `bodyLimit` bytes (`413`, by Content-Length before reading or while reading), read whole before
 *   the handler runs; the Node server's request timeout ends slow senders.
 * - The shopper's address is Fastify's `request.ip` (the one trusted source), handed to the handler.
 * - Nothing here rejects: an error answers `500` if nothing was sent yet, else ends the socket.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** Methods a page or its action answers. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ALLOWED = new Set<string>(PAGE_METHODS);

/** Renders one page request: the Fetch request and the shopper's address (trusted-proxy aware). */
export type PageHandler = (request: Request, clientAddress: string) => Promise<Response>;

export interface PageListenerOptions {
  /** Largest request body accepted, bytes. */
  bodyLimit: number;
  log: FastifyBaseLogger;
}

/** A plain-text answer in Russian (no page: the request could not become one). */
const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

/**
 * Serves one page request on the raw socket of a hijacked Fastify reply. Never rejects.
 * @param request Fastify's request (its `protocol`, `host`, `ip` follow TRUST_PROXY).
 * @param res the raw response (the reply is hijacked).
 */
export async function servePage(
  request: FastifyRequest,
  res: ServerResponse,
  handler: PageHandler,
  options: PageListenerOptions,
): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  try {
    const built = await toFetchRequest(request, controller.signal, options.bodyLimit);
    const response = built instanceof Response ? built : await handler(built, request.ip);
    await send(response, request.raw, res, controller.signal);
  } catch (err) {
    if (controller.signal.aborted) return;
    options.log.error({ err }, 'page request failed');
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Внутренняя ошибка сервера');
    } else res.destroy();
  }
}

/** The Fetch request for React Router, or the answer to give instead (405, 400, 413). */
async function toFetchRequest(
  request: FastifyRequest,
  signal: AbortSignal,
  bodyLimit: number,
): Promise<Request | Response> {
  const method = request.method;
  if (!ALLOWED.has(method)) return plain(405, 'Метод не поддерживается', { allow: PAGE_METHODS.join(', ') });
  let url: URL;
  try {
    url = new URL(request.url, `${request.protocol}://${request.host || 'localhost'}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('protocol');
    // A Host with user-info (`evil.com@127.0.0.1`): Fetch refuses a Request URL with credentials (issue 29 item 6).
    if (url.username || url.password) throw new TypeError('credentials');
  } catch {
    return plain(400, 'Неверный запрос');
  }
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  try {
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  } catch {
    return plain(400, 'Неверный запрос');
  }
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
  if (isCrossSite(headers, url)) return plain(400, 'Запрос с другого сайта отклонён');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > bodyLimit) return tooLarge();
  if (!isFormBody(headers.get('content-type')))
    return plain(415, 'Отправьте форму страницы', { connection: 'close' });
  const body = await readBody(request.raw, bodyLimit);
  if (body === 'too-large') return tooLarge();
  return new Request(url, { method, headers, body, signal });
}

/**
 * Whether a state-changing page request was started by another site (issue 11 §9): `Sec-Fetch-Site: cross-site`, or
 * an `Origin` that is not the request's own origin (`null` included). It is React Router's check of UI actions,
 * applied here to every page route — resource routes such as `/auth/sign-out`, `/wishlist`, `/city` included. A
 * request without `Origin` (not sent by a browser's form or fetch) passes, as in React Router.
 */
export function isCrossSite(headers: Headers, url: URL): boolean {
  if (headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  try {
    return new URL(origin).origin !== url.origin;
  } catch {
    return true;
  }
}

/**
 * Whether a page request's body is a form, the only body a page's action reads (issue 29 item 6: JSON, text or no
 * type posted to `/Cart` answered 500). An empty POST with no type passes (a button-only form may send none).
 */
function isFormBody(contentType: string | null): boolean {
  if (contentType === null) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

const tooLarge = () => plain(413, 'Слишком большой запрос', { connection: 'close' });

/** The whole body, or `too-large` past `limit` bytes (the rest is not read; the connection is closed after). */
async function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return 'too-large';
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Writes `response` (status, every header — Set-Cookie lines kept apart — and the body streamed). */
async function send(
  response: Response,
  req: IncomingMessage,
  res: ServerResponse,
  signal: AbortSignal,
): Promise<void> {
  const rawHeaders: string[] = [];
  for (const [key, value] of response.headers) rawHeaders.push(key, value);
  if (response.status === 413) res.shouldKeepAlive = false;
  res.writeHead(response.status, rawHeaders);
  if (response.body == null || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res, { signal });
}
