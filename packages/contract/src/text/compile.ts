import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages as CompiledMessages } from '@lingui/core';
import { RU } from './messages.ru.ts';
import { KK, KK_SOURCE_TEXTS } from './messages.kk.ts';
import { flatten, type Catalogue, type Lang, type TextArea } from './i18n.ts';

/**
 * The catalogues compiled for Lingui (server side only: `@kiim/contract/text/compile`, so the message compiler
 * never reaches the browser). Each language's messages are compiled once; a page gets only its own language, and
 * of it only the areas it shows (issue 14: the root sends those of every page, each route those of its own).
 * Kazakh also carries translations keyed by the Russian text of field errors and API messages (the API answers in
 * Russian; the page translates by text, falling back to Russian).
 */

const compiled = new Map<string, CompiledMessages>();

function compileAll(messages: Record<string, string>): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [id, message] of Object.entries(messages)) out[id] = compileMessage(message);
  return out;
}

/** Every compiled message of `lang`, the Kazakh source texts included. */
function allOf(lang: Lang): CompiledMessages {
  let c = compiled.get(lang);
  if (!c) {
    const source = lang === 'kk' ? { ...KK_SOURCE_TEXTS, ...flatten(KK) } : flatten(RU);
    compiled.set(lang, (c = compileAll(source)));
  }
  return c;
}

/**
 * The compiled messages of `lang` (id → compiled ICU message): all of them, or those of `areas` only — with the
 * Kazakh source texts (ids that are Russian texts, not in any area) when `sourceTexts` is true. Each subset is
 * made once and the same object is returned after.
 */
export function compiledMessages(
  lang: Lang,
  areas?: readonly TextArea[],
  sourceTexts = false,
): CompiledMessages {
  const all = allOf(lang);
  if (!areas) return all;
  const key = `${lang}:${areas.join(',')}:${sourceTexts}`;
  let c = compiled.get(key);
  if (!c) {
    const wanted = new Set<string>(areas);
    const sources = lang === 'kk' && sourceTexts ? KK_SOURCE_TEXTS : {};
    c = Object.fromEntries(
      Object.entries(all).filter(([id]) => wanted.has(id.split('.')[0]!) || id in sources),
    );
    compiled.set(key, c);
  }
  return c;
}

/**
 * The source catalogues by language, for server code that needs a text outside a page (the seed's titles of the
 * information pages: `catalogues.kk.info.faq`).
 */
export const catalogues: Record<Lang, Catalogue> = { ru: RU, kk: KK };

/** Kazakh texts of the Russian field errors and API messages, keyed by the Russian text (server side). */
export { KK_SOURCE_TEXTS } from './messages.kk.ts';
