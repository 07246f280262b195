// The order sizes are shown in on the listing's size filter (the facet): one order for every label, whatever
// product scale it comes from, so a women's «40, 42, 44» and a men's «44, 46» merge as «40, 42, 44, 46» (a SKU's
// `size_order` is its place in its own product's scale, and the lowest one across scales put 44 before 42).

/** Letter sizes, smallest first. */
const LETTERS = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', 'XXXL', '4XL', '5XL'];

/**
 * A size label as sort keys: letter sizes; numbers by value with their prefix and suffix («W28», «70A», «35-37»);
 * anything else all alike (ordered by its scale).
 */
function keyOf(label: string): [number, string, number, string] {
  const upper = label.trim().toUpperCase();
  const letter = LETTERS.indexOf(upper === 'XXXL' ? '3XL' : upper);
  if (letter >= 0) return [0, '', letter, ''];
  const m = /^([A-Z]*)\s*(\d+(?:[.,]\d+)?)(.*)$/.exec(upper);
  if (m) return [1, m[1]!, Number.parseFloat(m[2]!.replace(',', '.')), m[3]!];
  return [2, '', 0, ''];
}

/**
 * Compares two size labels for display: letter sizes (XS…5XL) first, then sizes with a number — grouped by
 * their letter prefix («W28» with the jeans' waists), by value, then by what follows («70A» before «70B») — then
 * anything else in its scales' order (`orderA`, `orderB`: the lowest `size_order` of the label), then by text.
 */
export function compareSizes(a: string, orderA: number, b: string, orderB: number): number {
  const [ga, pa, va, sa] = keyOf(a);
  const [gb, pb, vb, sb] = keyOf(b);
  if (ga !== gb) return ga - gb;
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (va !== vb) return va - vb;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return orderA - orderB || (a < b ? -1 : a > b ? 1 : 0);
}
