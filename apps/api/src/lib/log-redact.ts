/**
 * Customer tokens that spec §7 puts into addresses — the path of `GET /api/cart/get-by-customer-token/{token}/…`
 * and the `token` query of `POST /api/wishlist/item` — replaced by `[redacted]`, so request logs never hold a
 * usable token (docs/decisions/004: tokens are stored only as hashes). The router and the query parser decode
 * percent-encoding, so `/api/cart/get%2Dby%2Dcustomer%2Dtoken/…` or `?%74oken=` reach the same routes: the address
 * is matched decoded, and when anything is redacted the decoded, redacted form is logged (issue 11 §10).
 * @param url the request path with its query string.
 */
export function redactUrl(url: string): string {
  const decoded = percentDecoded(url);
  const redacted = redactTokens(decoded);
  return redacted === decoded ? url : redacted;
}

const redactTokens = (url: string) =>
  url
    .replace(/(\/cart\/+get-by-customer-token\/+)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&;]\s*token\s*=)[^&#]*/gi, '$1[redacted]');

/** `url` with every valid %XX sequence decoded (invalid ones kept), once, as the router does. */
function percentDecoded(url: string): string {
  try {
    return decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    return url.replace(/(%[0-9a-f]{2})+/gi, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  }
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
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
