// Names the shop makes for itself from what staff type (spec §2 routes): a page address (slug) from a Russian or
// Kazakh name, and a SKU's code from its product and size when staff leave it empty (issue 27 §7). Shared by the
// back office (proposed as the name is typed) and the API (made on save when the field is empty).

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // The Kazakh letters beyond the Russian alphabet.
  ә: 'a',
  ғ: 'g',
  қ: 'k',
  ң: 'n',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  і: 'i',
};

/**
 * Latin URL slug of a Russian, Kazakh or mixed text: lower case, transliterated (ж → zh, х → h, ш → sh, ь dropped,
 * қ → k…), anything else folded to single hyphens. «Джинсы slim fit, чёрный» → `dzhinsy-slim-fit-chernyy`,
 * «Платье льняное миди» → `plate-lnyanoe-midi`. May be shorter than a product slug's 3 characters, or empty.
 */
export function slugify(text: string): string {
  return [...text.toLowerCase()]
    .map((ch) => TRANSLIT[ch] ?? ch)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The longest slug the shop proposes (a product slug may have 120 characters; room is left for a `-2`). */
const MAX_PROPOSED_SLUG = 100;

/**
 * The page address proposed for a product named `name`: its {@link slugify}, cut at a word boundary to 100
 * characters; `tovar` when the name gives fewer than 3 characters.
 */
export function proposeSlug(name: string): string {
  let slug = slugify(name);
  if (slug.length > MAX_PROPOSED_SLUG) slug = slug.slice(0, MAX_PROPOSED_SLUG).replace(/-[^-]*$/, '');
  return slug.length >= 3 ? slug : slug ? `tovar-${slug}` : 'tovar';
}

/**
 * The code of a SKU made by the shop when staff leave it empty: `KIIM-{productId}-{SIZE}`, the size transliterated
 * in capitals with anything but letters and digits as `-` (`KIIM-123-M`, `KIIM-123-42-44` for «42/44»,
 * `KIIM-123-EDINYY` for «Единый»); its position among the sizes (`KIIM-123-3`) when the size has no letter or digit.
 * The product id makes it unique against every other product; within the product sizes are unique (the contract
 * refuses repeats) — a clash of transliterations, or with a code 1C already uses, is the caller's to settle
 * (the API adds `-2`, `-3`…). Always within the cart's externalId alphabet (`A–Z 0–9 . _ -`, ≤ 64 characters).
 * @param productId the product's id; @param size the size as staff typed it; @param position 1-based.
 */
export function skuCode(productId: number, size: string, position: number): string {
  const part = slugify(size).toUpperCase().slice(0, 40).replace(/-+$/, '');
  return `KIIM-${productId}-${part || position}`;
}
