import fs from 'node:fs';
import path from 'node:path';

// The import graph of the repository's TypeScript (apps/ and packages/), read from the source text, for the
// boundaries test (issue 30: no import cycle, type-only imports included). Specifiers resolved: relative paths,
// `#app/…` (apps/api → src/, apps/web → app/) and `~/…` (apps/admin → app/); packages are left out.

/** The repository's root (four levels above this file: apps/api/src/test). */
export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

const SKIP = new Set(['node_modules', 'build', 'dist', 'public']);

/** Every .ts/.tsx source under `dirs` (relative to the root), declaration files and hidden folders left out. */
export function tsFiles(dirs: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const d of dirs) walk(path.join(repoRoot, d));
  return files;
}

/** The folder a `#app/` or `~/` specifier of `file` starts from, if its app has one. */
function aliasBase(file: string, spec: string): string | null {
  const rel = path.relative(repoRoot, file).split(path.sep);
  if (spec.startsWith('~/')) return rel[1] === 'admin' ? path.join(repoRoot, 'apps/admin/app') : null;
  if (rel[0] !== 'apps') return null;
  if (rel[1] === 'api') return path.join(repoRoot, 'apps/api/src');
  if (rel[1] === 'web') return path.join(repoRoot, 'apps/web/app');
  return null;
}

/** The source file `spec` names from `file`, or null for a package or an unknown path. */
function resolveSpec(file: string, spec: string, known: ReadonlySet<string>): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(file), spec);
  else if (spec.startsWith('#app/') || spec.startsWith('~/')) {
    const root = aliasBase(file, spec);
    if (!root) return null;
    base = path.join(root, spec.slice(spec.indexOf('/') + 1));
  } else return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((c) => known.has(c)) ?? null;
}

/** Each file's imported source files (static, dynamic, type-only and re-exports alike). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"\n]+)['"]/g)].map((m) => m[1]!);
    const targets = specs.map((s) => resolveSpec(file, s, known)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles of `graph`: its strongly connected components of more than one file (or a file importing
 * itself), by Tarjan's algorithm, each as root-relative paths.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(path.relative(repoRoot, w));
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
