import { useId } from 'react';
import { data, Link, redirect } from 'react-router';
import { COOKIE, CitySearchQuery, type City } from '@kiim/contract';
import { z } from 'zod';
import type { Route } from './+types/city';
import { apiFor, isApiStatus } from '../lib/api.server.ts';
import { shopCookie } from '../lib/cookies.server.ts';
import { safeReturnTo } from '../lib/url.ts';
import { readForm } from '../lib/form.server.ts';
import { metaT, useT } from '../lib/text.ts';
import { CitySearch, type CitySearchData } from '../components/CitySearch.tsx';
import { CityList } from '../components/CityChooser.tsx';
import { useRootData } from '../lib/root-data.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('header.citySearchTitle') },
  { name: 'robots', content: 'noindex' },
];

/**
 * `GET /city?q=&returnTo=` (decision 073): the city search's results — the page a browser without JavaScript
 * shows, and the data the chooser's search field loads in place. Without `q`: the empty search (also the page
 * a refused choice is shown on).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q');
  const returnTo = safeReturnTo(url.searchParams.get('returnTo') ?? undefined);
  if (q === null) return data({ q: '', answer: null, tooShort: false, returnTo });
  const parsed = CitySearchQuery.safeParse({ q });
  const found: CitySearchData = parsed.success
    ? {
        q,
        answer: await apiFor(request, context)
          .searchCities(parsed.data.q)
          .catch(() => null),
        tooShort: false,
      }
    : { q, answer: null, tooShort: true };
  return data({ ...found, returnTo });
}

const CityForm = z.object({
  cityId: z.coerce.number().int().positive().optional(),
  /** A search result: `city:<id>` or `cdek:<code>:<name>` (CitySearch.tsx). */
  choice: z.string().max(140).optional(),
  returnTo: z.string().optional(),
});

/** The city a form names: a shop city by id, or a carrier city by code and name (made by the API once). */
async function chosenCity(
  request: Request,
  context: Route.ActionArgs['context'],
  form: z.infer<typeof CityForm>,
): Promise<City | null> {
  const api = apiFor(request, context);
  const byId = form.choice?.match(/^city:(\d{1,9})$/);
  const id = byId ? Number(byId[1]) : form.cityId;
  if (id !== undefined) return (await api.cities()).find((c) => c.id === id && c.visibleForCustomers) ?? null;
  const carrier = form.choice?.match(/^cdek:(\d{1,10}):(.{1,100})$/s);
  if (!carrier) return null;
  return api.chooseCarrierCity({ cdekCode: Number(carrier[1]), name: carrier[2]! });
}

/**
 * The city chooser's form (`POST /city`, works without JavaScript): stores the chosen city — one visible to
 * customers, or a carrier city the API checked with the carrier and found or made (decision 073) — in the cookies
 * `city_id`, `stock_api_region_id` and `region_name` (spec §3; 365 days, SameSite=Lax, spec §9) and goes back to
 * `returnTo`, where every loader runs again: stock labels, the cart split (spec §4) and prices follow the new
 * city. An unknown or hidden city changes nothing; a carrier city the API refuses (carrier down, not confirmed,
 * too many tries) shows this page with the API's message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = CityForm.safeParse(Object.fromEntries(await readForm(request)));
  const back = safeReturnTo(parsed.data?.returnTo);
  if (!parsed.success) return redirect(back);
  let city: City | null;
  try {
    city = await chosenCity(request, context, parsed.data);
  } catch (e) {
    if (!isApiStatus(e, 400, 409, 422, 429, 503)) throw e;
    return data({ error: e.body.message, returnTo: back }, { status: e.status === 400 ? 422 : e.status });
  }
  if (!city) return redirect(back);
  const headers = new Headers();
  headers.append('Set-Cookie', shopCookie(COOKIE.cityId, String(city.id)));
  headers.append('Set-Cookie', shopCookie(COOKIE.stockApiRegionId, String(city.id)));
  headers.append('Set-Cookie', shopCookie(COOKIE.regionName, city.name));
  return redirect(back, { headers });
}

/**
 * The search's page (no JavaScript) and a refused carrier city's message, with a way back. Without a query it also
 * lists the shop's own cities, as the header's chooser does, so the page alone is a whole city chooser.
 */
export default function CityPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const listId = useId();
  const returnTo = actionData?.returnTo ?? loaderData?.returnTo ?? '/';
  const own = (root?.cities ?? []).filter((c) => c.visibleForCustomers);
  return (
    <section className="city-page stack">
      <h1>{t('header.citySearchTitle')}</h1>
      {actionData?.error && (
        <p className="notice notice--error" role="alert" data-testid="city-error">
          {actionData.error}
        </p>
      )}
      {!loaderData?.q && own.length > 0 && (
        <div className="city-page__own" data-testid="city-page-own">
          <h2 id={listId}>{t('header.chooseCity')}</h2>
          <p className="muted">{t('header.cityHint')}</p>
          <CityList cities={own} current={root?.city ?? null} returnTo={returnTo} labelledBy={listId} />
        </div>
      )}
      <CitySearch returnTo={returnTo} initial={loaderData ?? undefined} />
      <Link to={returnTo}>{t('header.cityBack')}</Link>
    </section>
  );
}
