import { useLocation } from 'react-router';
import { LANGS, type Lang } from '@kiim/contract/text';
import { useRootData } from '../lib/root-data.ts';
import { useLang, useT } from '../lib/text.ts';

/** Names of the languages on the switch (issue 13: «Қаз» / «Рус»), each in its own language. */
const SWITCH_NAMES: Record<Lang, { short: string; full: string }> = {
  kk: { short: 'Қаз', full: 'Қазақша' },
  ru: { short: 'Рус', full: 'Русский' },
};

/** Order on the switch: Kazakh first (the state language), then Russian. */
const SWITCH_ORDER: readonly Lang[] = ['kk', 'ru'];

/**
 * The path and query of `search` with the language set (`?lang=kk`) or left out (`null`): the same URL in another
 * language (issue 13: spec §2 URLs stay, the language travels in `?lang=` and the `lang` cookie).
 */
export function withLang(pathname: string, search: string, lang: Lang | null): string {
  const params = new URLSearchParams(search);
  params.delete('lang');
  if (lang) params.set('lang', lang);
  const q = params.toString();
  return q ? `${pathname}?${q}` : pathname;
}

/**
 * The header's language switch «Қаз» / «Рус» (issue 13): plain links to the same page with `?lang=`, which the
 * root loader stores in the `lang` cookie; a full page load, so it works without JavaScript and every text
 * (including the catalogue's data) comes in the new language.
 */
export function LangSwitch() {
  const { pathname, search } = useLocation();
  const current = useLang();
  const t = useT();
  return (
    <nav className="lang-switch" aria-label={t('header.language')} data-testid="lang-switch">
      {SWITCH_ORDER.map((l) =>
        l === current ? (
          <span key={l} aria-current="true" lang={l} className="lang-switch__current">
            {SWITCH_NAMES[l].short}
          </span>
        ) : (
          <a key={l} href={withLang(pathname, search, l)} hrefLang={l} lang={l} title={SWITCH_NAMES[l].full}>
            {SWITCH_NAMES[l].short}
          </a>
        ),
      )}
    </nav>
  );
}

/**
 * The `hreflang` alternates of every page (issue 13): the same URL in Russian (`?lang=ru`), in Kazakh
 * (`?lang=kk`) and the default (no parameter: the cookie's or Russian), absolute on the public origin.
 */
export function LangAlternates() {
  const root = useRootData();
  const { pathname, search } = useLocation();
  if (!root) return null;
  return (
    <>
      {LANGS.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={root.origin + withLang(pathname, search, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={root.origin + withLang(pathname, search, null)} />
    </>
  );
}

/**
 * A page's canonical address in the page's language (issue 13: one canonical per language): Russian as it is,
 * Kazakh with `?lang=kk`. For route `meta`: `canonicalLink(url, rootOfMatches(matches)?.lang)`.
 */
export function canonicalLink(href: string, lang: Lang | undefined) {
  const url = new URL(href);
  if (lang === 'kk') url.searchParams.set('lang', 'kk');
  return { tagName: 'link', rel: 'canonical', href: url.toString() } as const;
}
