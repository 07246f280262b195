import { z } from 'zod';

/**
 * Search synonyms staff edit in the back office (issue 35 item 3, docs/decisions/059): phrases that mean the same
 * to a shopper — «пуховик = куртка зимняя», «найк = Nike». A product whose name, brand, category or colour holds
 * every word of one phrase is found by the words of the others too, in Russian and Kazakh. Under
 * `/api/admin/catalogue/search-synonyms`, permission catalogue.edit.
 */

/** Phrases of one synonym at most, and characters of one phrase at most. */
export const SYNONYM_MAX_PHRASES = 10;
export const SYNONYM_PHRASE_MAX_LENGTH = 60;

/** One synonym: its phrases as staff wrote them, in their order. */
export const SearchSynonym = z.object({
  id: z.number().int(),
  phrases: z.array(z.string()),
  updatedAt: z.string(),
});
export type SearchSynonym = z.infer<typeof SearchSynonym>;

/**
 * A synonym as typed in the form: phrases separated by «=» («пуховик = куртка зимняя»), 2–{@link
 * SYNONYM_MAX_PHRASES} different non-empty phrases of up to {@link SYNONYM_PHRASE_MAX_LENGTH} characters.
 * @returns the trimmed phrases (a JSON body may also send them as an array).
 */
export const SearchSynonymInput = z
  .object({
    phrases: z.union([
      z.string({ message: 'Укажите слова через «=»' }).max(1000, { message: 'Не длиннее 1000 символов' }),
      z.array(z.string().max(SYNONYM_PHRASE_MAX_LENGTH)).max(SYNONYM_MAX_PHRASES),
    ]),
  })
  .strict()
  .transform((v, ctx) => {
    const raw = typeof v.phrases === 'string' ? v.phrases.split('=') : v.phrases;
    const phrases = raw.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p !== '');
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['phrases'], message });
      return z.NEVER;
    };
    if (phrases.length < 2)
      return fail('Нужно хотя бы два слова или выражения через «=», например «пуховик = куртка зимняя»');
    if (phrases.length > SYNONYM_MAX_PHRASES) return fail(`Не больше ${SYNONYM_MAX_PHRASES} выражений`);
    if (phrases.some((p) => p.length > SYNONYM_PHRASE_MAX_LENGTH))
      return fail(`Каждое выражение — не длиннее ${SYNONYM_PHRASE_MAX_LENGTH} символов`);
    const keys = phrases.map((p) => p.toLowerCase().replace(/ё/g, 'е'));
    if (new Set(keys).size !== keys.length) return fail('Выражения повторяются');
    return { phrases };
  });
export type SearchSynonymInput = z.input<typeof SearchSynonymInput>;
