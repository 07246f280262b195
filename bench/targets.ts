// What `npm run bench` measures (issue 14): the load targets of one shop, the goals beside each figure, and the
// random queries of the "not cached" targets. Every uncached request carries a filter combination not asked
// before in the run (a fresh price bound and random brands, sizes, colours, sort, page and city), so it misses
// the answer cache and measures the shop's own work.

/** The filters a category offers, read from its first listing answer (facet slugs). */
export interface Offer {
  category: string;
  brands: string[];
  sizes: string[];
  colours: string[];
  cities: number[];
  slugs: string[];
  words: string[];
}

export const SORTS = [
  'default',
  'price-asc',
  'price-desc',
  'regional-availability',
  'new-arrivals',
  'discount-desc',
] as const;

/** A tiny deterministic generator (mulberry32), so two runs ask the same sequence of queries. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pickSome = (rnd: () => number, xs: string[], max: number) => {
  const n = Math.floor(rnd() * (max + 1));
  return [...new Set(Array.from({ length: n }, () => xs[Math.floor(rnd() * xs.length)]!))].filter(Boolean);
};

/**
 * Paths of listing requests that each miss the cache: `serial` makes the price bound unique (tenge), the rest is
 * random. `sort` fixes the sort; `search` adds a search word instead of the category.
 */
export function uncachedListing(offer: Offer, sort: string, search: boolean, seed: number): () => string {
  const rnd = random(seed);
  let serial = 0;
  return () => {
    serial++;
    const p = new URLSearchParams();
    if (search) p.set('q', offer.words[Math.floor(rnd() * offer.words.length)]!);
    else p.set('category', offer.category);
    p.set('sort', sort);
    p.set('cityId', String(offer.cities[Math.floor(rnd() * offer.cities.length)]));
    const brands = pickSome(rnd, offer.brands, 2);
    if (brands.length) p.set('brand', brands.join(','));
    const sizes = pickSome(rnd, offer.sizes, 2);
    if (sizes.length) p.set('size', sizes.join(','));
    const colours = pickSome(rnd, offer.colours, 1);
    if (colours.length) p.set('colour', colours.join(','));
    if (rnd() < 0.5) p.set('inStock', '1');
    if (rnd() < 0.2) p.set('discount', '1');
    p.set('priceMax', String(30_000 + serial));
    if (rnd() < 0.3) p.set('page', '2');
    return `/api/catalog/products?${p}`;
  };
}

/** Product pages by slug in a random order over the whole catalogue's sample: each first ask misses the cache. */
export function uncachedProduct(offer: Offer, seed: number): () => string {
  const rnd = random(seed);
  return () => {
    const slug = offer.slugs[Math.floor(rnd() * offer.slugs.length)]!;
    const city = offer.cities[Math.floor(rnd() * offer.cities.length)];
    return `/api/catalog/product/${slug}?cityId=${city}`;
  };
}

/** What shoppers type into the header's search field (issue 35 item 3): Russian, Latin for Russian, brands, Kazakh. */
const SUGGEST_WORDS = [
  'джинсы',
  'пуховик',
  'dzhinsy',
  'kurtka',
  'платье',
  'левис',
  'найк',
  'куртка женская',
  'әйелдер',
];

/** Letters only Kazakh has: a word typed with them is typed on the Kazakh storefront. */
const KAZAKH_LETTERS = /[әғқңөұүһі]/;

/**
 * Paths of suggestion requests as shoppers typing send them (issue 35 item 3): a word of `offer.words` or
 * {@link SUGGEST_WORDS} cut after 2 or more letters (each prefix a request, as the debounced field sends), in a
 * random city, with the storefront's language as the header's field sends it (SearchSuggest.tsx): `kk` for a
 * word with Kazakh letters, `ru` for the others. Prefixes repeat across shoppers, as they do in a shop: some
 * answers come from the cache.
 */
export function suggestTyping(offer: Offer, seed: number): () => string {
  const rnd = random(seed);
  const words = [...SUGGEST_WORDS, ...offer.words];
  return () => {
    const word = words[Math.floor(rnd() * words.length)]!;
    const q = word.slice(0, 2 + Math.floor(rnd() * Math.max(1, word.length - 1)));
    const city = offer.cities[Math.floor(rnd() * offer.cities.length)];
    const lang = KAZAKH_LETTERS.test(word) ? 'kk' : 'ru';
    return `/api/catalog/suggest?q=${encodeURIComponent(q)}&lang=${lang}&cityId=${city}`;
  };
}

/** A goal of issue 14 beside a figure: what is compared, the bound, and whether larger is better. */
export interface Goal {
  text: string;
  /** null: the row has no goal, `text` says why (the checkout's capacity rows: «— (capacity)»). */
  met: boolean | null;
}

/** The suggestions' goal, ms: p99 at 50 connections (issue 35 item 3). */
export const SUGGEST_P99_MS = 20;

/** The load goal of a target kind on a catalogue (issue 14, goals 2–4), from its rate ratio and latency. */
export function loadGoal(
  kind: 'uncached' | 'cached' | 'suggest',
  large: boolean,
  ratio: number,
  p99: number,
): Goal {
  // Issue 35 item 3: suggestions while typing, p99 ≤ 20 ms at 50 connections (on either catalogue).
  if (kind === 'suggest') return { text: `p99 ≤ ${SUGGEST_P99_MS} ms`, met: p99 <= SUGGEST_P99_MS };
  if (kind === 'cached') return { text: '≥ 0.25 × floor, p99 ≤ 15 ms', met: ratio >= 0.25 && p99 <= 15 };
  const [r, ms] = large ? [0.02, 100] : [0.05, 50];
  return { text: `≥ ${r} × floor, p99 ≤ ${ms} ms`, met: ratio >= r && p99 <= ms };
}

/** The page goal of issue 14 (goal 1). */
export function pageGoal(p: {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}): Goal {
  return {
    text: 'score ≥ 99, LCP ≤ 1500 ms, TBT ≤ 50 ms, CLS ≤ 0.02, JS ≤ 115 KB',
    met: p.performance >= 99 && p.lcpMs <= 1500 && p.tbtMs <= 50 && p.cls <= 0.02 && p.jsKb <= 115,
  };
}
