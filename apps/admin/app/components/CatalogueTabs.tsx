import { NavLink } from 'react-router';

/**
 * The catalogue section's screens: products, cities, categories, brands, pickup points, banners, the 1C exchange's
 * mappings, the search synonyms.
 */
export function CatalogueTabs() {
  return (
    <nav className="tabs" aria-label="Каталог">
      <NavLink to="/catalogue" end>
        Товары
      </NavLink>
      <NavLink to="/catalogue/cities">Города</NavLink>
      <NavLink to="/catalogue/categories">Категории</NavLink>
      <NavLink to="/catalogue/brands">Бренды</NavLink>
      <NavLink to="/catalogue/pickup-points">Пункты выдачи</NavLink>
      <NavLink to="/catalogue/banners">Баннеры</NavLink>
      <NavLink to="/catalogue/exchange">Обмен с 1С</NavLink>
      <NavLink to="/catalogue/search">Синонимы поиска</NavLink>
    </nav>
  );
}
