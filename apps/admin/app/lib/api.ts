import { ApiError, type ErrorBody } from '@kiim/contract';
import { data } from 'react-router';

/**
 * The back office's calls of the staff API (`/api/admin/*`, same origin): JSON in and out, the HttpOnly session
 * cookie sent by the browser (the page never sees it), Origin added by the browser (the API's CSRF check).
 * @returns the answer's `data`. @throws ApiError with the API's status and body.
 */
export async function adminApi<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`/api/admin${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf<T>(res);
}

/**
 * Uploads a file as the request body (a product's picture; the catalogue import's `text/csv`), POST to
 * `/api/admin${path}` with `type` as its Content-Type (default: the file's own type).
 * @returns the answer's `data`. @throws ApiError with the API's status and body (a 422 of bad rows keeps its
 *   `details`).
 */
export async function adminUpload<T>(
  path: string,
  file: Blob,
  type = file.type || 'application/octet-stream',
): Promise<T> {
  const res = await fetch(`/api/admin${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': type },
    body: file,
  });
  return answerOf<T>(res);
}

/** The `data` of an answer. @throws ApiError for a refusal (413/415 without a JSON body get a message too). */
async function answerOf<T>(res: Response): Promise<T> {
  const json = (await res.json().catch(() => null)) as { data?: T } & Partial<ErrorBody>;
  if (!res.ok) {
    throw new ApiError(
      res.status,
      json?.code
        ? (json as ErrorBody)
        : { code: res.status, message: 'Сервер не ответил, попробуйте ещё раз' },
    );
  }
  return json.data as T;
}

/**
 * Reads a screen's data: an API refusal of access becomes the screen's error page (403 «Нет доступа»), a lost
 * session sends to sign-in (the layout's loader does), anything else is the generic error page.
 */
export async function screenData<T>(path: string): Promise<T> {
  try {
    return await adminApi<T>('GET', path);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 401))
      throw data(e.body.message, { status: e.status });
    throw e;
  }
}
