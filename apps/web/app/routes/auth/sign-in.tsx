import { data, Form, redirect, useActionData, useLocation, useNavigation } from 'react-router';
import { ApiError, type SignedIn } from '@kiim/contract';
import type { Route } from './+types/sign-in';
import { apiFor, startSession } from '../../lib/api.server.ts';
import { mergeAtSignIn } from '../../lib/merge.server.ts';
import { safeReturnTo } from '../../lib/url.ts';
import {
  SignInPanel,
  isSignInStep,
  signInStepHref,
  type SignInResult,
  type SignInStep,
} from '../../components/SignInDialog.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Вход — Kiim' }, { name: 'robots', content: 'noindex' }];

/** The page itself needs no data: it shows the step of `?signin=` (or the phone step). */
export function loader() {
  return null;
}

/** Values filled back into a failed step: never passwords or codes. */
const KEPT = ['mobile', 'name', 'surname', 'from', 'returnTo'] as const;

/**
 * A failed step: Russian messages by field from the API's `errors` (the first per field), or its `message`
 * for the whole form; after a 429 also the seconds to wait.
 * @throws anything that is not an API error (the error page).
 */
function failed(step: SignInStep, e: unknown, form: FormData) {
  if (!(e instanceof ApiError)) throw e;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(e.body.errors ?? {})) if (messages[0]) errors[field] = messages[0];
  if (Object.keys(errors).length === 0) errors._form = e.body.message;
  const retry = (e.body.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return invalid(step, errors, form, e.status === 429 && typeof retry === 'number' ? retry : undefined, e.status);
}

/** The answer of a failed step (status 4xx/5xx, so nothing is revalidated). */
function invalid(step: SignInStep, errors: Record<string, string>, form: FormData, retryAfterSeconds?: number, status = 400) {
  const values: Record<string, string> = {};
  for (const k of KEPT) values[k] = String(form.get(k) ?? '').slice(0, 300);
  return data<SignInResult>({ step, errors, values, retryAfterSeconds, at: Date.now() }, { status });
}

/**
 * After every successful sign-in — SMS code, password, registration, recovery — and only there: signs this
 * request in (the middleware writes the HttpOnly `customer_token` cookie on the response) and runs the
 * sign-in merge of the cart and wishlist (spec §4).
 * @returns the `Set-Cookie` headers of the merge (cart_uuid / wishlist_uuid) for the redirect.
 */
async function afterSignIn(request: Request, context: Route.ActionArgs['context'], signedIn: SignedIn): Promise<Headers> {
  const api = startSession(request, context, signedIn.token);
  // Spec §4 sign-in merge of the cart and the wishlist (never throws; sets their cookies when they change).
  return mergeAtSignIn(request, api);
}

