import { createContext, lazy, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isSignInStep, type SignInStep } from './sign-in-url.ts';

/**
 * The open dialog as the server renders it: app/entry.server.tsx gives its render through this context, so a
 * page with the dialog open is rendered whole at once (it works without JavaScript). In the browser the context is
 * empty and the dialog's steps load when a dialog first opens (OpenSignInDialog.tsx): a first visit does not
 * download them (issue 14). No suspense boundary around it: React would send a boundary's content in a hidden
 * part of the page that only JavaScript shows. In the browser the lazy part suspends the navigation that opens
 * the dialog (a transition: the page stays as it is until the part is there), or the hydration of a page opened
 * with the dialog.
 */
export const OpenSignInContext = createContext<((step: SignInStep) => ReactNode) | null>(null);

const LazyOpenSignInDialog = lazy(() =>
  import('./OpenSignInDialog.tsx').then((m) => ({ default: m.OpenSignInDialog })),
);

/**
 * Sign-in, registration and password recovery as a dialog over any page (spec §2, issue 4). Its state
 * lives in the URL (`?signin=<step>&mobile=…`, components/sign-in/sign-in-url.ts; changing it reloads no page
 * data, lib/revalidate.ts); its forms post to `/auth/sign-in`: with JavaScript through a fetcher (messages
 * appear beside the fields, typed values stay), without it as plain forms (messages then show on that page).
 */
export function SignInDialog() {
  const location = useLocation();
  const render = useContext(OpenSignInContext);
  const step = new URLSearchParams(location.search).get('signin');
  if (!isSignInStep(step) || location.pathname.toLowerCase() === '/auth/sign-in') return null;
  return render ? render(step) : <LazyOpenSignInDialog step={step} />;
}
