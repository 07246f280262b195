import { Link } from 'react-router';
import { useT } from '../lib/text.ts';

/** One step of a breadcrumb trail; the last one (the current page) has no link. */
export interface Crumb {
  name: string;
  href?: string;
}

/** Breadcrumbs (spec §2): a navigation landmark with an ordered list, the current page marked `aria-current`. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav className="breadcrumbs" aria-label={t('ui.breadcrumbs')}>
      <ol>
        {items.map((c, i) =>
          c.href && i < items.length - 1 ? (
            <li key={i}>
              <Link to={c.href}>{c.name}</Link>
            </li>
          ) : (
            <li key={i} aria-current="page">
              {c.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

/** schema.org BreadcrumbList of a trail, with absolute URLs (SEO). */
export function breadcrumbJsonLd(items: Crumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.href ? { item: origin + c.href } : {}),
    })),
  };
}
