// Compression of server-rendered answers (documents and `.data` navigations): they carry the page's markup and
// its loader data, tens of kilobytes of text that gzip shrinks about eight times on a mobile connection.
// Streaming stays streaming: every chunk React writes is flushed through the compressor at once.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';

/** Text types worth compressing. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;
/** Smaller answers with a known length are sent as they are. */
const MIN_BYTES = 1024;

/**
 * The response gzip-encoded when the request accepts gzip and the body is compressible text not encoded yet;
 * otherwise the response itself. Adds `Vary: Accept-Encoding`.
 */
export function compressResponse(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length') ?? NaN);
  if (
    !response.body ||
    request.method === 'HEAD' ||
    response.headers.has('content-encoding') ||
    !COMPRESSIBLE.test(type) ||
    (Number.isFinite(length) && length < MIN_BYTES) ||
    !/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
  )
    return response;
  const gzip = zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
  Readable.fromWeb(response.body as NodeReadableStream).pipe(gzip);
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  return new Response(Readable.toWeb(gzip) as ReadableStream, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
