import { useMemo } from 'react';
import type { I18n, Messages as CompiledMessages } from '@lingui/core';
import { DEFAULT_LANG, LOCALE, createI18n, translator, type Lang, type Translate } from '@kiim/contract/text';
import type { DateWords } from '@kiim/contract/checkout';
import { CartDeliveryInformation, StockState } from '@kiim/contract/enums';
import { useRootData } from './root-data.ts';

/**
 * The storefront's texts in the shopper's language (issue 13): the root loader sends the current language's
 * compiled catalogue (lib/lang.server.ts; only that language reaches the page) and components translate with
 * {@link useT}. Lingui (`@lingui/core`, a few KB) does the ICU work: values, plurals by `Intl.PluralRules`.
 */

const instances = new WeakMap<CompiledMessages, I18n>();
const EMPTY: CompiledMessages = {};

function i18nOf(root: { lang: Lang; messages: CompiledMessages } | undefined): I18n {
  const messages = root?.messages ?? EMPTY;
  let i18n = instances.get(messages);
  if (!i18n) instances.set(messages, (i18n = createI18n(root?.lang ?? DEFAULT_LANG, messages)));
  return i18n;
}

/** The translate function of given root data (also for route `meta`, which gets the root's data in `matches`). */
export const translateOf = (root: { lang: Lang; messages: CompiledMessages } | undefined): Translate =>
  translator(i18nOf(root));

/** `t('cart.title')`, `t('count.goods', { count: 3 })` in the page's language. */
export function useT(): Translate {
  const root = useRootData();
  return useMemo(() => translateOf(root), [root]);
}

/**
 * A text the API or a shared schema gave in Russian (a field error, a refusal) in the page's language: its
 * translation when the catalogue has one (messages.kk.ts `KK_SOURCE_TEXTS`), else the Russian text.
 */
export function useSourceText(): (russian: string) => string {
  const root = useRootData();
  return useMemo(() => {
    const i18n = i18nOf(root);
    return (russian: string) => i18n._(russian);
  }, [root]);
}

/** The page's language (`ru` | `kk`). */
export const useLang = (): Lang => useRootData()?.lang ?? DEFAULT_LANG;

/** The `Intl` locale of the page's language, for dates. */
export const useLocale = () => LOCALE[useLang()];

/** The root data of a route's `meta` (`matches[0]` is the root). */
export const rootOfMatches = (matches: readonly ({ id: string; data?: unknown } | undefined)[]) =>
  matches.find((m) => m?.id === 'root')?.data as { lang: Lang; messages: CompiledMessages } | undefined;

/** The translate function in a route's `meta`: `metaT(matches)('cart.meta')`. */
export const metaT = (matches: readonly ({ id: string; data?: unknown } | undefined)[]) =>
  translateOf(rootOfMatches(matches));

/** The page's language in a route's `meta`. */
export const metaLang = (matches: readonly ({ id: string; data?: unknown } | undefined)[]) =>
  rootOfMatches(matches)?.lang ?? DEFAULT_LANG;

/** Delivery-date words of the page's language for `formatDeliveryDates` (`сегодня` / `бүгін`). */
export function useDateWords(): DateWords {
  const t = useT();
  const locale = useLocale();
  return useMemo(
    () => ({
      today: t('dates.today'),
      tomorrow: t('dates.tomorrow'),
      either: (a: string, b: string) => t('dates.either', { a, b }),
      locale,
    }),
    [t, locale],
  );
}

/** The stock state label of spec §4 (the API gives it in Russian, `StockState`) in the page's language. */
export function stockLabel(t: Translate, state: string): string {
  const key = (Object.keys(StockState) as (keyof typeof StockState)[]).find((k) => StockState[k] === state);
  return key ? t(`stock.${key}`) : state;
}

/** A delivery or payment method's name (spec §4; the API gives it in Russian) in the page's language, by its id. */
export function methodName(
  t: Translate,
  kind: 'deliveryMethod' | 'paymentMethod',
  id: number,
  russian: string,
): string {
  const known = kind === 'deliveryMethod' ? ['1', '2'] : ['1', '2', '3'];
  return known.includes(String(id)) ? t(`${kind}.${String(id) as '1' | '2'}`) : russian;
}

/** A cart line's `deliveryInformation` (spec §3; the API gives it in Russian) in the page's language. */
export function deliveryLabel(t: Translate, info: string): string {
  const key = (Object.keys(CartDeliveryInformation) as (keyof typeof CartDeliveryInformation)[]).find(
    (k) => CartDeliveryInformation[k] === info,
  );
  return key ? t(`cartDelivery.${key}`) : info;
}
