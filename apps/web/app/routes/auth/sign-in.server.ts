import { redirect } from 'react-router';
import {
  AuthByMobileBody,
  AuthByMobileConfirmBody,
  AuthByMobilePasswordBody,
  ConfirmRecoverPasswordBody,
  NewPasswordForm,
  RecoverPasswordCodeQuery,
  RegisterConfirmForm,
  RegisterForm,
  ApiError,
  type CodeSent,
  type SignedIn,
} from '@kiim/contract';
import { z } from 'zod';
import { apiFor, startSession, type RequestContext } from '../../lib/api.server.ts';
import { apiMessages, formValues, parseWith, refuse, readForm } from '../../lib/form.server.ts';
import { mergeAtSignIn } from '../../lib/merge.server.ts';
import { safeReturnTo } from '../../lib/url.ts';
import { rememberLanguage, translateFor } from '../../lib/lang.server.ts';
import {
  SIGN_IN_STEPS,
  isSignInStep,
  signInStepHref,
  type SignInStep,
} from '../../components/sign-in/sign-in-url.ts';

/** Values filled back into a failed step: never passwords or codes. */
const KEPT = ['mobile', 'name', 'surname', 'from', 'returnTo'] as const;

/** One posted step of the dialog: its form, where it came from and goes to, and the request's API client. */
interface Posted {
  request: Request;
  context: RequestContext;
  values: Record<string, string>;
  /** The step the form was sent from: its messages show there (a resend from a code step stays on it). */
  at: (fallback: SignInStep) => SignInStep;
  from: string;
  returnTo: string;
}

/** A refused step: the kit's reply with the step and, after a 429, the seconds to wait. */
function refused(
  p: Posted,
  step: SignInStep,
  errors: Record<string, string>,
  status = 400,
  retryAfterSeconds?: number,
) {
  return refuse(errors, p.values, { keep: KEPT, status, extra: { step, retryAfterSeconds } });
}

