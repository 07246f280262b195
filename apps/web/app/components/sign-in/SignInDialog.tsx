import { useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { SignInStepView, type SignInReply, type StepContext } from './SignInSteps.tsx';
import { isSignInStep, pathWithoutSignIn, signInTitle, type SignInStep } from './sign-in-url.ts';
import { useT } from '../../lib/text.ts';

/**
 * The contact values typed while signing in, kept across steps (never passwords or codes): a number typed on
 * one step — even while the next is opening — is there on the next.
 */
export function useTypedContact(): Pick<StepContext, 'typed' | 'onTyped'> {
  const [typed, setTyped] = useState<Partial<Record<string, string>>>({});
  return { typed, onTyped: (name, value) => setTyped((t) => ({ ...t, [name]: value })) };
}

/**
 * Sign-in, registration and password recovery as a dialog over any page (spec §2, issue 4). Its state
 * lives in the URL (`?signin=<step>&mobile=…`, components/sign-in/sign-in-url.ts; changing it reloads no page
 * data, lib/revalidate.ts); its forms post to `/auth/sign-in`: with JavaScript through a fetcher (messages
 * appear beside the fields, typed values stay), without it as plain forms (messages then show on that page).
 */
export function SignInDialog() {
  const location = useLocation();
  const step = new URLSearchParams(location.search).get('signin');
  if (!isSignInStep(step) || location.pathname.toLowerCase() === '/auth/sign-in') return null;
  return <OpenSignInDialog step={step} />;
}

/** The dialog while open: what was typed in it lives as long as it stays open. */
function OpenSignInDialog({ step }: { step: SignInStep }) {
  const t = useT();
  const location = useLocation();
  const fetcher = useFetcher<SignInReply>({ key: 'sign-in' });
  const contact = useTypedContact();
  const query = new URLSearchParams(location.search);
  const from = pathWithoutSignIn(location);
  const ctx: StepContext = {
    step,
    from,
    returnTo: query.get('returnTo') ?? from,
    query,
    reply: fetcher.data?.step === step ? fetcher.data : undefined,
    busy: fetcher.state !== 'idle',
    FormComponent: fetcher.Form,
    ...contact,
  };
  return (
    <ConfirmDialog title={signInTitle(step, t)} closeHref={from} testId="sign-in-dialog">
      <SignInStepView ctx={ctx} />
    </ConfirmDialog>
  );
}
