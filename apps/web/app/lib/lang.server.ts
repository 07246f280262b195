import { COOKIE_MAX_AGE_SECONDS } from '@kiim/contract';
import { DEFAULT_LANG, createI18n, isLang, translator, type Lang, type Translate } from '@kiim/contract/text';
import { compiledMessages } from '@kiim/contract/text/compile';
import { readCookie, shopCookie } from './cookies.server.ts';

/** Name of the cookie that keeps the shopper's language (issue 13: 365 days, SameSite=Lax). */
export const LANG_COOKIE = 'lang';

/**
 * The language of a request (issue 13): `?lang=kk|ru` first (a shared link), then the `lang` cookie, else Russian.
 * `fromQuery` tells the root loader to store the choice in the cookie.
 */
export function langOf(request: Request): { lang: Lang; fromQuery: boolean } {
  const q = new URL(request.url).searchParams.get('lang');
  if (isLang(q)) return { lang: q, fromQuery: true };
  const c = readCookie(request, LANG_COOKIE);
  return { lang: isLang(c) ? c : DEFAULT_LANG, fromQuery: false };
}

/** `Set-Cookie` of the language choice: 365 days, SameSite=Lax, Path=/ (the shop cookies' rule). */
export const langCookie = (lang: Lang) => shopCookie(LANG_COOKIE, lang, { maxAge: COOKIE_MAX_AGE_SECONDS });

/** The translate function of the request's language, for server-side texts (form refusals, page titles). */
export function translateFor(request: Request): Translate {
  const { lang } = langOf(request);
  return translator(createI18n(lang, compiledMessages(lang)));
}
