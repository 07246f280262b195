import { data, redirect } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFound } from '../components/NotFound.tsx';
import { metaT } from '../lib/text.ts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches)('notFound.meta') }];

/**
 * Any unknown path (spec §2): the 404 screen with status 404. `/home-{slug}` with a slug other than
 * zhenshiny or muzhchiny sends the visitor to `/` (spec §2).
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (/^\/home-[^/]*\/?$/i.test(pathname)) throw redirect('/');
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
