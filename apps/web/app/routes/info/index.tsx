import { Link } from 'react-router';
import type { Route } from './+types/index';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { langOf, pageTexts } from '../../lib/lang.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { metaLang, metaT, useLang, useT } from '../../lib/text.ts';
import { canonicalLink } from '../../components/LangSwitch.tsx';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: metaT(matches)('infoPage.indexMeta') },
  { name: 'description', content: metaT(matches)('infoPage.indexDescription') },
  ...(data ? [canonicalLink(`${data.origin}/info`, metaLang(matches))] : []),
];

/**
 * Information index (spec §2 `/info`): every published information page with its description, in the page's
 * language (issue 13; a page not written in Kazakh yet is listed in Russian).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    pages: await apiFor(request, context).contentPages(langOf(request).lang),
    origin: siteOrigin(request),
    texts: pageTexts(request, ['infoPage']),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function InfoIndex({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <Breadcrumbs items={[{ name: t('common.home'), href: '/' }, { name: t('infoPage.breadcrumb') }]} />
      <h1>{t('infoPage.indexTitle')}</h1>
      <ul className="info-index">
        {loaderData.pages.map((p) => (
          <li key={p.slug} lang={p.locale === lang ? undefined : p.locale}>
            <Link to={`/info/${p.slug}`} className="info-index__title">
              {p.title}
            </Link>
            <p className="muted">{p.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
