import type { Route } from './+types/home';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { loadHome } from './home.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { HomeView } from '../../components/HomeView.tsx';

export const meta: Route.MetaFunction = ({ data }) => {
  const title = 'Kiim — интернет-магазин одежды для женщин и мужчин в Казахстане';
  const description = 'Джинсы, брюки, верхняя одежда и бельё для женщин и мужчин. Наличие в вашем городе, самовывоз и курьерская доставка по Казахстану.';
  return [
    { title },
    { name: 'description', content: description },
    ...(data ? [{ tagName: 'link', rel: 'canonical', href: `${data.origin}/` }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
};

/** Home (spec §2): four large banners, category tiles of both segments, new-arrivals and sale sliders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadHome(request, context)), origin: siteOrigin(request) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView {...loaderData} />;
}
