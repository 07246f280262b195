import { useEffect, useState } from 'react';
import type { FitSuggestion } from '@kiim/contract';
import { useT } from '../lib/text.ts';
import { useRootData } from '../lib/root-data.ts';

/**
 * «Ваш размер» near the size chooser (issue 35 item 6, decision 066): read from `/product/{slug}/fit` (JSON) once
 * the page has shown (never blocking it; nothing without JavaScript), one line in the shopper's language — the size
 * kept before, the reviews' fit and the suggested size, each when known; read again when the shopper signs in or
 * out. Nothing when there is nothing to say. A plain `fetch`, not a router fetcher: a fetcher would first load the
 * resource route's (empty) script part, one more request on every product page.
 */
export function FitHint({ slug }: { slug: string }) {
  const t = useT();
  const customerId = useRootData()?.customer?.id ?? null;
  // The answer with the product and shopper it was asked for: another product's never shows while this one's comes.
  const key = `${slug} ${customerId ?? ''}`;
  const [answer, setAnswer] = useState<{ key: string; fit: FitSuggestion | null } | null>(null);
  useEffect(() => {
    const aborter = new AbortController();
    fetch(`/product/${encodeURIComponent(slug)}/fit`, { signal: aborter.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ fit: FitSuggestion | null }>) : { fit: null }))
      .then((read) => setAnswer({ key, fit: read.fit }))
      // A failed or aborted read shows nothing: the hint is a help, never a page error.
      .catch(() => undefined);
    return () => aborter.abort();
  }, [slug, key]);
  const fit = answer?.key === key ? answer.fit : null;
  if (!fit || (!fit.keptSize && !fit.fit)) return null;
  const parts = [
    fit.keptSize ? t('product.fit.kept', { size: fit.keptSize }) : '',
    fit.fit ? t(`product.fit.${fit.fit}`) : '',
    fit.suggestedSize ? t('product.fit.suggest', { size: fit.suggestedSize }) : '',
  ].filter(Boolean);
  return (
    <p className="fit-hint" data-testid="fit-hint" role="status">
      <strong>{t('product.fit.title')}:</strong> {parts.join(' ')}
    </p>
  );
}
