// URL slugs of Russian texts: product, category, brand and colour slugs (spec §2 routes). The rule lives in the
// contract (the back office proposes a product's slug as its name is typed, issue 27 §7); re-exported here for the
// API's importers.
export { slugify } from '@kiim/contract';
