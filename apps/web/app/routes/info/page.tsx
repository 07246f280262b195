import type { Route } from './+types/page';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor, notFoundOnBadAddress } from '../../lib/api.server.ts';
import { langOf, pageTexts, translateFor } from '../../lib/lang.server.ts';
import { publicConfig, siteOrigin } from '../../lib/public-config.server.ts';
import { metaLang, metaT, useLang, useT } from '../../lib/text.ts';
import { canonicalLink } from '../../components/LangSwitch.tsx';
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from '../../components/Breadcrumbs.tsx';
import { ContentParts } from '../../components/info/ContentParts.tsx';

/**
 * SEO of an information page: its title, description and canonical address in the page's language (Kazakh with
 * `?lang=kk`, issue 13), and the breadcrumb trail.
 */
export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: metaT(matches)('notFound.meta') }];
  const { page, origin, crumbs } = data;
  return [
    { title: `${page.title} — Kiim` },
    { name: 'description', content: page.description },
    canonicalLink(`${origin}/info/${page.slug}`, metaLang(matches)),
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { 'script:ld+json': breadcrumbJsonLd(crumbs, origin) },
  ];
};

/**
 * An information page of spec §2 (`/info/{slug}`) in the page's language (issue 13): the stored text rendered by
 * the API with the blocks drawn from data (cities, pickup points, payment methods, seller details). A page not
 * written in Kazakh yet comes in Russian (the API's fallback), marked `lang="ru"` with a note. Unknown,
 * unpublished or malformed slug → the 404 screen.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await apiFor(request, context)
    .contentPage(params.slug, langOf(request).lang)
    .catch(notFoundOnBadAddress);
  const t = translateFor(request);
  const crumbs: Crumb[] = [
    { name: t('common.home'), href: '/' },
    { name: t('infoPage.breadcrumb'), href: '/info' },
    { name: page.title, href: `/info/${page.slug}` },
  ];
  return {
    page,
    crumbs,
    origin: siteOrigin(request),
    map: publicConfig().map,
    texts: pageTexts(request, ['infoPage', 'checkout']),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page, crumbs, map } = loaderData;
  const t = useT();
  const other = page.locale !== useLang();
  return (
    <article className="info-page" data-testid="info-page">
      <Breadcrumbs items={crumbs} />
      {other && (
        <p className="notice" data-testid="info-page-other-language">
          {t('infoPage.onlyRussian')}
        </p>
      )}
      <div lang={other ? page.locale : undefined}>
        <h1>{page.title}</h1>
        <ContentParts page={page} map={map} />
      </div>
    </article>
  );
}
