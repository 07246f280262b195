import { data, redirect } from 'react-router';
import { MAX_EXTERNAL_ID } from '@kiim/contract';
import { z } from 'zod';
import type { Route } from './+types/subscribe';
import { apiFor, isApiStatus } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { readForm } from '../../lib/form.server.ts';

/** The form of «Сообщить о поступлении»: the size, and without sign-in a phone or e-mail with the consent box. */
const SubscribeForm = z.object({
  externalId: z.string().trim().min(1).max(MAX_EXTERNAL_ID),
  contact: z.string().trim().max(254).optional(),
  consent: z.literal('on').optional(),
});

/** What the fetcher gets: the masked contact and the unsubscribe token, or which text explains the refusal. */
export type StockAlertActionData =
  | { ok: true; externalId: string; contact: string; token: string }
  | { ok: false; reason: 'badContact' | 'inStock' | 'failed' };

/** The address itself is no page. */
export function loader() {
  return redirect('/');
}

/**
 * `POST /stock-alert` (issue 35 item 4): subscribes the shopper to a sold-out size in the current city through
 * `POST /api/stock-alert` — signed in with an empty contact: their own number; else the typed phone (digits) or
 * e-mail (with «@») and the consent box. Refusals come back as a reason the component words in ru/kk.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = SubscribeForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data<StockAlertActionData>({ ok: false, reason: 'badContact' }, { status: 400 });
  const { externalId, contact, consent } = parsed.data;
  const api = apiFor(request, context);
  const by = !contact ? {} : contact.includes('@') ? { email: contact } : { mobile: contact };
  try {
    const s = await api.subscribeStockAlert({
      externalId,
      cityId: currentCityId(request),
      ...by,
      ...(contact ? { consent: consent === 'on' } : {}),
    });
    return data<StockAlertActionData>({ ok: true, externalId, contact: s.contact, token: s.token });
  } catch (e) {
    if (isApiStatus(e, 400))
      return data<StockAlertActionData>({ ok: false, reason: 'badContact' }, { status: 400 });
    if (isApiStatus(e, 409))
      return data<StockAlertActionData>({ ok: false, reason: 'inStock' }, { status: 409 });
    if (!isApiStatus(e, 401, 403, 404, 429)) console.warn('stock alert subscription failed', e);
    return data<StockAlertActionData>({ ok: false, reason: 'failed' }, { status: 422 });
  }
}
