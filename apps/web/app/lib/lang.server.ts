import { COOKIE_MAX_AGE_SECONDS } from '@kiim/contract';
import {
  DEFAULT_LANG,
  createI18n,
  isLang,
  translator,
  type Lang,
  type TextArea,
  type Translate,
} from '@kiim/contract/text';
import { compiledMessages } from '@kiim/contract/text/compile';
import type { ApiClient } from '@kiim/contract';
import type { Messages as CompiledMessages } from '@lingui/core';
import { readCookie, shopCookie } from './cookies.server.ts';
import { SHELL_TEXTS } from './text.ts';

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

/**
 * The compiled messages of the root's data (issue 14): the areas every page shows ({@link SHELL_TEXTS}) in the
 * request's language, with the Kazakh source texts of field errors.
 */
export const shellTexts = (lang: Lang): CompiledMessages => compiledMessages(lang, SHELL_TEXTS, true);

/**
 * The compiled messages of a page's own areas in the request's language, for its loader's `texts` (lib/text.ts
 * reads them beside the root's; page-texts.test.ts checks that each route asks for every area it uses).
 */
export const pageTexts = (request: Request, areas: readonly TextArea[]): CompiledMessages =>
  compiledMessages(langOf(request).lang, areas);

/** The translate function of the request's language, for server-side texts (form refusals, page titles). */
export function translateFor(request: Request): Translate {
  const { lang } = langOf(request);
  return translator(createI18n(lang, compiledMessages(lang)));
}

/**
 * Stores the shopper's chosen language with the signed-in customer (issue 13: SMS and emails reach them in it):
 * when `?lang=` switches it, and at sign-in when the `lang` cookie holds a choice. Nothing without a choice; a
 * failure is logged and never spoils the page.
 */
export async function rememberLanguage(request: Request, api: ApiClient): Promise<void> {
  const { lang, fromQuery } = langOf(request);
  if (!api.token || (!fromQuery && !readCookie(request, LANG_COOKIE))) return;
  await api.updateCustomer({ language: lang }).catch((e: unknown) => console.warn('language not stored', e));
}
