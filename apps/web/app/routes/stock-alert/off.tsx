import { data, Form, useNavigation } from 'react-router';
import { StockAlertToken } from '@kiim/contract';
import type { Route } from './+types/off';
import { apiFor, isApiStatus } from '../../lib/api.server.ts';
import { metaT, useT } from '../../lib/text.ts';
import { pageTexts } from '../../lib/lang.server.ts';

/** The page is not for search engines. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t('stockAlert.offMeta') }, { name: 'robots', content: 'noindex' }];
};

/** Nothing to load: the token is checked when the shopper presses the button (link previews change nothing). */
export function loader({ params, request }: Route.LoaderArgs) {
  return {
    valid: StockAlertToken.safeParse(params.token).success,
    texts: pageTexts(request, ['stockAlert']),
  };
}

/**
 * `POST /stock-alert/off/:token` (issue 35 item 4): ends the subscription through
 * `POST /api/stock-alert/unsubscribe`, no sign-in. @returns which outcome to show.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (!StockAlertToken.safeParse(params.token).success)
    return data({ outcome: 'unknown' as const }, { status: 404 });
  try {
    const s = await apiFor(request, context).unsubscribeStockAlert(params.token);
    return { outcome: s.status === 'cancelled' ? ('done' as const) : ('already' as const) };
  } catch (e) {
    if (isApiStatus(e, 400, 404)) return data({ outcome: 'unknown' as const }, { status: 404 });
    throw e;
  }
}

/** The unsubscribe page: one button, then what happened, in the page's language. */
export default function StockAlertOff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  const outcome = actionData?.outcome ?? (loaderData.valid ? null : 'unknown');
  return (
    <section className="stack narrow" aria-labelledby="stock-alert-off">
      <h1 id="stock-alert-off">{t('stockAlert.open')}</h1>
      {outcome === null && (
        <Form method="post" className="stack">
          <p>{t('stockAlert.offAsk')}</p>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            data-testid="stock-alert-off"
          >
            {t('stockAlert.unsubscribe')}
          </button>
        </Form>
      )}
      {outcome && (
        <p role="status" data-testid="stock-alert-off-result">
          {t(
            outcome === 'done'
              ? 'stockAlert.offDone'
              : outcome === 'already'
                ? 'stockAlert.offAlready'
                : 'stockAlert.offUnknown',
          )}
        </p>
      )}
    </section>
  );
}
