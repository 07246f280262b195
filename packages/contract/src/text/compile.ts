import {
  compileMessage,
  type CompiledIcuChoices,
  type CompiledMessage,
  type CompiledMessageToken,
} from '@lingui/message-utils/compileMessage';
import type { Messages as CompiledMessages } from '@lingui/core';
import { RU } from './messages.ru.ts';
import { KK, KK_SOURCE_TEXTS } from './messages.kk.ts';
import {
  countPlaceholder,
  flatten,
  pluralPlaceholder,
  type Catalogue,
  type Lang,
  type TextArea,
} from './i18n.ts';

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
  for (const [id, message] of Object.entries(messages)) out[id] = pluralsAsSelects(compileMessage(message));
  return out;
}

/**
 * The compiled message with each plural (and selectordinal) made a `select` that Lingui answers without
 * `Intl.NumberFormat` (issue 14: Lingui writes a plural's `#` with it, and builds it for every plural even without
 * a `#`; a browser's first one blocks its main thread 35–120 ms). The plural's category becomes the value of
 * {@link pluralPlaceholder} (`count:cardinal`, `one`/`few`/`many`/`other`, given by `translator` from
 * `Intl.PluralRules`, as Lingui does) and each `#` in its branches the placeholder {@link countPlaceholder}
 * (`count#`, the number written as Intl writes it). Exact-value branches (`=0`) stay a `select` on the number
 * itself, with the category's `select` as its `other`. As Lingui reads them, a `#` inside a `select` stays text;
 * a plural with an `offset` (none in the catalogues) is left to Lingui.
 */
export function pluralsAsSelects(tokens: CompiledMessage): CompiledMessage {
  return tokens.map((token) => {
    if (typeof token === 'string') return token;
    const [name, type, format] = token;
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') return token;
    const choices = format as CompiledIcuChoices;
    const counted = type !== 'select' && !choices.offset;
    const branches: Record<string, CompiledMessage> = {};
    const exact: Record<string, CompiledMessage> = {};
    for (const [key, branch] of Object.entries(choices)) {
      if (!Array.isArray(branch)) continue;
      const written = pluralsAsSelects(branch).map((t): CompiledMessageToken =>
        counted && t === '#' ? [countPlaceholder(name)] : t,
      );
      (counted && /^-?\d/.test(key) ? exact : branches)[key] = written;
    }
    if (!counted) return [name, type, type === 'select' ? branches : { ...branches, offset: choices.offset }];
    const byCategory: CompiledMessageToken = [
      pluralPlaceholder(name, type === 'plural' ? 'cardinal' : 'ordinal'),
      'select',
      branches,
    ];
    return Object.keys(exact).length ? [name, 'select', { ...exact, other: [byCategory] }] : byCategory;
  });
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
