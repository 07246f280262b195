import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this page's answer (issue 11 §8): made per request by the server
 * (apps/web/server.ts), given to React's renderer by app/entry.server.tsx and read here by the root layout for its
 * inline scripts (the reload guard, React Router's scripts). In the browser it is empty: browsers hide nonces from
 * the DOM, so the hydrated attributes match the server's.
 */
export const NonceContext = createContext('');

/** This answer's CSP nonce (`''` in the browser). */
export const useNonce = () => useContext(NonceContext);
