import { Form, Link, NavLink, Outlet, redirect, useLocation } from 'react-router';
import { COOKIE } from '@kiim/contract/enums';
import type { Route } from './+types/layout';
import { customerOf, isApiStatus } from '../../lib/api.server.ts';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { clearCookie } from '../../lib/cookies.server.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { metaT, useT } from '../../lib/text.ts';
import { langOf, pageTexts } from '../../lib/lang.server.ts';
import { feedbackOf } from '../../lib/feedback-text.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('personal.meta') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Account area (spec §2): any /personal path for a visitor who is not signed in sends to / (spec §2);
 * an expired or invalid token logs out (spec §8). The guard runs on the server, so nothing flashes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    // The same answer the root loader shows in the header: the customer is fetched once per request.
    const customer = await customerOf(request, context);
    if (!customer) throw redirect('/');
    return {
      customer,
      texts: pageTexts(request, ['personal', 'profile']),
      feedbackTexts: feedbackOf(langOf(request).lang),
    };
  } catch (e) {
    if (isApiStatus(e, 401, 403))
      throw redirect('/', { headers: { 'Set-Cookie': clearCookie(COOKIE.customerToken) } });
    throw e;
  }
}

export const shouldRevalidate = keepDataUnderDialogs;

/** The current address with (`exit=1`) or without the exit modal's parameter. */
function withExit(location: { pathname: string; search: string }, open: boolean): string {
  const q = new URLSearchParams(location.search);
  if (open) q.set('exit', '1');
  else q.delete('exit');
  const s = q.toString();
  return location.pathname + (s ? `?${s}` : '');
}

/**
 * The account area's frame: its navigation and the exit modal (spec §2), which asks before logging out.
 * The modal's state is the `?exit=1` parameter, so it works before JavaScript has loaded; «Выйти» posts
 * to /auth/sign-out, which revokes the token and clears it even if the call fails (spec §4).
 */
export default function PersonalLayout() {
  const feedbackText = useFeedbackText();
  const t = useT();
  const location = useLocation();
  const exitOpen = new URLSearchParams(location.search).get('exit') === '1';
  return (
    <div className="personal">
      <nav className="personal__nav" aria-label={t('personal.title')}>
        <NavLink to="/personal" end>
          {t('personal.profile')}
        </NavLink>
        <NavLink to="/personal/orders/pending">{t('personal.pending')}</NavLink>
        <NavLink to="/personal/orders/completed">{t('personal.completed')}</NavLink>
        <NavLink to="/personal/wishlist">{t('common.wishlist')}</NavLink>
        <NavLink to="/personal/content/reviews">{feedbackText.personal.reviewsTitle}</NavLink>
        <NavLink to="/personal/content/questions">{feedbackText.personal.questionsTitle}</NavLink>
        <Link to={withExit(location, true)} className="personal__exit" preventScrollReset>
          {t('personal.signOut')}
        </Link>
      </nav>
      <div className="personal__body">
        <Outlet />
      </div>
      {exitOpen && (
        <ConfirmDialog
          title={t('personal.signOutTitle')}
          closeHref={withExit(location, false)}
          testId="exit-dialog"
        >
          <p className="muted">{t('personal.signOutNote')}</p>
          <div className="dialog__actions">
            <Form method="post" action="/auth/sign-out">
              <button type="submit" className="button button--primary">
                {t('personal.signOut')}
              </button>
            </Form>
            <Link to={withExit(location, false)} className="button" preventScrollReset replace>
              {t('personal.stay')}
            </Link>
          </div>
        </ConfirmDialog>
      )}
    </div>
  );
}
