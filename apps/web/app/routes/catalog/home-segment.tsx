import { GenderSegment } from '@kiim/contract/enums';
import type { Route } from './+types/home-segment';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { loadHome } from './home.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { HomeView } from '../../components/HomeView.tsx';
import { metaLang, metaT } from '../../lib/text.ts';
import { pageTexts } from '../../lib/lang.server.ts';
import { canonicalLink } from '../../components/LangSwitch.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaT(matches);
  const men = data?.gender === GenderSegment.muzhchiny;
  const title = men ? t('home.menMetaTitle') : t('home.womenMetaTitle');
  const description = men ? t('home.menMetaDescription') : t('home.womenMetaDescription');
  return [
    { title },
    { name: 'description', content: description },
    ...(data
      ? [canonicalLink(`${data.origin}/home-${men ? 'muzhchiny' : 'zhenshiny'}`, metaLang(matches))]
      : []),
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
};

/** Home of a gender segment (spec §2): /home-zhenshiny or /home-muzhchiny; any other slug goes to / (routes/not-found). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.toLowerCase().includes('muzhchiny') ? 'muzhchiny' : 'zhenshiny';
  return {
    ...(await loadHome(request, context, GenderSegment[slug])),
    origin: siteOrigin(request),
    texts: pageTexts(request, ['home']),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function HomeSegment({ loaderData }: Route.ComponentProps) {
  return <HomeView {...loaderData} />;
}
