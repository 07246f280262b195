import { matchRoutes, type RouteObject } from 'react-router';
import { BUILD_POLL_INTERVAL_MS, RELOAD_GUARD_MS } from '@kiim/contract/enums';

// New builds and missing script parts (spec §7: the product polls the latest build id; §8: a failure to load a
// script part after a new build reloads the page; §9: reload guard 10 seconds).
//
// - The server names its build in every page and data answer (header X-Build-Id) and at GET /build-id
//   (apps/web/server.ts). The page knows its own (React Router's manifest version). A different id — from the poll
//   every 5 minutes, when the tab becomes visible again, or from any answer — marks the page stale, and the next
//   navigation (a link, a form, back/forward) is left to the browser: a full page load of the new build.
// - Before React Router runs a navigation to a page whose script part is not loaded yet, the part is loaded first;
//   if it cannot be loaded (the build it belongs to is gone), the page is marked stale and the browser loads the
//   address fully instead. React Router's own answer to such a failure — reloading the current page with no guard —
//   is thus never reached from a link or form.
// - Parts failing while a page starts (its scripts, a lazily loaded part) reload the page, at most once per
//   RELOAD_GUARD_MS: the guard is an inline script in <head> (RELOAD_GUARD_SCRIPT), so it runs even when every
//   script of the page fails. A broken deploy never loops: the second failure within 10 s leaves the server-rendered
//   page as it is (it works without JavaScript).

/** Where the server answers `{ "buildId": "…" }` (no cache). */
export const BUILD_ID_PATH = '/build-id';
/** Header of every page and data answer naming the server's build. */
export const BUILD_ID_HEADER = 'x-build-id';
/** sessionStorage key: when this tab last reloaded (or fully loaded a page) because of a script part. */
const RELOADED_AT = 'kiim:reloaded-at';

/**
 * The reload guard, as the source of an inline `<script>` in `<head>`: `window.__kiimReload()` reloads the page
 * unless this tab did so less than RELOAD_GUARD_MS ago (then it answers false); a failed `<script>` or module
 * preload, Vite's `vite:preloadError` (a lazily imported part) and an unhandled failed dynamic import call it.
 */
export const RELOAD_GUARD_SCRIPT = `(function(){var K=${JSON.stringify(RELOADED_AT)},G=${RELOAD_GUARD_MS};
function r(){try{var n=Date.now();if(n-(+sessionStorage.getItem(K)||0)<G)return false;sessionStorage.setItem(K,String(n))}catch(e){return false}location.reload();return true}
window.__kiimReload=r;
addEventListener('error',function(e){var t=e.target;if(t&&(t.tagName==='SCRIPT'||(t.tagName==='LINK'&&/preload/.test(t.rel))))r()},true);
addEventListener('vite:preloadError',function(e){e.preventDefault();r()});
addEventListener('unhandledrejection',function(e){var m=String(e.reason&&e.reason.message||e.reason);if(/dynamically imported module|Importing a module script failed/i.test(m))r()});
})();`;

interface RouterGlobals {
  __reactRouterManifest?: { version: string; routes: Record<string, { module: string } | undefined> };
  __reactRouterDataRouter?: { routes: RouteObject[] };
  __reactRouterRouteModules?: Record<string, unknown>;
}

/** Notes that this tab is loading a page fully because of a script part, so the guard holds for the next page. */
function stampReload(): void {
  try {
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // Storage refused (private mode): the guard cannot hold; the full load still happens once, by the shopper's hand.
  }
}

/**
 * Where a click on a React Router link or a submission of a React Router form (both carry `data-discover`) leads,
 * and how to do it again; null for anything React Router does not navigate by itself (plain links, new tabs).
 */
