import { data } from 'react-router';
import { ApiError } from '@kiim/contract';
import type { Route } from './+types/kaspi-status';
import { apiFor } from '../../lib/api.server.ts';
import { LAST_ORDER_COOKIE, readCookie } from '../../lib/cookies.server.ts';

/**
 * `GET /Cart/kaspi-status?order=N` (a resource route, issue 33 Part A item 2): the customer's Kaspi payment of
 * order N (by default the thank-you cookie's order) as the shop last read it; the Kaspi panel polls it at the
 * interval the answer gives. The API checks that the order is the customer's. Never cached.
 * @returns `{ kaspi }` or `{ kaspiError }` (the API's message in Russian); 400 for a bad number, 401 signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store' };
  const asked = new URL(request.url).searchParams.get('order');
  const number = asked ?? readCookie(request, LAST_ORDER_COOKIE);
  const api = apiFor(request, context);
  // The panel shows its own words for any failed poll; these say what went wrong to whoever reads the answer.
  if (!number || !/^\d{6,15}$/.test(number))
    return data({ kaspiError: 'Неверный номер заказа' }, { status: 400, headers });
  if (!api.token) return data({ kaspiError: 'Войдите в аккаунт' }, { status: 401, headers });
  try {
    return data({ kaspi: await api.kaspiStatus(number) }, { headers });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return data({ kaspiError: e.body.message }, { status: e.status < 500 ? e.status : 502, headers });
  }
}
