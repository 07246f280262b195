import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Scroll distance in one direction, px, before the header hides or shows (a finger's jitter does neither). */
const SCROLL_STEP_PX = 8;

/**
 * The header's behaviour on a phone (issue 27 item 9, as in Lamoda's and Wildberries' apps): it gets
 * `data-hidden` while the shopper scrolls down past it and loses it on scrolling up, near the top, when focus is
 * in it or while its menu is open; styles/header-phone.css slides it away with a transform (no layout shift) on
 * narrow screens only, so a laptop never sees it move. Also closes the menu (popover `menuId`) after a navigation.
 * @returns the ref for the `<header>`.
 */
export function useHeaderOnPhones(menuId: string) {
  const ref = useRef<HTMLElement>(null);
  const { key } = useLocation();

  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    let last = window.scrollY;
    let frame = 0;
    const menuOpen = () => document.getElementById(menuId)?.matches(':popover-open') ?? false;
    const set = (hidden: boolean) => header.toggleAttribute('data-hidden', hidden);
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        if (Math.abs(y - last) < SCROLL_STEP_PX) return;
        const down = y > last;
        last = y;
        set(down && y > header.offsetHeight && !menuOpen() && !header.contains(document.activeElement));
      });
    };
    const onFocus = () => set(false);
    // A link chosen in the menu closes it at once (the new page may take a moment to come).
    const onClick = (e: MouseEvent) => {
      const menu = document.getElementById(menuId);
      if (menu?.matches(':popover-open') && (e.target as Element).closest(`#${menuId} a`)) menu.hidePopover();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    header.addEventListener('focusin', onFocus);
    header.addEventListener('click', onClick);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      header.removeEventListener('focusin', onFocus);
      header.removeEventListener('click', onClick);
    };
  }, [menuId]);

  // A new page: the menu closes (a section or the account was chosen) and the header shows.
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    const menu = document.getElementById(menuId);
    if (menu?.matches(':popover-open')) menu.hidePopover();
    ref.current?.removeAttribute('data-hidden');
  }, [key, menuId]);

  return ref;
}
