// Transliteration for search (issue 35 item 3): shoppers type Russian words in Latin letters («dzhinsy»,
// «puhovik», «kurtka») and Latin brand names in Cyrillic («адидас», «левис»). A query word that finds nothing is
// read again through these tables; what then finds nothing stays unfound. The Latin → Cyrillic table takes the
// spellings people use (passport ICAO, BGN/PCGN and the informal «h» for «х», «j» for «й»), longest first; the
// Cyrillic → Latin one is the informal everyday spelling, which is how foreign brands are written back.
// Pure functions on normalised (lower-case) words.

/** Latin letter groups → Cyrillic, tried longest first at each position. */
const LATIN_TO_CYRILLIC: readonly [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['ia', 'я'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['iu', 'ю'],
  ['yo', 'ё'],
  ['jo', 'ё'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['w', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['q', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['h', 'х'],
  ['c', 'к'],
  ['x', 'кс'],
];

const VOWELS = new Set('аеёиоуыэюя');

/** Cyrillic (Russian and the Kazakh letters a brand may be typed with) → Latin, letter by letter. */
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', ә: 'a', ғ: 'g', қ: 'k', ң: 'n', ө: 'o', ұ: 'u',
  ү: 'u', һ: 'h', і: 'i',
}; // prettier-ignore

/**
 * A word in Latin letters read as Russian («dzhinsy» → «джинсы», «puhovik» → «пуховик»): `y` is «ы», or «й» after
 * a vowel («chernyy» → «черный»). Null when the word has no Latin letter or has characters of another script.
 */
export function latinToCyrillic(word: string): string | null {
  if (!/^[a-z0-9]*[a-z][a-z0-9]*$/.test(word)) return null;
  let out = '';
  for (let i = 0; i < word.length;) {
    if (word[i] === 'y' && !['ya', 'yu', 'yo', 'ye'].includes(word.slice(i, i + 2))) {
      out += VOWELS.has(out.at(-1) ?? '') ? 'й' : 'ы';
      i += 1;
      continue;
    }
    const hit = LATIN_TO_CYRILLIC.find(([latin]) => word.startsWith(latin, i));
    out += hit ? hit[1] : word[i];
    i += hit ? hit[0].length : 1;
  }
  return out;
}

/**
 * A word in Cyrillic letters written in Latin («адидас» → «adidas», «левис» → «levis»), for Latin brand names typed
 * in Cyrillic. Null when the word has no Cyrillic letter or has characters of another script.
 */
export function cyrillicToLatin(word: string): string | null {
  if (!/^[0-9а-яёәғқңөұүһі]*[а-яёәғқңөұүһі][0-9а-яёәғқңөұүһі]*$/.test(word)) return null;
  return [...word].map((ch) => CYRILLIC_TO_LATIN[ch] ?? ch).join('');
}
