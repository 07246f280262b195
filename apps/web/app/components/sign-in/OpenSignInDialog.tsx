import { useFetcher, useLocation } from 'react-router';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { SignInStepView, useTypedContact, type SignInReply, type StepContext } from './SignInSteps.tsx';
import { pathWithoutSignIn, signInTitle, type SignInStep } from './sign-in-url.ts';
import { useT } from '../../lib/text.ts';

/** The dialog while open: what was typed in it lives as long as it stays open. */
export function OpenSignInDialog({ step }: { step: SignInStep }) {
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