/**
 * The steps of the sign-in dialog (issue 4), chosen by the last `intent` of the form:
 * - `send-code` (mobile) → POST /api/customer/auth-by-mobile → the `code` step;
 * - `confirm` (mobile, code) → POST /api/customer/auth-by-mobile/confirm → signed in, to `returnTo`;
 * - `password` (mobile, password) → POST /api/customer/auth-by-mobile-password → signed in, to `returnTo`;
 * - `register` (name, surname, mobile) → POST /api/customer/register-by-mobile → the `register-code` step;
 * - `register-confirm` (+ code, password) → POST /api/customer/register-by-mobile/confirm → signed in;
 * - `recover` (mobile) → GET /api/customer/get-code-for-recover-password → the `recover-code` step;
 * - `recover-confirm` (mobile, code) → POST /api/customer/confirm-recover-password-code → signed in, the
 *   `new-password` step;
 * - `new-password` (password twice) → POST /api/customer/update-password → `returnTo`.
 * A failed step answers {@link SignInResult} with Russian field errors (the dialog shows them; without
 * JavaScript this page does). Code steps carry `wait` (seconds before a resend) for the countdown.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (k: string) => String(form.get(k) ?? '').slice(0, 300);
  const intent = String(form.getAll('intent').at(-1) ?? '');
  const from = safeReturnTo(form.get('from'));
  const returnTo = safeReturnTo(form.get('returnTo'));
  const api = apiFor(request, context);
  const mobile = field('mobile');
  const step = (s: SignInStep, params: Record<string, string | undefined> = {}) => redirect(signInStepHref(from, returnTo, s, params));
  const codeStep = (s: SignInStep, sent: { mobile: string; resendAfterSeconds: number }, extra: Record<string, string | undefined> = {}) =>
    step(s, { mobile: sent.mobile, wait: String(sent.resendAfterSeconds), sent: String(Date.now()), ...extra });
  // The step the form was sent from: its errors show there (a resend from a code step stays on it).
  const at = (fallback: SignInStep): SignInStep => (isSignInStep(form.get('step')) ? (form.get('step') as SignInStep) : fallback);
  const signedIn = async (s: SignInStep, call: () => Promise<SignedIn>, next: () => Response) => {
    let result: SignedIn;
    try {
      result = await call();
    } catch (e) {
      return failed(at(s), e, form);
    }
    const cookies = await afterSignIn(request, context, result);
    const response = next();
    for (const cookie of cookies.getSetCookie()) response.headers.append('Set-Cookie', cookie);
    return response;
  };

  switch (intent) {
    case 'send-code':
      try {
        return codeStep('code', await api.authByMobile(mobile));
      } catch (e) {
        return failed(at('phone'), e, form);
      }
    case 'confirm':
      return signedIn('code', () => api.authByMobileConfirm(mobile, field('code')), () => redirect(returnTo));
    case 'password':
      return signedIn('password', () => api.authByMobilePassword(mobile, String(form.get('password') ?? '').slice(0, 200)), () => redirect(returnTo));
    case 'register': {
      const name = field('name');
      const surname = field('surname').trim() || undefined;
      try {
        const sent = await api.registerByMobile({ mobile, name, surname });
        return codeStep('register-code', sent, { name: name.trim(), surname });
      } catch (e) {
        return failed(at('register'), e, form);
      }
    }
    case 'register-confirm': {
      const password = String(form.get('password') ?? '').slice(0, 200);
      return signedIn(
        'register-code',
        () =>
          api.registerByMobileConfirm({
            mobile,
            code: field('code'),
            name: field('name'),
            surname: field('surname').trim() || undefined,
            password: password || undefined,
          }),
        () => redirect(returnTo),
      );
    }
    case 'recover':
      try {
        return codeStep('recover-code', await api.codeForRecoverPassword(mobile));
      } catch (e) {
        return failed(at('recover'), e, form);
      }
    case 'recover-confirm':
      return signedIn('recover-code', () => api.confirmRecoverPasswordCode(mobile, field('code')), () => step('new-password'));
    case 'new-password': {
      const password = String(form.get('password') ?? '').slice(0, 200);
      if (password !== String(form.get('passwordRepeat') ?? '').slice(0, 200)) {
        return invalid('new-password', { passwordRepeat: 'Пароли не совпадают' }, form);
      }
      try {
        await api.updatePassword({ password });
        return redirect(returnTo);
      } catch (e) {
        return failed('new-password', e, form);
      }
    }
    default:
      return invalid('phone', { _form: 'Неизвестное действие. Обновите страницу и попробуйте ещё раз' }, form);
  }
}

/**
 * The sign-in page: the dialog's steps as a page. Shown at /auth/sign-in, and where a step's error lands
 * when the dialog's form was sent before JavaScript loaded.
 */
export default function SignInPage() {
  const result = useActionData<typeof action>() as SignInResult | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get('signin');
  const step: SignInStep = result?.step ?? (isSignInStep(fromQuery) ? fromQuery : 'phone');
  const from = safeReturnTo(result?.values.from || '/auth/sign-in');
  const returnTo = safeReturnTo(result?.values.returnTo || query.get('returnTo') || '/');
  return (
    <section className="sign-in-page">
      <h1>{step.startsWith('register') ? 'Регистрация' : step.startsWith('recover') || step === 'new-password' ? 'Восстановление пароля' : 'Вход в Kiim'}</h1>
      <SignInPanel step={step} from={from} returnTo={returnTo} query={query} result={result} busy={navigation.state !== 'idle'} FormComponent={Form} />
    </section>
  );
}
