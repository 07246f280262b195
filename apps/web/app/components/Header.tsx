import { Link, NavLink, useLocation } from 'react-router';
import { useRootData } from '../lib/root-data.ts';
import { signInHref } from './sign-in/sign-in-url.ts';
import { CityChooser } from './CityChooser.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useT } from '../lib/text.ts';
import { LangSwitch } from './LangSwitch.tsx';
import { useHeaderOnPhones } from './header-phone.ts';

/** Id of the menu (sections, language, city, account) that a phone opens with the menu button. */
const MENU_ID = 'site-menu';

/**
 * Site header: logo, gender segments (spec §2), the search box, the language switch, the city chooser, account,
 * wishlist and cart with their counts (the cart's capped at stock, spec §9). The wishlist (/personal/wishlist) asks
 * a visitor to sign in.
 * On a laptop everything is in one row. On a phone (styles/header-phone.css, issue 27 item 9) the row keeps the
 * logo, the search box, the menu button, the wishlist and the cart; the sections, language, city and account are in
 * the menu — the browser's popover (`popovertarget`: opens and closes without JavaScript, Esc and a tap outside
 * close it) — and the header slides away while the shopper scrolls down and comes back on scrolling up
 * ({@link useHeaderOnPhones}).
 */
export function Header() {
  const root = useRootData();
  const location = useLocation();
  const count = root?.cartCount ?? 0;
  const wishlistCount = root?.wishlist.length ?? 0;
  const t = useT();
  const ref = useHeaderOnPhones(MENU_ID);
  return (
    <header className="site-header" ref={ref}>
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label={t('header.home')}>
          KIIM
        </Link>
        <SearchBox />
        <button type="button" className="menu-button" popoverTarget={MENU_ID} aria-label={t('header.menu')}>
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
            <path fill="none" stroke="currentColor" strokeWidth="1.8" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
        <div id={MENU_ID} className="header-menu" popover="auto">
          <nav className="segments" aria-label={t('header.sections')}>
            <NavLink to="/home-zhenshiny">{t('common.women')}</NavLink>
            <NavLink to="/home-muzhchiny">{t('common.men')}</NavLink>
            <NavLink to="/brands">{t('common.brands')}</NavLink>
          </nav>
          <div className="header-menu__more">
            <LangSwitch />
            {root && <CityChooser cities={root.cities} current={root.city} />}
            {root?.customer ? (
              <Link to="/personal" className="header-link">
                {root.customer.name || t('header.account')}
              </Link>
            ) : (
              <Link to={signInHref(location)} className="header-link" preventScrollReset>
                {t('header.signIn')}
              </Link>
            )}
          </div>
        </div>
        <div className="header-actions">
          <Link
            to={root?.customer ? '/personal/wishlist' : signInHref(location, '/personal/wishlist')}
            className="cart-link"
            aria-label={t('header.wishlistCount', { count: wishlistCount })}
            preventScrollReset={!root?.customer}
          >
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
              />
            </svg>
            {wishlistCount > 0 && (
              <span className="badge" data-testid="wishlist-count">
                {wishlistCount}
              </span>
            )}
          </Link>
          <Link to="/Cart" className="cart-link" aria-label={t('header.cartCount', { count })}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                d="M5 8h14l-1 12H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2"
              />
            </svg>
            {count > 0 && (
              <span className="badge" data-testid="cart-count">
                {count}
              </span>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}
