/** A made-up origin to resolve a link against: only a link that stays on it is local. */
const OWN = 'http://kiim.invalid';

/**
 * A local path of the shop, or null (issue 11 §3, issue 29 item 8). The one rule for every redirect target and every
 * stored link that the storefront renders (banners): `value` is parsed by the WHATWG URL parser — the browser's own —
 * against an origin of ours and kept only when it stays on that origin. The parser drops tabs and newlines, turns `\`
 * into `/` and folds `/./` the way the browser will, so `/<TAB>/evil.example`, `/\evil.example` and
 * `/.//evil.example` are seen for what they are; the kept path is percent-encoded, so no newline reaches a header.
 * @param value anything (non-strings and strings not starting with `/` give null).
 * @param opts.hash keep the `#fragment` (links on a page; redirects drop it).
 * @returns `/path?query` (and `#hash`) on the shop, or null.
 */
export function localPath(value: unknown, opts: { hash?: boolean } = {}): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, OWN);
  } catch {
    return null;
  }
  if (url.origin !== OWN || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + (opts.hash ? url.hash : '');
}
