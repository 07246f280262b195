import { data } from 'react-router';
import { ApiError } from '@kiim/contract';
import type { Route } from './+types/suggest';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';

/**
 * `GET /search/suggest?q=…&lang=ru|kk` (a resource route, issue 35 item 3): the header search box's suggestions for
 * the text typed so far, in the shopper's city (cookie) — `Suggestions` of the API's `GET /api/catalog/suggest`.
 * Cacheable by the browser for a minute (the same text typed again). Never throws on bad input.
 * @returns `{ suggestions }`, or `{ suggestError }` with 400 for a text that is empty or over 100 characters, the
 *   API's status else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim();
  const lang = params.get('lang') === 'kk' ? 'kk' : 'ru';
  if (q.length < 1 || q.length > 100)
    return data({ suggestError: 'Запрос: от 1 до 100 символов' }, { status: 400 });
  try {
    const suggestions = await apiFor(request, context).suggest(q, currentCityId(request), lang);
    return data({ suggestions }, { headers: { 'Cache-Control': 'private, max-age=60', Vary: 'Cookie' } });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return data({ suggestError: e.body.message }, { status: e.status < 500 ? e.status : 502 });
  }
}
