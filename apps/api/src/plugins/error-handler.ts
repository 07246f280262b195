import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorBody } from '@kiim/contract';
import { isUniqueViolation } from '#app/lib/db-errors.ts';
import { AppError } from '#app/lib/errors.ts';
import { databaseFault, RETRY_AFTER_SECONDS } from '#app/db/faults.ts';

/**
 * The one error handler (conventions: one error type, one handler). AppError → its status and body (a 429
 * with `details.retryAfterSeconds` also gets `Retry-After`);
 * schema validation → 400 with per-field `errors`; malformed bodies → 400/415; unknown routes → 404;
 * a fault of the database (db/faults.ts: unreachable, restarting, busy, read-only, full) → 503 `serviceUnavailable`
 * with `Retry-After` (issue 27, docs/decisions/026); a unique value taken by a concurrent write → 409;
 * anything else is logged with the request and answered as a generic 500 without internals.
 */
/**
 * PostgreSQL's "this value cannot be stored" errors (SQLSTATE class 22): out of range, NUL or bad bytes in text,
 * malformed literal. The contract bounds every input (issue 11 §7); this keeps a bound someone forgets a 400.
 */
const REFUSED_VALUE_CODES = new Set(['22003', '22021', '22P02', '22P05', '22001']);

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { code: err.code, message: err.message };
      if (err.errors) body.errors = err.errors;
      if (err.details !== undefined) body.details = err.details;
      // A rate-limited answer tells the client when to come back (RFC 9110 Retry-After, in seconds).
      const retry = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (err.statusCode === 429 && typeof retry === 'number') reply.header('retry-after', String(retry));
      return reply.code(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const key =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (v.params?.missingProperty as string) ||
          '_';
        (errors[key] ??= []).push(v.message ?? 'Неверное значение');
      }
      return reply
        .code(400)
        .send({ code: ErrorCode.validation, message: 'Проверьте введённые данные', errors });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 429) {
      return reply
        .code(429)
        .send({ code: ErrorCode.rateLimited, message: 'Слишком много запросов, попробуйте позже' });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      const status =
        e.statusCode === 404 ? 404 : e.statusCode === 413 || e.statusCode === 415 ? e.statusCode : 400;
      return reply.code(status).send({
        code: status === 404 ? ErrorCode.notFound : ErrorCode.validation,
        message: status === 415 ? 'Неподдерживаемый формат запроса' : 'Неверный запрос',
      });
    }
    if (isUniqueViolation(err)) {
      // Two requests made the same unique thing at once and no rule above knew it (issue 29 item 5): a 409.
      request.log.warn({ err }, 'unique value taken by a concurrent write');
      return reply.code(409).send({
        code: ErrorCode.conflict,
        message: 'Такая запись уже есть: её только что создал другой запрос. Обновите страницу и проверьте',
      });
    }
    if (typeof e.code === 'string' && REFUSED_VALUE_CODES.has(e.code)) {
      // A value the contract let through but the database refuses (a missing bound is a bug: logged to be fixed).
      request.log.warn({ err }, 'value refused by the database');
      return reply.code(400).send({ code: ErrorCode.validation, message: 'Неверный запрос' });
    }
    const fault = databaseFault(err);
    if (fault) {
      // A lost connection or a held lock passes by itself; a read-only, full or failing disk needs someone.
      const level = fault === 'unavailable' || fault === 'busy' ? 'warn' : 'error';
      request.log[level]({ err, fault }, 'the database cannot serve: answered 503');
      const retryAfterSeconds = RETRY_AFTER_SECONDS[fault];
      return reply.code(503).header('retry-after', String(retryAfterSeconds)).send({
        code: ErrorCode.serviceUnavailable,
        message: 'Магазин на минуту недоступен, попробуйте ещё раз чуть позже',
        details: { retryAfterSeconds },
      });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: ErrorCode.internal, message: 'Внутренняя ошибка сервера' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      code: ErrorCode.notFound,
      message: `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
});
