import { ErrorCode } from '@kiim/contract';

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
