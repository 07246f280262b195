import { useMemo } from 'react';
import { useMatches } from 'react-router';
import type { I18n, Messages as CompiledMessages } from '@lingui/core';
import {
  DEFAULT_LANG,
  LOCALE,
  createI18n,
  translator,
  type Lang,
  type TextArea,
  type Translate,
} from '@kiim/contract/text';
import type { DateWords } from '@kiim/contract/delivery';
import { CartDeliveryInformation, StockState } from '@kiim/contract/enums';
import { useRootData } from './root-data.ts';

/**
 * The storefront's texts in the shopper's language (issue 13): the loaders send the current language's compiled
 * messages (lib/lang.server.ts; only that language reaches the page) and components translate with {@link useT}.
 * Lingui (`@lingui/core`, a few KB) does the ICU work: values, plurals by `Intl.PluralRules`. A page carries only
 * the areas of the catalogue it shows (issue 14): the root loader those of every page ({@link SHELL_TEXTS}), a
 * route's loader its own as `texts` (`pageTexts`, lib/lang.server.ts; page-texts.test.ts checks that every area a
 * route's modules use is sent).
 */

/**
 * The areas every page may show: the root layout's header, footer, sign-in dialog and error screens, product
 * cards with their stock, and the helpers below (dates, delivery and payment names).
 */
export const SHELL_TEXTS = [
  'common',
  'header',
  'footer',
  'info',
  'signIn',
  'form',
  'ui',
  'count',
  'dates',
  'stock',
  'cartDelivery',
  'deliveryMethod',
  'paymentMethod',
  'notFound',
  'error',
] as const satisfies readonly TextArea[];

const instances = new WeakMap<CompiledMessages, I18n>();
const EMPTY: CompiledMessages = {};

function i18nOf(lang: Lang, messages: CompiledMessages): I18n {
  let i18n = instances.get(messages);
  if (!i18n) instances.set(messages, (i18n = createI18n(lang, messages)));
  return i18n;
}

/** A route match as `useMatches` and route `meta` give it: the root's data has the language and the shell's texts. */
type TextMatch = { id: string; data?: unknown } | undefined;

/** The language of a page and its messages: the root's first, then each route's `texts`. */
function partsOf(matches: readonly TextMatch[]): { lang: Lang; parts: CompiledMessages[] } {
  const root = matches.find((m) => m?.id === 'root')?.data as
    { lang: Lang; messages: CompiledMessages } | undefined;
  const parts = [root?.messages ?? EMPTY];
  for (const m of matches) {
    const texts = (m?.data as { texts?: CompiledMessages } | null | undefined)?.texts;
    if (texts) parts.push(texts);
  }
  return { lang: root?.lang ?? DEFAULT_LANG, parts };
}

interface Cached {
  t?: Translate;
  next: WeakMap<CompiledMessages, Cached>;
}
const translators = new WeakMap<CompiledMessages, Cached>();

/**
 * The translate function over messages in parts (made once per list of parts): a key is read from the part that
 * has it, else from the first (Lingui then gives the id back).
 */
function translatorOf(lang: Lang, parts: readonly CompiledMessages[]): Translate {
  let level = translators;
  let node: Cached | undefined;
  for (const part of parts) {
    node = level.get(part);
    if (!node) level.set(part, (node = { next: new WeakMap() }));
    level = node.next;
  }
  if (!node!.t) {
    const each = parts.map((part) => translator(i18nOf(lang, part)));
    node!.t = (key, values) => (each[parts.findIndex((part) => key in part)] ?? each[0]!)(key, values);
  }
  return node!.t;
}

/** The translate function of a page's matches (components: {@link useT}; route `meta`: {@link metaT}). */
const translateOf = (matches: readonly TextMatch[]): Translate => {
  const { lang, parts } = partsOf(matches);
  return translatorOf(lang, parts);
};

/** `t('cart.title')`, `t('count.goods', { count: 3 })` in the page's language. */
export const useT = (): Translate => translateOf(useMatches());

/**
 * A text the API or a shared schema gave in Russian (a field error, a refusal) in the page's language: its
 * translation when the catalogue has one (messages.kk.ts `KK_SOURCE_TEXTS`, sent with the root's texts), else the
 * Russian text.
 */
export function useSourceText(): (russian: string) => string {
  const root = useRootData();
  return useMemo(() => {
    const i18n = i18nOf(root?.lang ?? DEFAULT_LANG, root?.messages ?? EMPTY);
    return (russian: string) => i18n._(russian);
  }, [root]);
}

/** The page's language (`ru` | `kk`). */
export const useLang = (): Lang => useRootData()?.lang ?? DEFAULT_LANG;

/** The `Intl` locale of the page's language, for dates. */
export const useLocale = () => LOCALE[useLang()];

/** The root data of a route's `meta` (`matches[0]` is the root). */
export const rootOfMatches = (matches: readonly TextMatch[]) =>
  matches.find((m) => m?.id === 'root')?.data as { lang: Lang } | undefined;

/** The translate function in a route's `meta`: `metaT(matches)('cart.meta')`. */
export const metaT = translateOf;

/** The page's language in a route's `meta`. */
export const metaLang = (matches: readonly TextMatch[]) => rootOfMatches(matches)?.lang ?? DEFAULT_LANG;

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
