import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

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

/**
 * Marks the document hydrated (`<html data-hydrated>`) once React has hydrated the whole page — lazily loaded parts
 * such as an open sign-in dialog included, since a component's effects run only after everything under it has
 * committed. Nothing reads it in the shop; it tells the browser tests (tests/e2e/shop.ts `hydrated`) that a click
 * now reaches React, not the server's plain link or form.
 */
export function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}
