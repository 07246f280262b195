/**
 * The `elementtiming` of a page's high-priority pictures (spread on the `<img>`): the browser reports when each is
 * painted, and the page's scripts start after the first is (lib/deferred-scripts.tsx, issue 14). A module of its
 * own so that the picture components do not pull in the starter.
 */
export const MAIN_PICTURE_TIMING: Record<string, string> = { elementtiming: 'main-picture' };
