import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages as CompiledMessages } from '@lingui/core';
import { RU } from './messages.ru.ts';
import { KK, KK_SOURCE_TEXTS } from './messages.kk.ts';
import { flatten, type Catalogue, type Lang } from './i18n.ts';

/**
 * The catalogues compiled for Lingui (server side only: `@kiim/contract/text/compile`, so the message compiler
 * never reaches the browser). Each language's messages are compiled once and sent to the page whole: the page
 * gets only its own language. Kazakh also carries translations keyed by the Russian text of field errors and API
 * messages (the API answers in Russian; the page translates by text, falling back to Russian).
 */
const compiled = new Map<Lang, CompiledMessages>();

function compileAll(messages: Record<string, string>): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [id, message] of Object.entries(messages)) out[id] = compileMessage(message);
  return out;
}

/** The compiled messages of `lang` (id → compiled ICU message). */
export function compiledMessages(lang: Lang): CompiledMessages {
  let c = compiled.get(lang);
  if (!c) {
    const source = lang === 'kk' ? { ...KK_SOURCE_TEXTS, ...flatten(KK) } : flatten(RU);
    compiled.set(lang, (c = compileAll(source)));
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
