import { z } from 'zod';

/**
 * Numbers as people type them into the back office and as the shop itself writes them (issue 27 §5): prices with
 * spaces between the thousands (a plain space, the no-break space U+00A0 of the shop's own `formatPrice`, the
 * narrow one U+202F of `Intl`'s newer ICU, a thin space) and a currency after them (`24 990 ₸`, `24 990 тг`,
 * `24990 тенге`, `24 990 KZT`), coordinates with a decimal comma or point (`43,2385`, `43.2385`). Every price and
 * coordinate schema of the contract reads its field through these, so every form and the API agree; a refusal names
 * the field and says what is wrong, in Russian like the rest of the back office's messages.
 */

/** Spaces that may stand between digits: space, tab, U+00A0, U+2007 figure, U+2009 thin, U+202F narrow no-break. */
const SPACES = /[\s\u00a0\u2007\u2009\u202f]+/g;
/** A currency written after (or before) an amount: ₸, тг / тг., тенге, KZT. */
const CURRENCY = /^(?:₸|тг\.?|тенге|kzt)|(?:₸|тг\.?|тенге|kzt)$/giu;
/** Minus signs: hyphen-minus, the minus sign U+2212, the en dash. */
const MINUS = /^[\u2212\u2013]/;

/** Why a text is not a number of the kind asked. */
export type NumberProblem = 'empty' | 'fraction' | 'format';

/** A read number or why it could not be read. */
export type NumberReading = { ok: true; value: number } | { ok: false; problem: NumberProblem };

const fail = (problem: NumberProblem): NumberReading => ({ ok: false, problem });

/**
 * Reads whole tenge (spec §9: the tenge has no minor units on price tags): `24990`, `24 990`, `24 990 ₸`,
 * `24 990 тг`, `24 990,00` (zero tiyn), a JSON number. Spaces of any kind between digits and a currency mark are
 * dropped.
 * @returns the integer value (possibly negative or huge: bounds are the schema's), or `empty`, `fraction`
 *   (`24 990,50` — tiyn are refused, never rounded), `format` (anything else: letters, two separators…).
 */
export function readTenge(input: unknown): NumberReading {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('format');
    return Number.isInteger(input) ? { ok: true, value: input } : fail('fraction');
  }
  if (typeof input !== 'string') return fail(input == null ? 'empty' : 'format');
  const text = input.replace(SPACES, '').replace(CURRENCY, '').replace(MINUS, '-');
  if (text === '') return fail('empty');
  const m = /^(-?\d+)(?:[.,](\d+))?$/.exec(text);
  if (!m) return fail('format');
  if (m[2] !== undefined && /[1-9]/.test(m[2])) return fail('fraction');
  return { ok: true, value: Number(m[1]) };
}

/**
 * Reads degrees of a coordinate: `43.2385`, `43,2385`, `43,2385°`, `-0.5`, a JSON number.
 * @returns the value, or `empty` (never 0: an empty coordinate is not the Gulf of Guinea) or `format`.
 */
export function readDegrees(input: unknown): NumberReading {
  if (typeof input === 'number') return Number.isFinite(input) ? { ok: true, value: input } : fail('format');
  if (typeof input !== 'string') return fail(input == null ? 'empty' : 'format');
  const text = input.replace(SPACES, '').replace(/°$/, '').replace(MINUS, '-');
  if (text === '') return fail('empty');
  if (!/^-?\d{1,3}(?:[.,]\d+)?$/.test(text)) return fail('format');
  return { ok: true, value: Number(text.replace(',', '.')) };
}

/** Groups of three digits with a no-break space, for a message (`100 000 000`). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/**
 * An amount of whole tenge in a form or a JSON body, read by {@link readTenge} and bounded.
 * @param field how the field is named in a message, capitalised («Цена», «Цена до скидки», «Цена доставки»).
 * @param bounds the least and the most tenge accepted.
 */
export function TengeField(field: string, bounds: { min: number; max: number }) {
  const example = 'например 24 990';
  return z
    .union([z.number(), z.string()], { message: `${field}: укажите сумму в тенге, ${example}` })
    .transform((input, ctx) => {
      const r = readTenge(input);
      const issue = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (!r.ok)
        return issue(
          r.problem === 'empty'
            ? `${field}: укажите сумму в тенге, ${example}`
            : r.problem === 'fraction'
              ? `${field}: только целые тенге, без тиынов — ${example}`
              : `${field}: сумма цифрами, ${example} или 24 990 ₸`,
        );
      if (r.value < bounds.min)
        return issue(
          bounds.min > 0
            ? `${field}: сумма должна быть больше нуля`
            : `${field}: сумма не может быть меньше нуля`,
        );
      if (r.value > bounds.max) return issue(`${field}: не больше ${grouped(bounds.max)} ₸`);
      return r.value;
    });
}

/**
 * A coordinate in degrees in a form or a JSON body, read by {@link readDegrees}: required (empty is refused, never
 * taken as 0), from −`max` to `max`.
 * @param field how the field is named in a message, capitalised («Широта», «Долгота»).
 */
export function DegreesField(field: string, max: number) {
  const example = max === 90 ? '43,2385' : '76,9456';
  const empty = `${field}: укажите число градусов, например ${example} — без координат пункт не найти на карте`;
  return z.union([z.number(), z.string()], { message: empty }).transform((input, ctx) => {
    const r = readDegrees(input);
    const issue = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!r.ok)
      return issue(
        r.problem === 'empty'
          ? empty
          : `${field}: число градусов через запятую или точку, например ${example}`,
      );
    if (Math.abs(r.value) > max) return issue(`${field}: от −${max} до ${max} градусов`);
    return r.value;
  });
}
