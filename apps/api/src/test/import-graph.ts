import fs from 'node:fs';
import path from 'node:path';

// The import graph of the repository's TypeScript (apps/* and packages/*), for the boundaries test's cycle check
// (issue 30): every `import … from`, `export … from`, `import '…'` and `import('…')` — type-only ones included —
// whose target is a file of the repository (relative paths and each workspace's `#app/*` alias; `@kiim/*` package
// names through the package's `exports`). Packages from node_modules are not followed.

/** The repository's root (this file is apps/api/src/test/import-graph.ts). */
export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', '.react-router', 'coverage', 'public']);

/** The workspaces: folder, `#app/*` target folder (when the package has one) and `exports` map. */
interface Workspace {
  dir: string;
  name: string;
  alias: string | null;
  exports: Record<string, string>;
}

function workspaces(): Workspace[] {
  return ['apps', 'packages'].flatMap((group) =>
    fs
      .readdirSync(path.join(repoRoot, group), { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(repoRoot, group, e.name, 'package.json')))
      .map((e) => {
        const dir = path.join(repoRoot, group, e.name);
        const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
          name: string;
          imports?: Record<string, string>;
          exports?: Record<string, string | Record<string, string>>;
        };
        const aliasTarget = pkg.imports?.['#app/*'];
        const exports = Object.fromEntries(
          Object.entries(pkg.exports ?? {}).flatMap(([k, v]) => {
            const target = typeof v === 'string' ? v : (v.import ?? v.default ?? v.types);
            return target ? [[k, path.join(dir, target)]] : [];
          }),
        );
        return {
          dir,
          name: pkg.name,
          alias: aliasTarget ? path.join(dir, aliasTarget.replace(/\*$/, '')) : null,
          exports,
        };
      }),
  );
}

function sourceFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFilesUnder(full));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Import specifiers of a source text: static, re-export, side-effect and dynamic, type-only ones included. */
export function specifiersOf(text: string): string[] {
  const patterns = [
    /\bfrom\s*['"]([^'"\n]+)['"]/g,
    /^\s*import\s*['"]([^'"\n]+)['"]/gm,
    /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!));
}

function existing(candidate: string, files: Set<string>): string | null {
  for (const c of [candidate, `${candidate}.ts`, `${candidate}.tsx`, path.join(candidate, 'index.ts')])
    if (files.has(c)) return c;
  return null;
}

/**
 * The repository's import graph: each source file (absolute path) → the repository files it imports.
 */
export function importGraph(): Map<string, string[]> {
  const spaces = workspaces();
  const all = spaces.flatMap((w) => sourceFilesUnder(w.dir));
  const files = new Set(all);
  const graph = new Map<string, string[]>();
  for (const file of all) {
    const space = spaces.find((w) => file.startsWith(w.dir + path.sep))!;
    const targets = specifiersOf(fs.readFileSync(file, 'utf8')).flatMap((spec) => {
      let candidate: string | null = null;
      if (spec.startsWith('.')) candidate = path.resolve(path.dirname(file), spec);
      else if (spec.startsWith('#app/') && space.alias) candidate = path.join(space.alias, spec.slice(5));
      else {
        const owner = spaces.find((w) => spec === w.name || spec.startsWith(`${w.name}/`));
        if (owner) candidate = owner.exports[`.${spec.slice(owner.name.length)}`] ?? null;
      }
      const found = candidate && existing(candidate, files);
      return found ? [found] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles of a graph: its strongly connected components of more than one file, or of one file importing
 * itself (Tarjan's algorithm, iterative), each as its files relative to the repository root, sorted.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1 || (graph.get(top.node) ?? []).includes(top.node))
        cycles.push(component.map((f) => path.relative(repoRoot, f)).sort());
    }
  }
  return cycles;
}
