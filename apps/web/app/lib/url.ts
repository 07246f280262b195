import { localPath } from '@kiim/contract/local-path';

/**
 * A local path safe to redirect to (issue 11 §3), else `/`: the contract's {@link localPath}, the one rule for every
 * `returnTo`, `redirectTo` and `from` of the storefront and every stored link it renders.
 * @param value a form or query value (anything; non-strings give `/`).
 * @returns `/path?query` on the shop, or `/`.
 */
export function safeReturnTo(value: unknown): string {
  return localPath(value) ?? '/';
}
