import type { Location } from 'react-router';
import type { Translate } from '@kiim/contract/text';

/**
 * Steps of the sign-in dialog (issue 4), each a value of `?signin=`:
 * `phone` → `code` (sign in by SMS code), `password` (sign in by password), `register` → `register-code`
 * (registration by phone with code and name), `recover` → `recover-code` → `new-password` (recovery).
 */
export const SIGN_IN_STEPS = [
  'phone',
  'code',
  'password',
  'register',
  'register-code',
  'recover',
  'recover-code',
  'new-password',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

/** Query parameters the dialog owns; everything else belongs to the page beneath it. */
const SIGNIN_PARAMS = ['signin', 'mobile', 'name', 'surname', 'wait', 'sent', 'returnTo'];

/** Whether a string is a step of the dialog. */
export const isSignInStep = (v: unknown): v is SignInStep => SIGN_IN_STEPS.includes(v as SignInStep);

/** The dialog's (and the /auth/sign-in page's) heading for a step. */
export function signInTitle(step: SignInStep, t: Translate): string {
  if (step.startsWith('register')) return t('signIn.title.register');
  if (step.startsWith('recover') || step === 'new-password') return t('signIn.title.recover');
  return step === 'password' ? t('signIn.title.password') : t('signIn.title.signIn');
}

/** The current address without the sign-in dialog's own parameters. */
export function pathWithoutSignIn(location: Pick<Location, 'pathname' | 'search'>): string {
  const q = new URLSearchParams(location.search);
  for (const p of SIGNIN_PARAMS) q.delete(p);
  const s = q.toString();
  return location.pathname + (s ? `?${s}` : '');
}

/**
 * Address of a dialog step over the page `from`: `from?…&signin=step&…`, with `returnTo` when it differs
 * from `from`, and the step's own parameters (empty ones left out).
 */
export function signInStepHref(
  from: string,
  returnTo: string,
  step: SignInStep,
  params: Record<string, string | undefined> = {},
): string {
  const url = new URL(from, 'http://x');
  for (const p of SIGNIN_PARAMS) url.searchParams.delete(p);
  url.searchParams.set('signin', step);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  if (returnTo !== from) url.searchParams.set('returnTo', returnTo);
  return url.pathname + url.search;
}

/** Link that opens the sign-in dialog over the current page (`?signin=phone`), returning to `returnTo` after. */
export function signInHref(location: Pick<Location, 'pathname' | 'search'>, returnTo?: string): string {
  const from = pathWithoutSignIn(location);
  return signInStepHref(from, returnTo ?? from, 'phone');
}
