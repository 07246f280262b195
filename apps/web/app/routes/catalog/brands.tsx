import { Link } from 'react-router';
import type { Route } from './+types/brands';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { metaLang, metaT, useT } from '../../lib/text.ts';
import { pageTexts } from '../../lib/lang.server.ts';
import { canonicalLink } from '../../components/LangSwitch.tsx';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: metaT(matches)('brands.meta') },
  { name: 'description', content: metaT(matches)('brands.description') },
  ...(data ? [canonicalLink(`${data.origin}/brands`, metaLang(matches))] : []),
];

/** Brands (spec §2): every brand by name with its country and description, each linking to its products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    brands: await apiFor(request, context).brands(),
    origin: siteOrigin(request),
    texts: pageTexts(request, ['brands']),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { brands } = loaderData;
  const letters = [...new Set(brands.map((b) => b.name[0]!.toUpperCase()))];
  return (
    <>
      <Breadcrumbs items={[{ name: t('common.home'), href: '/' }, { name: t('common.brands') }]} />
      <h1>{t('common.brands')}</h1>
      <nav className="letters" aria-label={t('brands.byLetter')}>
        {letters.map((l) => (
          <a key={l} href={`#letter-${l}`}>
            {l}
          </a>
        ))}
      </nav>
      {letters.map((l) => (
        <section key={l} className="brand-group" aria-labelledby={`letter-${l}`}>
          <h2 id={`letter-${l}`}>{l}</h2>
          <ul className="brand-list">
            {brands
              .filter((b) => b.name[0]!.toUpperCase() === l)
              .map((b) => (
                <li key={b.slug} className="brand-card">
                  <Link to={`/search?brand=${b.slug}`} className="brand-card__name">
                    {b.name}
                  </Link>
                  <span className="muted">
                    {b.country} · {t('count.models', { count: b.productCount })}
                  </span>
                  <p>{b.description}</p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
