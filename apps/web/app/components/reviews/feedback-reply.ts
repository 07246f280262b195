import { useActionData, useFetcher } from 'react-router';
import type { FormReply } from '../../lib/form.ts';

/** What the product page's action answers (routes/catalog/product-feedback.server.ts): the kit's reply, a vote's count. */
export interface FeedbackReply extends FormReply {
  helpfulCount?: number;
}

/**
 * A form of the product page's blocks posting to the page's action through a fetcher (`key` tells the forms
 * apart): its answer, from the fetcher, or — when it was sent before JavaScript loaded — the page's action data for
 * the same form.
 */
export function useFeedbackForm(key: string) {
  const fetcher = useFetcher<FeedbackReply>({ key });
  const actionData = useActionData() as FeedbackReply | undefined;
  const reply = fetcher.data ?? (actionData?.form === key ? actionData : undefined);
  return { fetcher, reply, busy: fetcher.state !== 'idle' };
}
