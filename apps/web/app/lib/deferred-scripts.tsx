import { Children, Fragment, cloneElement, isValidElement, type ReactNode } from 'react';
import { Scripts } from 'react-router';

/**
 * The page's scripts started once its main picture has painted (issue 14, decision 018 amendment «pages»). React
 * Router's `<Scripts>` preloads every script part in `<head>` and starts them at once: Lighthouse's simulated
 * mobile link then counts the ~110 KB of JavaScript beside the picture that is the page's largest paint (LCP
 * 1.8–2.6 s with them, 0.9–1.1 s without). The page needs no script to be read or used (server-rendered, forms and
 * links work without JavaScript), so they start right after: the same elements `<Scripts>` makes, but its module
 * preloads and its module script held back (`text/kiim-module`, not run) until the earliest of
 * - the `fetchpriority="high"` picture has been painted, as the browser reports it (Element Timing: the picture
 *   carries `MAIN_PICTURE_TIMING`, lib/main-picture.ts), at most {@link PAINT_WAIT_MS} after it loaded. Not sooner: a frame
 *   requested after the load is presented tens of milliseconds later on a busy machine, and a script part that
 *   arrives before the largest paint is presented is counted in Lighthouse's simulated LCP (1.9–2.2 s in one run of
 *   three, 0.9–1.2 s in the others, issue 14). Where the browser has no Element Timing, the next frame after the
 *   load; after a failed load, the next frame; at once on a page without such a picture;
 * - the shopper's first interaction (pointerdown, touchstart, keydown, focusin): what they do before the scripts
 *   have run is taken over at hydration (lib/hydration.ts);
 * - {@link START_AT_THE_LATEST_MS} after the page began to load, so a slow picture never keeps them waiting long.
 * The started parts carry the answer's CSP nonce. A failed part still reaches the reload guard (lib/new-build.ts).
 *
 * The starter also marks `<html>` with {@link SCROLLED_MARK} on the shopper's first scroll (or at once when the page
 * is already scrolled, e.g. a restored position): until then the sliders below the first screen are not drawn and
 * their pictures not fetched (styles/reviews.css, end; decision 018 amendment «pages: sliders after the first
 * scroll»).
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  // React Router's elements, made here (its hooks are this component's, called on every render in the same
  // order), then held back.
  const scripts = Scripts({ nonce });
  if (!scripts) return null;
  const preloads: string[] = [];
  return (
    <>
      {holdBack(scripts, preloads)}
      {/* The starter is written by the server and runs while the page is parsed. The browser's render leaves the
          element's text as the server sent it (React keeps a hydrated element's inner HTML), so the browser's
          bundle does without the starter's text: `import.meta.env.SSR` is false there and the code is dropped. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? starter(preloads) : '' }}
      />
    </>
  );
}

/** The longest the scripts wait for the main picture, ms after the page began to load. */
export const START_AT_THE_LATEST_MS = 3000;

/**
 * The longest the scripts wait, ms after the main picture loaded, for the browser to report it painted (a picture
 * never drawn — hidden, failed — is never reported).
 */
export const PAINT_WAIT_MS = 1000;

/** The type of a held-back module script: the browser does not run it. */
const HELD = 'text/kiim-module';

/** `<Scripts>`' elements with the module preloads taken out (their addresses into `preloads`) and the module script held. */
function holdBack(node: ReactNode, preloads: string[]): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<{ rel?: string; href?: string; type?: string; children?: ReactNode }>(child))
      return child;
    const { rel, href, type, children } = child.props;
    if (child.type === 'link' && rel === 'modulepreload' && href) {
      preloads.push(href);
      return null;
    }
    if (child.type === 'script' && type === 'module') return cloneElement(child, { type: HELD });
    if (child.type === Fragment) return <Fragment key={child.key}>{holdBack(children, preloads)}</Fragment>;
    return child;
  });
}

/** The attribute the starter puts on `<html>` once the shopper has scrolled the page (styles/reviews.css). */
const SCROLLED_MARK = 'data-scrolled';

/** The events that start the scripts at once: the shopper began to act on the page. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'];

/**
 * The inline script that starts the held-back parts: module preloads for `preloads`, then each held module
 * script as a real one (same text, this script's nonce), in `<head>` (React skips unknown elements there) — once,
 * at the earliest of the picture painted, the first interaction and the latest start; and {@link SCROLLED_MARK} on
 * the first scroll.
 */
const starter = (
  preloads: string[],
) => `(function(){var n=document.currentScript.nonce,P=${JSON.stringify(preloads)},E=${JSON.stringify(INTERACTIONS)};
var started=false;
function go(){if(started)return;started=true;E.forEach(function(t){removeEventListener(t,go,true)});
P.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;l.nonce=n;document.head.appendChild(l)});
document.querySelectorAll('script[type="${HELD}"]').forEach(function(o){var s=document.createElement('script');s.type='module';s.nonce=n;s.textContent=o.textContent;document.head.appendChild(s)})}
E.forEach(function(t){addEventListener(t,go,{capture:true,passive:true})});
var i=document.querySelector('img[fetchpriority="high"]');
function frame(){requestAnimationFrame(function(){setTimeout(go,0)})}
function painted(){var T=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(T.indexOf('element')<0){frame();return}
new PerformanceObserver(function(l,o){if(l.getEntries().some(function(e){return e.element===i})){o.disconnect();setTimeout(go,0)}}).observe({type:'element',buffered:true});
setTimeout(go,${PAINT_WAIT_MS})}
setTimeout(go,Math.max(0,${START_AT_THE_LATEST_MS}-performance.now()));
function scrolled(){removeEventListener('scroll',scrolled);document.documentElement.setAttribute('${SCROLLED_MARK}','')}
if(scrollY>0)scrolled();else addEventListener('scroll',scrolled,{passive:true});
if(!i)frame();else if(i.complete)painted();else{i.addEventListener('load',painted);i.addEventListener('error',frame)}})();`;