function targetOf(e: Event): { url: URL; replay: () => void } | null {
  if (e.defaultPrevented) return null;
  if (e.type === 'submit') {
    const form = e.target as HTMLFormElement;
    if (!form.hasAttribute('data-discover')) return null;
    const submitter = (e as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.getAttribute('formaction') ?? form.getAttribute('action') ?? location.href;
    const target = submitter?.getAttribute('formtarget') ?? form.getAttribute('target');
    if (target && target !== '_self') return null;
    return { url: new URL(action, location.href), replay: () => form.requestSubmit(submitter) };
  }
  const m = e as MouseEvent;
  if (m.button !== 0 || m.metaKey || m.ctrlKey || m.shiftKey || m.altKey) return null;
  const link = (e.target as Element | null)?.closest?.('a[href][data-discover]') as HTMLAnchorElement | null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (link.getAttribute('href')!.startsWith('#')) return null;
  return { url, replay: () => link.click() };
}

/**
 * Reports the build id the server names: polled every BUILD_POLL_INTERVAL_MS and when the tab is shown again, and
 * read from every answer of this origin (data of client-side navigations, fetchers) through a `fetch` wrapper.
 * @returns a function that stops it.
 */
function listenForBuildIds(onBuildId: (id: string | null) => void): () => void {
  const originalFetch = window.fetch;
  const poll = async () => {
    try {
      const res = await originalFetch(BUILD_ID_PATH, { cache: 'no-store' });
      if (res.ok) onBuildId(((await res.json()) as { buildId?: string }).buildId ?? null);
    } catch {
      // Offline or the server restarting: the next poll asks again.
    }
  };
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const res = await originalFetch(...args);
    if (res.url.startsWith(location.origin)) onBuildId(res.headers.get(BUILD_ID_HEADER));
    return res;
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void poll();
  };
  const timer = setInterval(() => void poll(), BUILD_POLL_INTERVAL_MS);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    window.fetch = originalFetch;
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Script parts (route modules) of the pages `url` leads to that this page has loaded neither by React Router nor in `loaded`. */
function missingParts(url: URL, loaded: ReadonlySet<string>): string[] {
  const w = window as Window & RouterGlobals;
  const routes = w.__reactRouterDataRouter?.routes;
  const manifest = w.__reactRouterManifest?.routes ?? {};
  const cache = w.__reactRouterRouteModules ?? {};
  return (routes ? (matchRoutes(routes, url.pathname) ?? []) : [])
    .filter((m) => m.route.id && !(m.route.id in cache))
    .map((m) => manifest[m.route.id!]?.module)
    .filter((module): module is string => !!module && !loaded.has(module));
}

/**
 * Starts watching for a newer build and guarding navigations (see above); call once in the browser.
 * @returns a function that stops it.
 */
export function watchBuilds(): () => void {
  const current = (window as Window & RouterGlobals).__reactRouterManifest?.version;
  const loaded = new Set<string>();
  let stale = false;
  const stopListening = listenForBuildIds((id) => {
    if (id && current && id !== current) stale = true;
  });

  const onNavigate = (e: Event) => {
    const target = targetOf(e);
    if (!target || target.url.origin !== location.origin) return;
    if (stale) {
      // The browser's own navigation: a full page load of the new build.
      e.stopImmediatePropagation();
      return;
    }
    const parts = missingParts(target.url, loaded);
    if (parts.length === 0) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    Promise.all(parts.map((p) => import(/* @vite-ignore */ p))).then(
      () => {
        for (const p of parts) loaded.add(p);
        target.replay();
      },
      () => {
        // The part's build is gone: done again, the navigation is the browser's own (stale), a full page load.
        stale = true;
        stampReload();
        target.replay();
      },
    );
  };
  const onPopState = () => {
    if (stale) location.reload();
  };

  window.addEventListener('click', onNavigate, true);
  window.addEventListener('submit', onNavigate, true);
  window.addEventListener('popstate', onPopState);
  return () => {
    stopListening();
    window.removeEventListener('click', onNavigate, true);
    window.removeEventListener('submit', onNavigate, true);
    window.removeEventListener('popstate', onPopState);
  };
}
