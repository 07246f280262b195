/** A made-up origin to resolve a redirect target against: only a target that stays on it is local. */
const OWN = 'http://kiim.invalid';

/**
 * A local path safe to redirect to (issue 11 §3), else `/`. The one check for every `returnTo`, `redirectTo` and
 * `from` of the storefront: the value is parsed by the WHATWG URL parser — the browser's own — against an origin of
 * ours, and only its path and query are kept when it stays on that origin. The parser drops tabs and newlines,
 * turns `\` into `/` and folds `/./` the way the browser will, so `/<TAB>/evil.example`, `/\evil.example` and
 * `/.//evil.example` are all seen for what they are; the kept path is percent-encoded, so no newline reaches a
 * `Location` header.
 * @param value a form or query value (anything; non-strings give `/`).
 * @returns `/path?query` on the shop, or `/`.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, OWN);
  } catch {
    return '/';
  }
  if (url.origin !== OWN || url.pathname.startsWith('//')) return '/';
  return url.pathname + url.search;
}
