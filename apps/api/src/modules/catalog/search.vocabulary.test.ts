import { describe, expect, it } from 'vitest';
import { EXACT_FORM, editDistance, resolveQuery, switchLayout, termOf, termsOf } from './search.rules.ts';
import { cyrillicToLatin, latinToCyrillic } from './search.translit.ts';
import { termsBegun, termsBeginning, vocabularyOf } from './search.vocabulary.ts';

// The vocabulary's index (docs/decisions/072) reads every query as the walk over the whole vocabulary it replaced
// (decisions 009, 057, 059): the oracle below is that walk, kept as it was.

const STOP = new Set(['и', 'в', 'во', 'на', 'с', 'со', 'для', 'из', 'по', 'от', 'до', 'без', 'к', 'о', 'а']);
const typos = (term: string) => (term.length <= 3 ? 0 : term.length <= 7 ? 1 : 2);
const plain = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
type Word = { word: string; term: string };
const without = ({ word, term }: Word, v: string) =>
  v === term ||
  (word.length >= 3 && v.startsWith(word)) ||
  (v.length >= 4 && (term.startsWith(v) || word.startsWith(v)));
const fuzzy = (text: string, stem: string, max: number) => {
  for (let k = stem.length - 1; k <= Math.min(text.length, stem.length + 1); k++)
    if (editDistance(text.slice(0, k), stem, max) <= max) return true;
  return false;
};
/** The former reading: each word compared with every term of the vocabulary (no synonym words are typed here). */
function oracle(query: string, vocabulary: string[]): string[][] {
  const expand = (q: Word) => {
    const exact = vocabulary.filter((v) => without(q, v));
    const max = typos(q.term);
    if (exact.length > 0 || max === 0) return [...new Set(exact)];
    return vocabulary.filter(
      (v) =>
        v.length >= 4 && (editDistance(q.term, v, max) <= max || fuzzy(q.word, v, Math.min(max, typos(v)))),
    );
  };
  const groupsOf = (text: string) => {
    const seen = new Set<string>();
    const words: Word[] = [];
    for (const word of plain(text).split(' ')) {
      if (!word || STOP.has(word) || seen.has(termOf(word))) continue;
      seen.add(termOf(word));
      words.push({ word, term: termOf(word) });
    }
    return words.map((q) => {
      const group = expand(q);
      if (!group.some((v) => without(q, v))) {
        const other = latinToCyrillic(q.word) ?? cyrillicToLatin(q.word);
        const alt = other ? { word: other, term: termOf(other) } : null;
        const altGroup = alt ? expand(alt) : [];
        if (alt && altGroup.some((v) => without(alt, v))) {
          if (alt.word !== alt.term) altGroup.push(EXACT_FORM + alt.word);
          return altGroup;
        }
      }
      if (group.length > 0 && q.word !== q.term) group.push(EXACT_FORM + q.word);
      return group;
    });
  };
  const groups = groupsOf(query);
  if (groups.length === 0 || groups.every((g) => g.length > 0)) return groups;
  const switched = switchLayout(query);
  const alt = switched ? groupsOf(switched) : [];
  return alt.length > 0 && alt.every((g) => g.length > 0) ? alt : groups;
}

const NAMES = [
  'Джинсы женские прямые синие',
  'Пуховик мужской зимний чёрный',
  'Куртка джинсовая оверсайз',
  'Платье льняное белое',
  'Рубашка в клетку хлопковая',
  'Футболка с длинным рукавом',
  'Свитер вязаный серый',
  'Брюки карго хаки',
  'Юбка плиссе серебристая',
  'Кроссовки беговые',
  'Худи с капюшоном',
  'Dala Denim',
  'Nomad Wear',
  'Aru Style',
  'Levis',
  'Әйелдер джинсысы',
  'Ерлер күртешесі',
];

/** A tiny deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the vocabulary index (decision 072)', () => {
  it('finds the terms a text begins and the terms that begin it, as a walk over the terms would', () => {
    const terms = ['джинс', 'джинсов', 'джин', 'пуховик', 'пух', 'dala', 'd', 'джинсы'];
    const v = vocabularyOf(terms);
    expect(v.sorted).toEqual([...new Set(terms)].sort());
    const out: string[] = [];
    termsBeginning(v, 'джин', out);
    expect(out).toEqual(terms.filter((t) => t.startsWith('джин')).sort());
    const begun: string[] = [];
    termsBegun(v, 'джинсовый', 4, begun);
    expect(begun).toEqual(['джин', 'джинс', 'джинсов']);
    expect(v.byLength[4]).toEqual(['dala', 'джин']);
  });

  it('reads every query as the walk over the whole vocabulary did (prefixes, typos, scripts, layout)', () => {
    const vocabulary = [...new Set(NAMES.flatMap(termsOf))];
    const rnd = random(7);
    const words = NAMES.flatMap((n) => plain(n).split(' '));
    const queries = new Set<string>([
      'l;bycs',
      'gjx',
      'dzhinsy',
      'kurtka',
      'puhovik',
      'найк',
      'левис',
      'дала',
    ]);
    for (const word of words) {
      for (let k = 2; k <= word.length; k++) queries.add(word.slice(0, k));
      const translit = cyrillicToLatin(word) ?? latinToCyrillic(word);
      if (translit) for (let k = 2; k <= translit.length; k++) queries.add(translit.slice(0, k));
      const layout = [...word].map(
        (ch) => "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"['йцукенгшщзхъфывапролджэячсмитьбюё'.indexOf(ch)] ?? ch,
      );
      queries.add(layout.join(''));
    }
    for (let i = 0; i < 300; i++) {
      // A word with a slip (a letter dropped, doubled or changed), and two words together.
      const w = words[Math.floor(rnd() * words.length)]!;
      const at = Math.floor(rnd() * w.length);
      const slips = [
        w.slice(0, at) + w.slice(at + 1),
        w.slice(0, at) + w[at] + w.slice(at),
        w.slice(0, at) + 'о' + w.slice(at + 1),
      ];
      queries.add(slips[Math.floor(rnd() * 3)]!);
      queries.add(`${w} ${words[Math.floor(rnd() * words.length)]!.slice(0, 2 + Math.floor(rnd() * 5))}`);
    }
    const sortGroup = (g: string[]) => [
      ...g.filter((t) => !t.startsWith(EXACT_FORM)).sort(),
      ...g.filter((t) => t.startsWith(EXACT_FORM)),
    ];
    for (const q of queries)
      expect(resolveQuery(q, vocabulary).map(sortGroup), q).toEqual(oracle(q, vocabulary).map(sortGroup));
    expect(queries.size).toBeGreaterThan(500);
  });
});
