import fp from 'fastify-plugin';
import { ErrorCode } from '@kiim/contract';

/** A percent-encoded NUL anywhere in a URL (path or query). */
const ENCODED_NUL = /%00/i;

/**
 * Refuses the NUL character anywhere in an API request — URL or JSON body, at any depth — with `400` code 1001
 * before validation and before any handler (issue 11 §7). No field of the shop may hold it: PostgreSQL refuses it
 * in `text` (a 500 before this guard) and SQLite cuts strings at it. Raw NULs in the request line or headers are
 * refused by Node's HTTP parser already. Pages are not touched here: their API calls pass through it.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || !ENCODED_NUL.test(request.url)) return;
    return reply
      .code(400)
      .send({ code: ErrorCode.validation, message: 'Недопустимый символ в адресе запроса' });
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!isApiPath(request.url) || request.body === undefined) return;
    const field = fieldWithNul(request.body);
    if (field === null) return;
    return reply.code(400).send({
      code: ErrorCode.validation,
      message: 'Недопустимый символ в данных запроса',
      errors: { [field]: ['Недопустимый символ'] },
    });
  });
});

/** API paths only: media keys are checked by the media route itself (a malformed key is its 404). */
const isApiPath = (url: string) => url.startsWith('/api/');

/**
 * The top-level field of a parsed JSON body that holds a NUL in any string or key at any depth ('' for a bare
 * string or array body), or null when there is none (depth-limited: bodies are at most 64 KB).
 */
function fieldWithNul(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return holdsNul(body, 0) ? '' : null;
  for (const [k, v] of Object.entries(body)) if (k.includes('\u0000') || holdsNul(v, 1)) return k;
  return null;
}

/** Whether a parsed JSON value holds a NUL in any string or key. */
function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}
