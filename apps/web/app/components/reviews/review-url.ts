// Addresses of the review modal (issue 10: the review modal on orders, spec §2): `?review=<product slug>` over the
// completed-orders list or an order's page opens it (it renders on the server and works without JavaScript, as
// the sign-in dialog); `?reviewed=<slug>` says thank you after a review was sent.

/** The search parameter that opens the review modal for a product slug. */
export const REVIEW_PARAM = 'review';
/** The search parameter of the thank-you note after a review was sent. */
export const REVIEWED_PARAM = 'reviewed';

/** The address with the search parameters changed (`null` removes one), the others kept. */
function withParams(
  location: { pathname: string; search: string },
  params: Record<string, string | null>,
): string {
  const q = new URLSearchParams(location.search);
  for (const [param, value] of Object.entries(params)) {
    if (value === null) q.delete(param);
    else q.set(param, value);
  }
  const s = q.toString();
  return location.pathname + (s ? `?${s}` : '');
}

/** The address that opens the review modal of a product over this page (and drops an earlier thank-you note). */
export const reviewHref = (location: { pathname: string; search: string }, slug: string) =>
  withParams(location, { [REVIEW_PARAM]: slug, [REVIEWED_PARAM]: null });

/** The page under the modal: the address without the modal's and the note's parameters. */
export const withoutReviewParams = (location: { pathname: string; search: string }) =>
  withParams(location, { [REVIEW_PARAM]: null, [REVIEWED_PARAM]: null });

/** Where a sent review goes back to: the page it was written over, with the thank-you note. */
export const reviewedHref = (from: string, slug: string) => {
  const url = new URL(from, 'http://x');
  return withParams(
    { pathname: url.pathname, search: url.search },
    { [REVIEW_PARAM]: null, [REVIEWED_PARAM]: slug },
  );
};
