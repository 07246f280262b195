import { redirect } from 'react-router';
import { ApiError } from '@kiim/contract';
import type { Route } from './+types/sign-in';
import { apiFor } from '../../lib/api.server.ts';
import { tokenCookie } from '../../lib/cookies.server.ts';
import { safeReturnTo } from '../../lib/url.ts';

/** Visiting the address directly opens the sign-in dialog on the home page. */
export function loader() {
  return redirect('/?signin=phone');
}

/** First message of an API error, for showing beside the field. */
function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    const first = e.body.errors && Object.values(e.body.errors)[0]?.[0];
    return first ?? e.body.message;
  }
  throw e;
}

/**
 * Sign-in steps of the dialog. `send-code`: asks the API to send an SMS code (POST
 * /api/customer/auth-by-mobile) and moves the dialog to the code step. `confirm`: checks the code
 * (POST /api/customer/auth-by-mobile/confirm), stores the token in the HttpOnly `customer_token` cookie
 * and returns to `returnTo`. Errors come back to the same step as `signinError`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = apiFor(request, context);
  const from = safeReturnTo(form.get('from'));
  const returnTo = safeReturnTo(form.get('returnTo'));
  const mobile = String(form.get('mobile') ?? '');
  const at = (params: Record<string, string>) => {
    const url = new URL(from, 'http://x');
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (returnTo !== from) url.searchParams.set('returnTo', returnTo);
    return url.pathname + url.search;
  };
  if (form.get('intent') === 'send-code') {
    try {
      const sent = await api.authByMobile(mobile);
      return redirect(at({ signin: 'code', mobile: sent.mobile }));
    } catch (e) {
      return redirect(at({ signin: 'phone', mobile: mobile.replace(/\D/g, ''), signinError: errorText(e) }));
    }
  }
  try {
    const signedIn = await api.authByMobileConfirm(mobile, String(form.get('code') ?? ''));
    return redirect(returnTo, { headers: { 'Set-Cookie': tokenCookie(signedIn.token) } });
  } catch (e) {
    return redirect(at({ signin: 'code', mobile, signinError: errorText(e) }));
  }
}
