import { Link } from 'react-router';
import type { Route } from './+types/brands';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { plural } from '@kiim/contract/text';
import { text } from '../../lib/text.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: 'Бренды — Kiim' },
  { name: 'description', content: 'Казахстанские и зарубежные марки одежды в Kiim: джинсы, верхняя одежда, трикотаж и бельё.' },
  ...(data ? [{ tagName: 'link', rel: 'canonical', href: `${data.origin}/brands` }] : []),
];

/** Brands (spec §2): every brand by name with its country and description, each linking to its products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { brands: await apiFor(request, context).brands(), origin: siteOrigin(request) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const { brands } = loaderData;
  const letters = [...new Set(brands.map((b) => b.name[0]!.toUpperCase()))];
  return (
    <>
      <Breadcrumbs items={[{ name: 'Главная', href: '/' }, { name: 'Бренды' }]} />
      <h1>Бренды</h1>
      <nav className="letters" aria-label="Бренды по первой букве">
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
                    {b.country} · {plural(b.productCount, text.count.models)}
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
