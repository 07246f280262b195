import { data, redirect } from 'react-router';
import type { Route } from './+types/unknown';
import { customerOf } from '../../lib/api.server.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { metaT } from '../../lib/text.ts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches)('notFound.meta') }];

/**
 * An unknown path under /personal (spec §2): a visitor who is not signed in is sent to / like on every /personal
 * path (checked here too, since the layout's guard and this loader run side by side); a signed-in customer gets
 * the 404 screen with status 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await customerOf(request, context).catch(() => null);
  if (!customer) throw redirect('/');
  return data(null, { status: 404 });
}

export default function UnknownPersonalPage() {
  return <NotFound />;
}
