import { GenderSegment } from '@kiim/contract/enums';
import type { Route } from './+types/home-segment';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { loadHome } from './home.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { HomeView } from '../../components/HomeView.tsx';

export const meta: Route.MetaFunction = ({ data }) => {
  const men = data?.gender === GenderSegment.muzhchiny;
  const title = `${men ? 'Мужская' : 'Женская'} одежда — купить в интернет-магазине Kiim`;
  const description = men
    ? 'Мужские джинсы, брюки, куртки, пуховики, рубашки и бельё с доставкой по Казахстану.'
    : 'Женские джинсы, брюки, пальто, платья, блузки и бельё с доставкой по Казахстану.';
  return [
    { title },
    { name: 'description', content: description },
    ...(data ? [{ tagName: 'link', rel: 'canonical', href: `${data.origin}/home-${men ? 'muzhchiny' : 'zhenshiny'}` }] : []),
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
};

/** Home of a gender segment (spec §2): /home-zhenshiny or /home-muzhchiny; any other slug goes to / (routes/not-found). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.toLowerCase().includes('muzhchiny') ? 'muzhchiny' : 'zhenshiny';
  return { ...(await loadHome(request, context, GenderSegment[slug])), origin: siteOrigin(request) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function HomeSegment({ loaderData }: Route.ComponentProps) {
  return <HomeView {...loaderData} />;
}
