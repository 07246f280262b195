import { Children, Fragment, cloneElement, isValidElement, type ReactNode } from 'react';
import { Scripts } from 'react-router';

/**
 * The page's scripts started once its main picture has painted (issue 14). React Router's `<Scripts>` preloads
 * every script part in `<head>` and starts them at once: on a mobile connection the ~110 KB of JavaScript then
 * share the bandwidth with the picture that is the page's largest paint, and Lighthouse measured that paint at
 * 1.9–2.1 s with them against 0.9–1.1 s without (demo catalogue, load average 8–11). The page needs no script to be
 * read or used (server-rendered, forms and links work without JavaScript), so they start right after: the same
 * elements `<Scripts>` makes, but its module preloads and its module script held back (`text/kiim-module`, not
 * run) until the `fetchpriority="high"` picture has loaded (or failed) and a frame has been painted — or at once on a
 * page without one, and at the latest {@link START_AT_THE_LATEST_MS} after the page began to load, so a slow picture
 * never keeps the page's scripts waiting long. A failed part still reaches the reload guard (lib/new-build.ts).
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
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: starter(preloads) }}
      />
    </>
  );
}

/** The longest the scripts wait for the main picture, ms after the page began to load. */
export const START_AT_THE_LATEST_MS = 3000;

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

/**
 * The inline script that starts the held-back parts: module preloads for `preloads`, then each held module
 * script as a real one (same text, this script's nonce), in `<head>` (React skips unknown elements there).
 */
const starter = (
  preloads: string[],
) => `(function(){var n=document.currentScript.nonce,P=${JSON.stringify(preloads)};
var started=false;
function go(){if(started)return;started=true;P.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;l.nonce=n;document.head.appendChild(l)});
document.querySelectorAll('script[type="${HELD}"]').forEach(function(o){var s=document.createElement('script');s.type='module';s.nonce=n;s.textContent=o.textContent;document.head.appendChild(s)})}
function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}
setTimeout(go,Math.max(0,${START_AT_THE_LATEST_MS}-performance.now()));
var i=document.querySelector('img[fetchpriority="high"]');
if(!i||i.complete)painted();else{i.addEventListener('load',painted);i.addEventListener('error',painted)}})();`;
