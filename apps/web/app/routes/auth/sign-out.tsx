import { redirect } from 'react-router';
import { COOKIE } from '@kiim/contract/enums';
import type { Route } from './+types/sign-out';
import { apiFor } from '../../lib/api.server.ts';
import { clearCookie } from '../../lib/cookies.server.ts';

export function loader() {
  return redirect('/');
}

/** Signs out: revokes the token (POST /api/customer/logout) and clears the cookie even if the call fails (spec §4). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = apiFor(request, context);
  if (api.token) await api.logout(api.token).catch(() => undefined);
  return redirect('/', { headers: { 'Set-Cookie': clearCookie(COOKIE.customerToken) } });
}
