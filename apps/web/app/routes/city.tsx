import { redirect } from 'react-router';
import { COOKIE } from '@kiim/contract';
import { z } from 'zod';
import type { Route } from './+types/city';
import { apiFor } from '../lib/api.server.ts';
import { shopCookie } from '../lib/cookies.server.ts';
import { safeReturnTo } from '../lib/url.ts';
import { readForm } from '../lib/form.server.ts';

/** The address itself is no page. */
export function loader() {
  return redirect('/');
}

const CityForm = z.object({ cityId: z.coerce.number().int().positive(), returnTo: z.string().optional() });

/**
 * The city chooser's form (`POST /city`, works without JavaScript): stores the chosen city — one visible to
 * customers — in the cookies `city_id`, `stock_api_region_id` and `region_name` (spec §3; 365 days,
 * SameSite=Lax, spec §9) and goes back to `returnTo`, where every loader runs again: stock labels, the cart
 * split (spec §4) and prices follow the new city. An unknown or hidden city changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = CityForm.safeParse(Object.fromEntries(await readForm(request)));
  const back = safeReturnTo(parsed.data?.returnTo);
  if (!parsed.success) return redirect(back);
  const cities = await apiFor(request, context).cities();
  const city = cities.find((c) => c.id === parsed.data.cityId && c.visibleForCustomers);
  if (!city) return redirect(back);
  const headers = new Headers();
  headers.append('Set-Cookie', shopCookie(COOKIE.cityId, String(city.id)));
  headers.append('Set-Cookie', shopCookie(COOKIE.stockApiRegionId, String(city.id)));
  headers.append('Set-Cookie', shopCookie(COOKIE.regionName, city.name));
  return redirect(back, { headers });
}
