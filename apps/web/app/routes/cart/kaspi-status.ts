import { data } from 'react-router';
import type { Route } from './+types/kaspi-status';
import { apiFor } from '../../lib/api.server.ts';
import { LAST_ORDER_COOKIE, readCookie } from '../../lib/cookies.server.ts';
import { kaspiStatus } from '../../lib/kaspi.server.ts';
import { translateFor } from '../../lib/lang.server.ts';

/**
 * `GET /Cart/kaspi-status?order=N` (a resource route, issue 33 Part A item 2): the customer's Kaspi payment of
 * order N (by default the thank-you cookie's order) as the shop last read it; the Kaspi panel polls it at the
 * interval the answer gives. The API checks that the order is the customer's. Never cached.
 * @returns `{ kaspi }` or `{ kaspiError }` (a message in the page's language or the API's), 400/401 when asked wrongly.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store' };
  const asked = new URL(request.url).searchParams.get('order');
  const number = asked ?? readCookie(request, LAST_ORDER_COOKIE);
  const api = apiFor(request, context);
  const t = translateFor(request);
  if (!number || !/^\d{6,15}$/.test(number))
    return data({ kaspiError: t('pay.kaspi.pollFailed') }, { status: 400, headers });
  if (!api.token) return data({ kaspiError: t('pay.kaspi.pollFailed') }, { status: 401, headers });
  return data(await kaspiStatus(api, number), { headers });
}
