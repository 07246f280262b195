import { data } from 'react-router';
import { ApiError, ProductSlug } from '@kiim/contract';
import type { Route } from './+types/fit';
import { apiFor } from '../../lib/api.server.ts';

/**
 * `GET /product/:slug/fit` (a resource route, issue 35 item 6, decision 066): «Ваш размер» for the product as the
 * API gives it (`FitSuggestion`), read by the product page after it has shown (never blocking it), with the
 * customer's token when signed in. Never cached (it depends on the shopper).
 * @returns `{ fit }`, or `{ fit: null }` when the product is unknown or the API refuses.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!ProductSlug.safeParse(params.slug).success) return data({ fit: null }, { status: 404, headers });
  try {
    return data({ fit: await apiFor(request, context).fitSuggestion(params.slug) }, { headers });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return data({ fit: null }, { status: e.status < 500 ? e.status : 502, headers });
  }
}