/** A step the API refused: its messages by field (spec §8: Russian), its status, the wait of a 429. */
function apiRefused(p: Posted, step: SignInStep, e: unknown) {
  const errors = apiMessages(e);
  const retry =
    e instanceof ApiError
      ? (e.body.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
      : undefined;
  const status = e instanceof ApiError ? e.status : 400;
  return refused(p, step, errors, status, status === 429 && typeof retry === 'number' ? retry : undefined);
}

/** Address of the next step over the same page. */
const stepHref = (p: Posted, step: SignInStep, params: Record<string, string | undefined> = {}) =>
  signInStepHref(p.from, p.returnTo, step, params);

/**
 * Reads the step's form with its contract schema, then runs `call` with the value: the schema's messages (the
 * same the API would give) come back without a call; the API's refusals come back by field.
 */
async function step<S extends z.ZodType>(
  p: Posted,
  at: SignInStep,
  schema: S,
  input: unknown,
  call: (v: z.output<S>) => Promise<Response>,
) {
  const parsed = parseWith(schema, input);
  if (!parsed.ok) return refused(p, p.at(at), parsed.errors);
  try {
    return await call(parsed.value);
  } catch (e) {
    return apiRefused(p, p.at(at), e);
  }
}

/** The code step after a code was sent: the normalised number, the seconds before a resend, when it was sent. */
const codeSent = (
  p: Posted,
  next: SignInStep,
  sent: CodeSent,
  extra: Record<string, string | undefined> = {},
) =>
  redirect(
    stepHref(p, next, {
      mobile: sent.mobile,
      wait: String(sent.resendAfterSeconds),
      sent: String(Date.now()),
      ...extra,
    }),
  );

/**
 * After every successful sign-in — SMS code, password, registration, recovery — and only there: signs this
 * request in (the middleware writes the HttpOnly `customer_token` cookie on the response), runs the sign-in
 * merge of the cart and wishlist (spec §4), stores the chosen language with the customer (issue 13) and goes on
 * to `next` with the merge's cookies.
 */
async function signedIn(p: Posted, result: SignedIn, next: string): Promise<Response> {
  const api = startSession(p.request, p.context, result.token);
  const [cookies] = await Promise.all([mergeAtSignIn(p.request, api), rememberLanguage(p.request, api)]);
  return redirect(next, { headers: cookies });
}

/** A contact value carried to another step: kept when it is short enough for its field, else left out. */
const carried = (max: number) => z.string().trim().max(max).optional().catch(undefined);

/** A step link of the dialog sent as a form (`goto`): the step and the contact values typed so far. */
const GoToStep = z.object({
  goto: z.enum(SIGN_IN_STEPS),
  mobile: carried(30),
  name: carried(100),
  surname: carried(100),
});

/**
 * A step link of the dialog pressed before its scripts ran (or without JavaScript): the step's form is sent with
 * `goto` = the step to open, and the next step opens over the same page carrying the contact values typed (the
 * address then holds them, as the link does once the page has hydrated: `mobile`, `name`, `surname`; never a
 * password or a code). No API call.
 * @returns a redirect to the step; 400 with the form-wide message for an unknown step.
 */
function goToStep(p: Posted) {
  const parsed = GoToStep.safeParse(p.values);
  if (!parsed.success)
    return refused(p, p.at('phone'), { _form: translateFor(p.request)('form.unknownAction') });
  const { goto, ...contact } = parsed.data;
  return redirect(stepHref(p, goto, contact));
}

/**
 * The steps of the sign-in dialog (issue 4): a step link sent as a form (`goto`, {@link goToStep}) opens that step;
 * otherwise the last `intent` of the form chooses:
 * - `send-code` (mobile) → POST /api/customer/auth-by-mobile → the `code` step;
 * - `confirm` (mobile, code) → POST /api/customer/auth-by-mobile/confirm → signed in, to `returnTo`;
 * - `password` (mobile, password) → POST /api/customer/auth-by-mobile-password → signed in, to `returnTo`;
 * - `register` (name, surname, mobile) → POST /api/customer/register-by-mobile → the `register-code` step;
 * - `register-confirm` (+ code, password) → POST /api/customer/register-by-mobile/confirm → signed in;
 * - `recover` (mobile) → GET /api/customer/get-code-for-recover-password → the `recover-code` step;
 * - `recover-confirm` (mobile, code) → POST /api/customer/confirm-recover-password-code → signed in, the
 *   `new-password` step;
 * - `new-password` (password twice) → POST /api/customer/update-password → `returnTo`.
 * Each form is read with the contract's schema first. A failed step answers a `SignInReply` with Russian field
 * messages (the dialog shows them; without JavaScript the /auth/sign-in page does). Code steps carry `wait`
 * (seconds before a resend) for the countdown.
 */
export async function signInAction(request: Request, context: RequestContext) {
  const form = await readForm(request);
  const values = formValues(form);
  const posted = String(form.get('step') ?? '');
  const p: Posted = {
    request,
    context,
    values,
    at: (fallback) => (isSignInStep(posted) ? posted : fallback),
    from: safeReturnTo(values.from),
    returnTo: safeReturnTo(values.returnTo),
  };
  if (form.has('goto')) return goToStep(p);
  const api = apiFor(request, context);
  const { mobile, code, password } = values;
  const person = { mobile, name: values.name, surname: values.surname };
  switch (String(form.getAll('intent').at(-1) ?? '')) {
    case 'send-code':
      return step(p, 'phone', AuthByMobileBody, { mobile }, async (v) =>
        codeSent(p, 'code', await api.authByMobile(v.mobile)),
      );
    case 'confirm':
      return step(p, 'code', AuthByMobileConfirmBody, { mobile, code }, async (v) =>
        signedIn(p, await api.authByMobileConfirm(v.mobile, v.code), p.returnTo),
      );
    case 'password':
      return step(p, 'password', AuthByMobilePasswordBody, { mobile, password }, async (v) =>
        signedIn(p, await api.authByMobilePassword(v.mobile, v.password), p.returnTo),
      );
    case 'register':
      return step(p, 'register', RegisterForm, person, async (v) =>
        codeSent(p, 'register-code', await api.registerByMobile(v), { name: v.name, surname: v.surname }),
      );
    case 'register-confirm':
      return step(p, 'register-code', RegisterConfirmForm, { ...person, code, password }, async (v) =>
        signedIn(p, await api.registerByMobileConfirm(v), p.returnTo),
      );
    case 'recover':
      return step(p, 'recover', RecoverPasswordCodeQuery, { mobile }, async (v) =>
        codeSent(p, 'recover-code', await api.codeForRecoverPassword(v.mobile)),
      );
    case 'recover-confirm':
      return step(p, 'recover-code', ConfirmRecoverPasswordBody, { mobile, code }, async (v) =>
        signedIn(p, await api.confirmRecoverPasswordCode(v.mobile, v.code), stepHref(p, 'new-password')),
      );
    case 'new-password':
      return step(
        p,
        'new-password',
        NewPasswordForm,
        { password, passwordRepeat: values.passwordRepeat },
        async (v) => {
          await api.updatePassword({ password: v.password });
          return redirect(p.returnTo);
        },
      );
    default:
      return refused(p, 'phone', { _form: translateFor(p.request)('form.unknownAction') });
  }
}
