import type { Route } from './+types/home';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { loadHome } from './home.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { HomeView } from '../../components/HomeView.tsx';
import { metaLang, metaT } from '../../lib/text.ts';
import { pageTexts } from '../../lib/lang.server.ts';
import { canonicalLink } from '../../components/LangSwitch.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaT(matches);
  const title = t('home.metaTitle');
  const description = t('home.metaDescription');
  return [
    { title },
    { name: 'description', content: description },
    ...(data ? [canonicalLink(`${data.origin}/`, metaLang(matches))] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
};

/** Home (spec §2): four large banners, category tiles of both segments, new-arrivals and sale sliders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    ...(await loadHome(request, context)),
    origin: siteOrigin(request),
    texts: pageTexts(request, ['home']),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView {...loaderData} />;
}
