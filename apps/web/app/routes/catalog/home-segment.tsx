import { GenderSegment } from '@kiim/contract/enums';
import type { Route } from './+types/home-segment';
import { loadHome } from './home.server.ts';
import { HomeView } from '../../components/HomeView.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.gender === GenderSegment.muzhchiny ? 'Мужская' : 'Женская'} одежда — Kiim` },
];

/** Home of a gender segment (spec §2): /home-zhenshiny or /home-muzhchiny; any other slug goes to / (routes/not-found). */
export function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.toLowerCase().includes('muzhchiny') ? 'muzhchiny' : 'zhenshiny';
  return loadHome(request, context, GenderSegment[slug]);
}

export default function HomeSegment({ loaderData }: Route.ComponentProps) {
  return <HomeView {...loaderData} />;
}
