import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { FitSuggestion } from '@kiim/contract';
import { useT } from '../lib/text.ts';

/**
 * «Ваш размер» near the size chooser (issue 35 item 6, decision 066): read from `/product/{slug}/fit` once the page
 * has shown (never blocking it; nothing without JavaScript), one line in the shopper's language — the size kept
 * before, the reviews' fit and the suggested size, each when known. Nothing when there is nothing to say.
 */
export function FitHint({ slug }: { slug: string }) {
  const t = useT();
  const fetcher = useFetcher<{ fit: FitSuggestion | null }>();
  useEffect(() => {
    void fetcher.load(`/product/${encodeURIComponent(slug)}/fit`);
  }, [slug]); // eslint-disable-line react-hooks/exhaustive-deps
  const fit = fetcher.data?.fit;
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
