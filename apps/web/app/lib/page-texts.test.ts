import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RU } from '@kiim/contract/text/ru';
import { SHELL_TEXTS } from './text.ts';

// A page carries only the areas of the message catalogue it shows (issue 14, lib/text.ts): the root's shell areas
// and those its route's loader asks for with `pageTexts(request, [...])` (a layout's for the routes under it).
// A key of an area the page was not sent would show as its id, so this reads the sources: every area a route's
// modules name in a text id (`'product.added'`, `` `stock.${key}` ``), following their relative imports, must be
// sent to it.

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = new Set(Object.keys(RU));

/** A module's own source without comments, its area names and the files it imports relatively. */
function moduleOf(file: string) {
  const source = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
  const areas = [...source.matchAll(/['"`]([A-Za-z]+)\.(?:[A-Za-z0-9-]|\$\{)/g)]
    .map((m) => m[1]!)
    .filter((a) => AREAS.has(a));
  const imports = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((m) => path.resolve(path.dirname(file), m[1]!))
    .filter((f) => fs.existsSync(f));
  return { source, areas, imports };
}

/** Every area a module and the modules it imports (relatively, transitively) use. */
function areasUsed(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file)) return out;
  seen.add(file);
  const { areas, imports } = moduleOf(file);
  for (const a of areas) out.add(a);
  for (const i of imports) for (const a of areasUsed(i, seen)) out.add(a);
  return out;
}

/** The areas a route module's loader asks for (`pageTexts(request, ['product'])`). */
function areasAsked(file: string): string[] {
  const call = /pageTexts\(\s*request,\s*\[([^\]]*)\]/.exec(moduleOf(file).source);
  return call ? [...call[1]!.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]!) : [];
}

const routesDir = path.join(appDir, 'routes');
const routeFiles = fs
  .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !/\.(server|test)\.tsx?$/.test(f))
  .map((f) => path.join(routesDir, f));

describe('the texts a page is sent (issue 14)', () => {
  it('the root layout uses only the shell areas', () => {
    const missing = [...areasUsed(path.join(appDir, 'root.tsx'))].filter(
      (a) => !(SHELL_TEXTS as readonly string[]).includes(a),
    );
    expect(missing).toEqual([]);
  });

  it('every route is sent each area its modules use', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const file of routeFiles) {
      const layout = path.join(path.dirname(file), 'layout.tsx');
      const sent = new Set<string>([
        ...SHELL_TEXTS,
        ...areasAsked(file),
        ...(fs.existsSync(layout) ? areasAsked(layout) : []),
      ]);
      for (const a of areasUsed(file)) if (!sent.has(a)) missing.push(`${path.relative(appDir, file)}: ${a}`);
    }
    expect(missing).toEqual([]);
  });

  it('every route that shows reviews or questions is sent their texts (lib/feedback-text.ts)', () => {
    const feedbackHook = path.join(appDir, 'lib', 'feedback-text.ts');
    /** The modules a module imports relatively, transitively. */
    const reached = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      for (const i of moduleOf(file).imports) reached(i, seen);
      return seen;
    };
    const sends = (file: string) =>
      fs.existsSync(file) && /feedbackTexts: feedbackOf\(/.test(moduleOf(file).source);
    const showing = routeFiles.filter((f) => reached(f).has(feedbackHook));
    expect(showing.map((f) => path.relative(routesDir, f))).toContain('catalog/product.tsx');
    const missing = showing.filter((f) => !sends(f) && !sends(path.join(path.dirname(f), 'layout.tsx')));
    expect(missing.map((f) => path.relative(appDir, f))).toEqual([]);
  });

  it('asks only for areas that exist', () => {
    for (const file of routeFiles) for (const a of areasAsked(file)) expect(AREAS.has(a), a).toBe(true);
  });
});
