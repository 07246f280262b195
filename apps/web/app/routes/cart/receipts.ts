import { data } from 'react-router';
import { ApiError } from '@kiim/contract';
import type { Route } from './+types/receipts';
import { apiFor } from '../../lib/api.server.ts';

/**
 * `GET /Cart/receipts?order=N` (a resource route, issue 32): the fiscal receipts of the customer's order N as the
 * API gives them (`Order['receipts']`); the order's receipt list polls it while a receipt is being made, so its link
 * shows without a reload. The API checks that the order is the customer's. Never cached.
 * @returns `{ receipts }`, or `{ receiptsError }` with 400 for a bad number, 401 signed out, the API's status else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store' };
  const number = new URL(request.url).searchParams.get('order');
  const api = apiFor(request, context);
  if (!number || !/^\d{6,15}$/.test(number))
    return data({ receiptsError: 'Неверный номер заказа' }, { status: 400, headers });
  if (!api.token) return data({ receiptsError: 'Войдите в аккаунт' }, { status: 401, headers });
  try {
    return data({ receipts: (await api.order(number)).receipts }, { headers });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return data({ receiptsError: e.body.message }, { status: e.status < 500 ? e.status : 502, headers });
  }
}
