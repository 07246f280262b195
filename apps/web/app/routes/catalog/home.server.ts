import type { AppLoadContext } from 'react-router';
import { PAGE_SIZE } from '@kiim/contract';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';

/**
 * Home (spec §2): gender segments with their categories, new arrivals and the largest discounts in the
 * current city (home page size 15, spec §9). A `gender` narrows everything to one segment (/home-{slug}).
 */
export async function loadHome(request: Request, context: AppLoadContext, gender?: number) {
  const api = apiFor(request, context);
  const cityId = currentCityId(request);
  const [categories, arrivals, sale] = await Promise.all([
    api.categories(gender),
    api.products({ gender, cityId, sort: 'new-arrivals', pageSize: PAGE_SIZE.home }),
    api.products({ gender, cityId, sort: 'discount-desc', pageSize: PAGE_SIZE.home }),
  ]);
  return { categories, arrivals: arrivals.items, sale: sale.items, gender: gender ?? null };
}

