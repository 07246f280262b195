import type { FastifyReply, FastifyRequest } from 'fastify';

// The headers of a fingerprinted build file (decision 080). A script, style sheet or font under /assets is never a
// document: the document headers every other answer carries (framing, opener, referrer policy, a CSP) act on
// nothing there, and its name changes with its content, so validators are never used (`immutable` for a year).
// Over HTTP/1.1 each of them costs every first visit ~270 bytes per file, six to eight files a page. nosniff
// stays (it is what keeps a script a script), as does HSTS; the production nginx serves these files the same way
// (deploy/nginx/kiim.conf).

/** Headers that act only on documents or on revalidation. */
const NOT_FOR_BUILD_FILES = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'referrer-policy',
  'content-security-policy',
  'etag',
  'last-modified',
  'accept-ranges',
] as const;

/** Types of the build files that can never be rendered as a document (with nosniff). */
const NEVER_A_DOCUMENT = /^(application\/javascript|text\/javascript|text\/css|font\/)/;

/**
 * An `onSend` hook: drops {@link NOT_FOR_BUILD_FILES} from a 200 answer of a fingerprinted build file (`prefix`,
 * e.g. `/assets/`) of a script, style or font type; every other answer is left as it is.
 */
export function trimBuildFileHeaders(prefix: string) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, p: unknown) => void,
  ) => {
    if (
      reply.statusCode === 200 &&
      request.url.startsWith(prefix) &&
      NEVER_A_DOCUMENT.test(String(reply.getHeader('content-type') ?? ''))
    )
      for (const name of NOT_FOR_BUILD_FILES) reply.removeHeader(name);
    done(null, payload);
  };
}
