import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False while rendering on the server and hydrating, true once the page runs in the browser: what needs
 * JavaScript (a password switch, the tile map, photo uploads) comes alive only then, with no hydration mismatch.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
