import { redirect } from 'react-router';
import type { Route } from './+types/toggle';
import { shopperOf } from '../../lib/lists.server.ts';
import { wishlistAction } from './wishlist.server.ts';

/** The address itself is no page: the wishlist is shown at /personal/wishlist (spec §2). */
export function loader() {
  return redirect('/personal/wishlist');
}

/** `POST /wishlist`: the hearts' add/remove (see {@link wishlistAction}). */
export function action({ request, context }: Route.ActionArgs) {
  return wishlistAction(shopperOf(request, context));
}
