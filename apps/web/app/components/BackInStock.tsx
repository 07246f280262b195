import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { useRootData } from '../lib/root-data.ts';
import { useT } from '../lib/text.ts';
import type { StockAlertActionData } from '../routes/stock-alert/subscribe.tsx';

/** A size as the product page has it. */
interface SizeOption {
  externalId: string;
  size: string;
  regionalStockAmount: string;
}

/**
 * «Сообщить о поступлении» on the product page (issue 35 item 4): for the sizes not in stock in the shopper's city,
 * a disclosure with a form posting to `/stock-alert` — signed in, one click (their own number); else a phone or
 * e-mail field and the consent box. The confirmation names the masked contact and gives the unsubscribe link.
 * Nothing is shown when every size is in stock in the city.
 */
export function BackInStock({ skus, chosen }: { skus: readonly SizeOption[]; chosen: string | undefined }) {
  const t = useT();
  const root = useRootData();
  const fetcher = useFetcher<StockAlertActionData>();
  const missing = skus.filter((s) => s.regionalStockAmount === 'not-available');
  if (missing.length === 0) return null;
  const preset =
    missing.find((s) => s.externalId === chosen) ?? (missing.length === 1 ? missing[0] : undefined);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const sizeOf = (externalId: string | undefined) =>
    missing.find((s) => s.externalId === externalId)?.size ?? '';
  return (
    <details className="stock-alert" data-testid="stock-alert">
      <summary>{t('stockAlert.open')}</summary>
      {result?.ok ? (
        <p role="status" className="notice" data-testid="stock-alert-done">
          {t('stockAlert.done', { size: sizeOf(result.externalId), contact: result.contact })}{' '}
          <Link to={`/stock-alert/off/${result.token}`}>{t('stockAlert.unsubscribe')}</Link>
        </p>
      ) : (
        <fetcher.Form method="post" action="/stock-alert" className="stack">
          <p className="muted">{t('stockAlert.title')}</p>
          {missing.length === 1 ? (
            <input type="hidden" name="externalId" value={missing[0]!.externalId} />
          ) : (
            <fieldset className="sizes">
              <legend>{t('stockAlert.size')}</legend>
              {missing.map((s) => (
                <label key={s.externalId} className="size-chip">
                  <input
                    type="radio"
                    name="externalId"
                    value={s.externalId}
                    required
                    defaultChecked={s === preset}
                  />
                  <span>{s.size}</span>
                </label>
              ))}
            </fieldset>
          )}
          {root?.customer ? <p>{t('stockAlert.signedIn')}</p> : <ContactFields />}
          <button
            type="submit"
            className="button"
            disabled={fetcher.state !== 'idle'}
            data-testid="stock-alert-submit"
          >
            {t('stockAlert.submit')}
          </button>
          {result && !result.ok && (
            <p role="alert" className="field-error">
              {t(`stockAlert.${result.reason}`)}
            </p>
          )}
        </fetcher.Form>
      )}
    </details>
  );
}

/** Without sign-in: the phone-or-e-mail field with its hint, and the consent box (both required). */
function ContactFields() {
  const t = useT();
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-contact`}>{t('stockAlert.contact')}</label>
      <input
        id={`${id}-contact`}
        name="contact"
        type="text"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={254}
        aria-describedby={`${id}-hint`}
        data-testid="stock-alert-contact"
      />
      <p id={`${id}-hint`} className="muted">
        {t('stockAlert.contactHint')}
      </p>
      <label className="checkbox">
        <input type="checkbox" name="consent" required data-testid="stock-alert-consent" />{' '}
        {t('stockAlert.consent')}
      </label>
    </>
  );
}
