import { ErrorCode } from '@kiim/contract';
import { waitRu } from './russian.ts';

/**
 * The one error type of the API: a stable numeric `code`, the HTTP status and a message (Russian where
 * a shopper sees it). Thrown by services; turned into a JSON body by the error handler plugin.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    readonly details?: unknown,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 404 with a code of the contract. */
export const notFound = (code: number, message: string) => new AppError(404, code, message);

/** 400 with field errors, for rules that a schema cannot express. */
export const badRequest = (errors: Record<string, string[]>, message = 'Проверьте введённые данные') =>
  new AppError(400, ErrorCode.validation, message, undefined, errors);

/** 429 with the seconds to wait (at least 1) in `details.retryAfterSeconds` and a Russian message. */
export function rateLimited(retryAfterMs: number, message: (wait: string) => string): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, ErrorCode.rateLimited, message(waitRu(retryAfterSeconds)), { retryAfterSeconds });
}
