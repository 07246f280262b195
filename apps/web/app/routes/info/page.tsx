import type { Route } from './+types/page';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor, notFoundOnBadAddress } from '../../lib/api.server.ts';
import { publicConfig, siteOrigin } from '../../lib/public-config.server.ts';
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from '../../components/Breadcrumbs.tsx';
import { ContentParts } from '../../components/info/ContentParts.tsx';

/** SEO of an information page: its title, description and canonical address, and the breadcrumb trail. */
export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'Страница не найдена — Kiim' }];
  const { page, origin, crumbs } = data;
  return [
    { title: `${page.title} — Kiim` },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: `${origin}/info/${page.slug}` },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { 'script:ld+json': breadcrumbJsonLd(crumbs, origin) },
  ];
};

/**
 * An information page of spec §2 (`/info/{slug}`): the stored text rendered by the API with the blocks drawn
 * from data (cities, pickup points, payment methods, seller details). Unknown, unpublished or malformed slug →
 * the 404 screen.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await apiFor(request, context).contentPage(params.slug).catch(notFoundOnBadAddress);
  const crumbs: Crumb[] = [
    { name: 'Главная', href: '/' },
    { name: 'Информация', href: '/info' },
    { name: page.title, href: `/info/${page.slug}` },
  ];
  return { page, crumbs, origin: siteOrigin(request), map: publicConfig().map };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page, crumbs, map } = loaderData;
  return (
    <article className="info-page" data-testid="info-page">
      <Breadcrumbs items={crumbs} />
      <h1>{page.title}</h1>
      <ContentParts page={page} map={map} />
    </article>
  );
}
