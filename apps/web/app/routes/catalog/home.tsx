import type { Route } from './+types/home';
import { loadHome } from './home.server.ts';
import { HomeView } from '../../components/HomeView.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Kiim — интернет-магазин одежды для женщин и мужчин в Казахстане' },
  {
    name: 'description',
    content: 'Джинсы, брюки, верхняя одежда и бельё для женщин и мужчин. Самовывоз и курьерская доставка по Казахстану.',
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadHome(request, context);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView {...loaderData} />;
}
