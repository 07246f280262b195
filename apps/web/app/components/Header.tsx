import { Link, NavLink, useLocation } from 'react-router';
import { useRootData } from '../root.tsx';
import { signInHref } from './SignInDialog.tsx';

/** Site header: logo, gender segments (spec §2), current city, account and cart with its count. */
export function Header() {
  const root = useRootData();
  const location = useLocation();
  const count = root?.cartCount ?? 0;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label="Kiim — на главную">
          KIIM
        </Link>
        <nav className="segments" aria-label="Разделы">
          <NavLink to="/home-zhenshiny">Женщинам</NavLink>
          <NavLink to="/home-muzhchiny">Мужчинам</NavLink>
        </nav>
        <div className="header-actions">
          {root?.city && (
            <span className="city" title="Ваш город">
              <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24"><path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"/></svg>
              {root.city.name}
            </span>
          )}
          {root?.customer ? (
            <Link to="/personal" className="header-link">
              {root.customer.name || 'Кабинет'}
            </Link>
          ) : (
            <Link to={signInHref(location)} className="header-link" preventScrollReset>
              Войти
            </Link>
          )}
          <Link to="/Cart" className="cart-link" aria-label={`Корзина, товаров: ${count}`}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24"><path fill="none" stroke="currentColor" strokeWidth="1.8" d="M5 8h14l-1 12H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2"/></svg>
            {count > 0 && <span className="badge" data-testid="cart-count">{count}</span>}
          </Link>
        </div>
      </div>
    </header>
  );
}
