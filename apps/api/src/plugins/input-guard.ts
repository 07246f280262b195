import fp from 'fastify-plugin';
import { ErrorCode } from '@kiim/contract';

/** The 1C exchange's path (answers in plain text). */
const ONE_C_PATH = '/api/exchange/1c';
/** A percent-encoded NUL anywhere in a URL (path or query). */
const ENCODED_NUL = /%00/i;

/**
 * Refuses the NUL character anywhere in an API request — URL or JSON body, at any depth — with `400` code 1001
 * before validation and before any handler (issue 11 §7), as a field error of the field that holds it. No field of the shop may hold it: PostgreSQL refuses it
 * in `text` (a 500 before this guard) and SQLite cuts strings at it. Raw NULs in the request line or headers are
 * refused by Node's HTTP parser already. Pages are not touched here: their API calls pass through it.
 */
export const inputGuardPlugin = fp(async (app) => {
  // Callback hooks (no promise per request: every API request passes here, decision 018 «the request path»); an
  // answer sent here ends the request, so `done` is not called then.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url) || !ENCODED_NUL.test(request.url)) return done();
    // The 1C exchange answers in its protocol's plain text, which 1C shows its operator (issue 29 item 7).
    if (request.url.startsWith(ONE_C_PATH))
      return void reply
        .type('text/plain; charset=utf-8')
        .send('failure\nНедопустимый символ (NUL) в адресе запроса: проверьте имя файла');
    void reply
      .code(400)
      .send({ code: ErrorCode.validation, message: 'Недопустимый символ в адресе запроса' });
  });
  app.addHook('preValidation', (request, reply, done) => {
    if (!isApiPath(request.url) || request.body === undefined) return done();
    const at = nulPath(request.body, []);
    if (!at) return done();
    // Reported as a field error, like the contract's own (the field's dotted path; `_` for the body itself).
    void reply.code(400).send({
      code: ErrorCode.validation,
      message: 'Проверьте введённые данные',
      errors: { [at.join('.') || '_']: ['Недопустимый символ'] },
    });
  });
});

/** API paths (media keys are checked by the media route itself: a bad key is its 404). */
const isApiPath = (url: string) => url.startsWith('/api/');

/** A parsed JSON array or object (not a raw body: a file's Buffer or stream, whose bytes are its handler's business). */
const isJsonValue = (value: object) => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Where a parsed JSON value holds a NUL — in a string or a key — as the path of keys to it; null when nowhere
 * (depth-limited: bodies are at most 64 KB). Raw bodies (the CSV import's Buffer, the 1C exchange's stream of up to
 * 50 MB) are not walked: walking a Buffer listed every byte as an entry — gigabytes for a 1C file part.
 */
function nulPath(value: unknown, at: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (at.length > 64 || typeof value !== 'object' || value === null || !isJsonValue(value)) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return [...at, k.split('\u0000').join('')];
    const found = nulPath(v, [...at, k]);
    if (found) return found;
  }
  return null;
}
