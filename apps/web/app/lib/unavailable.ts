/**
 * What the storefront's 503 page shows (issue 27): its title and text in the page's language, carried by the
 * error itself — the root loader may be the one that failed, and then the page has no root data to translate with.
 * Made by `unavailablePage` (unavailable.server.ts), shown by the root ErrorBoundary.
 */
export interface UnavailablePage {
  unavailable: { title: string; text: string };
}

/** True for the data of the 503 page's route error response. */
export const isUnavailablePage = (value: unknown): value is UnavailablePage =>
  typeof (value as UnavailablePage | null)?.unavailable?.title === 'string';
