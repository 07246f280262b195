import { Form, useActionData, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/sign-in';
import { safeReturnTo } from '../../lib/url.ts';
import { signInAction } from './sign-in.server.ts';
import { SignInStepView, useTypedContact, type SignInReply } from '../../components/sign-in/SignInSteps.tsx';
import { isSignInStep, signInTitle, type SignInStep } from '../../components/sign-in/sign-in-url.ts';
import { metaT, useT } from '../../lib/text.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('signIn.meta') },
  { name: 'robots', content: 'noindex' },
];

/** The page itself needs no data: it shows the step of `?signin=` (or the phone step). */
export function loader() {
  return null;
}

/** The dialog's steps (see `signInAction`). */
export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context);
}

/**
 * The sign-in page: the dialog's steps as a page. Shown at /auth/sign-in, and where a step's messages land
 * when the dialog's form was sent before JavaScript loaded.
 */
export default function SignInPage() {
  const t = useT();
  const reply = useActionData<typeof action>() as SignInReply | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const contact = useTypedContact();
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get('signin');
  const step: SignInStep = reply?.step ?? (isSignInStep(fromQuery) ? fromQuery : 'phone');
  const ctx = {
    step,
    from: safeReturnTo(reply?.values.from || '/auth/sign-in'),
    returnTo: safeReturnTo(reply?.values.returnTo || query.get('returnTo') || '/'),
    query,
    reply,
    busy: navigation.state !== 'idle',
    FormComponent: Form,
    ...contact,
  };
  return (
    <section className="sign-in-page">
      <h1>{signInTitle(step, t)}</h1>
      <SignInStepView ctx={ctx} />
    </section>
  );
}
