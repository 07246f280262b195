import { redirect } from 'react-router';

/** /personal/orders redirects to /personal/orders/pending (spec §2). */
export function loader() {
  return redirect('/personal/orders/pending');
}
