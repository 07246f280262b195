/**
 * Customer tokens that spec §7 puts into addresses — the path of `GET /api/cart/get-by-customer-token/{token}/…`
 * and the `token` query of `POST /api/wishlist/item` — replaced by `[redacted]`, so request logs never hold a
 * usable token (docs/decisions/004: tokens are stored only as hashes).
 * @param url the request path with its query string.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/cart\/get-by-customer-token\/)[^/?#]+/i, '$1[redacted]')
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** The parts of a request the log serializer reads (a Fastify request has them). */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Log serializer of requests: Fastify's default fields, with the tokens of {@link redactUrl} removed from `url`. */
export function requestLogSerializer(req: LoggedRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
