import { Form, NavLink, Outlet, redirect } from 'react-router';
import { COOKIE } from '@kiim/contract/enums';
import type { Route } from './+types/layout';
import { apiFor, isApiStatus } from '../../lib/api.server.ts';
import { clearCookie } from '../../lib/cookies.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Личный кабинет — Kiim' }, { name: 'robots', content: 'noindex' }];

/**
 * Account area (spec §2): any /personal path for a visitor who is not signed in sends to / (spec §2);
 * an expired or invalid token logs out (spec §8). The guard runs on the server, so nothing flashes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  if (!api.token) throw redirect('/');
  try {
    return { customer: await api.customer() };
  } catch (e) {
    if (isApiStatus(e, 401, 403)) throw redirect('/', { headers: { 'Set-Cookie': clearCookie(COOKIE.customerToken) } });
    throw e;
  }
}

export default function PersonalLayout() {
  return (
    <div className="personal">
      <nav className="personal__nav" aria-label="Личный кабинет">
        <NavLink to="/personal" end>
          Профиль
        </NavLink>
        <NavLink to="/personal/orders/pending">Текущие заказы</NavLink>
        <NavLink to="/personal/orders/completed">Выполненные заказы</NavLink>
        <Form method="post" action="/auth/sign-out">
          <button type="submit" className="button button--link">
            Выйти
          </button>
        </Form>
      </nav>
      <div className="personal__body">
        <Outlet />
      </div>
    </div>
  );
}
