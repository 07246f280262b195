import fs from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

type ModuleInfo = { importers: readonly string[] } | null;

/**
 * The pages a first visit lands on and the root route (every page): a module's place in the build depends on which
 * of them import it.
 */
const ENTRIES = {
  root: /\/app\/root\.tsx(\?|$)/,
  home: /\/app\/routes\/catalog\/home\.tsx(\?|$)/,
  category: /\/app\/routes\/catalog\/category\.tsx(\?|$)/,
  product: /\/app\/routes\/catalog\/product\.tsx(\?|$)/,
};
type Entry = keyof typeof ENTRIES;
const entriesOf = new Map<string, Set<Entry>>();

/** The entries that import the module, directly or not (statically: a lazily loaded part is not counted). */
function importingEntries(
  id: string,
  getModuleInfo: (id: string) => ModuleInfo,
  visiting = new Set<string>(),
): Set<Entry> {
  const known = entriesOf.get(id);
  if (known) return known;
  const found = new Set<Entry>();
  if (visiting.has(id)) return found;
  // Only a whole answer is kept: one cut short by an import cycle is not.
  const top = visiting.size === 0;
  visiting.add(id);
  for (const importer of getModuleInfo(id)?.importers ?? []) {
    for (const [entry, re] of Object.entries(ENTRIES) as [Entry, RegExp][])
      if (re.test(importer)) found.add(entry);
    for (const entry of importingEntries(importer, getModuleInfo, visiting)) found.add(entry);
  }
  if (top) entriesOf.set(id, found);
  return found;
}

/** The form kit (fields, their messages): the sign-in dialog, the product page, checkout and the account use it. */
const FORM_KIT = /\/app\/components\/form\/Field\.tsx$/;

/**
 * The reviews and questions of a product page (issue 10): one chunk with their form parts rather than one per
 * module shared with the account's review pages; with them the delivery dates, which the product page shares with
 * the cart and the information pages (one request fewer on a product page than a chunk of their own).
 */
const REVIEWS =
  /\/app\/components\/(reviews\/|form\/TextAreaField)|\/app\/lib\/feedback-text|\/packages\/contract\/src\/delivery\.dates/;

/**
 * The chunks every first visit evaluates and mostly runs while the page hydrates: React DOM with the router's
 * browser part (`entry.client`) and the `shared` chunk (React, the router, the app's shell and cards).
 */
const RUN_ON_LOAD = /^(entry\.client|shared)$/;

/**
 * V8's explicit compile hint (Chrome 136+, a comment on a file's first line): the browser compiles every function
 * of the file on a background thread while it streams the file in, instead of compiling each one on the page's
 * main thread the first time it is called — during hydration, where those compiles block the page (issue 14,
 * decision 018 amendment «pages: Intl»). Added after minification, which would strip it; other browsers ignore it.
 */
const compileHints: Plugin = {
  name: 'kiim:compile-hints',
  apply: 'build',
  // Written into the files once Vite has written them: Vite puts its preload helper at the top of a chunk after
  // the other plugins' hooks have run.
  writeBundle(options, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && RUN_ON_LOAD.test(chunk.name) && options.dir) {
        const file = path.join(options.dir, chunk.fileName);
        fs.writeFileSync(file, `//# allFunctionsCalledOnLoad\n${fs.readFileSync(file, 'utf8')}`);
      }
  },
};

// Development: `npm run dev` (dev-server.ts) runs Vite in middleware mode inside the shop's own server.
export default defineConfig({
  plugins: [reactRouter(), compileHints],
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // The app's components, helpers and the contract's browser code that every page needs (the root route's
        // header, footer and text kit; the form kit of every form) or that two of the pages a first visit lands
        // on share (product cards, sliders, breadcrumbs, pagination) in one chunk rather than a dozen of 1 KB
        // each: every request costs a round trip on a mobile network and its headers, more than its few bytes
        // (bench/README.md). The product page's reviews and questions in one chunk of their own. Parts only one
        // of them or other pages use (the home page's view, listings, checkout, orders, the sign-in dialog's
        // steps, loaded when it opens) stay with those pages, so a first visit does not download them. The
        // shared chunk takes its modules first (priority), so the reviews' chunk never holds what every page
        // needs.
        codeSplitting: {
          groups: [
            {
              debugName: 'shared',
              name: (id, ctx) => {
                const entries = importingEntries(id, (m) => ctx.getModuleInfo(m));
                return entries.has('root') || entries.size >= 2 || FORM_KIT.test(id) ? 'shared' : null;
              },
              priority: 2,
            },
            {
              debugName: 'reviews',
              name: (id, ctx) =>
                importingEntries(id, (m) => ctx.getModuleInfo(m)).has('product') && REVIEWS.test(id)
                  ? 'reviews'
                  : null,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
