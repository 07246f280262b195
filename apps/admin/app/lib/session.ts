import { ApiError, type StaffSessionState } from '@kiim/contract';
import { redirect } from 'react-router';
import { adminApi } from './api.ts';

/**
 * The signed-in member for a screen's loader. Without a session → the sign-in page (back here after); in the
 * enrolment stage (two-factor required, not yet set up) → the security page, the only one open then.
 * @throws a redirect response.
 */
export async function requireMember(request: Request) {
  const url = new URL(request.url);
  const here = url.pathname.replace(/^\/admin/, '') + url.search;
  let state: StaffSessionState;
  try {
    state = await adminApi<StaffSessionState>('GET', '/session');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401)
      throw redirect(`/sign-in?next=${encodeURIComponent(here || '/')}`);
    throw e;
  }
  if (state.stage === 'second_factor' || !state.staff) throw redirect('/sign-in');
  if (state.stage === 'enrolment' && !here.startsWith('/security')) throw redirect('/security');
  return { stage: state.stage, me: state.staff };
}

/** Where to go after signing in: `next` if it is a path of the back office, else its home. */
export function nextPath(request: Request): string {
  const next = new URL(request.url).searchParams.get('next') ?? '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}
