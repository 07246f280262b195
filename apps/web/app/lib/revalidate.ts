import type { ShouldRevalidateFunction } from 'react-router';

/**
 * Search parameters that only open, step or close a dialog over the page beneath: the sign-in dialog's
 * (`?signin=…`, components/sign-in/sign-in-url.ts), the account's exit modal (`?exit=1`), the cart's removal
 * and clearing dialogs (`?remove=…`, `?clear=1`) and the review modal on orders (`?review=…`,
 * components/reviews/review-url.ts). The page's data does not depend on them.
 */
const DIALOG_PARAMS: readonly string[] = [
  'signin',
  'mobile',
  'name',
  'surname',
  'wait',
  'sent',
  'returnTo',
  'exit',
  'remove',
  'clear',
  'review',
];

/** The search of a URL without the dialog parameters, sorted, so two addresses of the same page compare equal. */
function pageSearch(url: URL): string {
  const q = new URLSearchParams(url.search);
  for (const p of DIALOG_PARAMS) q.delete(p);
  q.sort();
  return q.toString();
}

/**
 * True for a plain navigation (a link, not a form submission) that changes only dialog parameters: the same
 * page with a dialog opened, stepped or closed.
 */
export function isDialogOnlyNavigation({
  currentUrl,
  nextUrl,
  formMethod,
}: Parameters<ShouldRevalidateFunction>[0]): boolean {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return false;
  // The same address again (a link to the page itself) reloads as usual.
  if (currentUrl.href === nextUrl.href) return false;
  return currentUrl.pathname === nextUrl.pathname && pageSearch(currentUrl) === pageSearch(nextUrl);
}

/**
 * `shouldRevalidate` of every page route with a loader: opening or stepping a dialog re-runs no loader (the
 * page beneath stays as it is, and the dialog's step shows at once); everything else as React Router decides.
 */
export const keepDataUnderDialogs: ShouldRevalidateFunction = (args) =>
  isDialogOnlyNavigation(args) ? false : args.defaultShouldRevalidate;
