import {
  Suspense,
  createElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

/**
 * Takes over what the shopper did before the page's scripts ran (issue 14, decision 018 amendment «pages»). The
 * scripts start after the page's main picture (lib/deferred-scripts.tsx), so a size may be chosen, a filter ticked
 * or a field typed into on the server's page before React hydrates it. React keeps the DOM's `checked`/`value` at
 * hydration (React 19: `initInput`), but the component's state does not learn them and, the value tracker being
 * reset, no change event follows: a controlled choice would be overwritten on the next render, an uncontrolled
 * form's change handler never runs.
 *
 * `adopt` runs once, in a layout effect when the component mounts (before the hydrated page is painted), with the
 * element the returned ref is given: it reads its controls' DOM state and moves it into React's state, or acts on
 * it (a filter form navigates to the state it shows). On a mount after a client navigation the DOM is what React
 * has just rendered, so `adopt` finds nothing to take over. Nothing runs when the ref was not set.
 * @returns the ref to give the element (a form, a fieldset) whose controls `adopt` reads.
 */
export function useAdoptBeforeHydration<T extends HTMLElement>(adopt: (el: T) => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Only the first commit: the latest `adopt` is not wanted afterwards (the DOM then follows React).
  useLayoutEffect(() => {
    if (ref.current) adopt(ref.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount.
  }, []);
  return ref;
}

/** The value of the checked control of `name` inside `el` (a radio group), or undefined when none is checked. */
export function checkedValue(el: HTMLElement, name: string): string | undefined {
  return el.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]:checked`)?.value ?? undefined;
}

/** Parts put apart by {@link HydrateApart} that React has not hydrated yet (their wrapper committed, they not). */
let apartPending = 0;
/** Whether the root's own part has been hydrated (the Layout's effect ran). */
let rootHydrated = false;

/** Sets `<html data-hydrated>` once the root and every part put apart are hydrated. */
function markWhenAllHydrated(): void {
  if (rootHydrated && apartPending === 0) document.documentElement.dataset.hydrated = '';
}

/**
 * Marks the document hydrated (`<html data-hydrated>`) once React has hydrated the whole page — lazily loaded parts
 * such as an open sign-in dialog included, since a component's effects run only after everything under it has
 * committed, and every part put apart by {@link HydrateApart}, which React hydrates after the root, in commits of
 * their own. Nothing reads it in the shop; it tells the browser tests (tests/e2e/shop.ts `hydrated`) that a click
 * now reaches React, not the server's plain link or form.
 */
export function useHydratedMark(): void {
  useEffect(() => {
    rootHydrated = true;
    markWhenAllHydrated();
  }, []);
}

/** The last child of a part put apart: its effect runs once everything before it in the part has committed. */
function ApartHydrated({ onDone }: { onDone: () => void }): null {
  useEffect(onDone, [onDone]);
  return null;
}

/**
 * Puts a part of the page below the first screen (sliders, the footer, a listing's later cards, a product's
 * reviews) apart for hydration (issue 14, decision 018 amendment «pages, fourth round»): a Suspense boundary with
 * no fallback and nothing that suspends, so the server renders it whole in place (no extra element, no layout
 * change) and the browser's page without JavaScript is the same; at hydration React leaves the boundary's server
 * HTML as it is while it hydrates and commits the rest of the page, then hydrates the part at a lower priority in a
 * render and commit of its own — the one long hydration task is cut in smaller ones. A click into a part not yet
 * hydrated makes React hydrate it first and replays the click. The `<html data-hydrated>` mark waits for every part
 * ({@link useHydratedMark}). On a client navigation the part renders with the rest, as without the boundary.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  // One record per part: whether it has been hydrated (or removed), and the call that says so.
  const [part] = useState(() => {
    const p = {
      done: false,
      onDone: () => {
        if (p.done) return;
        p.done = true;
        apartPending--;
        markWhenAllHydrated();
      },
    };
    return p;
  });
  // The wrapper commits with its parent, before the part (a layout effect runs before any passive effect of the
  // same commit, so before the part's own when both commit together, as on a client navigation).
  useLayoutEffect(() => {
    if (part.done) return;
    apartPending++;
    // A part removed before it was hydrated no longer holds the mark back.
    return part.onDone;
  }, [part]);
  return createElement(
    Suspense,
    { fallback: null },
    children,
    createElement(ApartHydrated, { onDone: part.onDone }),
  );
}
