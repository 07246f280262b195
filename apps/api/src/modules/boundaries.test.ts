import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, repoRoot, tsFiles } from '#app/test/import-graph.ts';

// The module boundaries of docs/decisions/011, checked on the source: dependencies point along the business
// flow (order → payment, order → inventory, never back), one owner per table (stock: inventory), and no module
// reaches into another's repository.

const modulesDir = path.dirname(new URL(import.meta.url).pathname);

/** Production source files of the modules (tests and test fixtures left out), relative to `modules/`. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.ts$/.test(entry.name) &&
        !/\.(test|fixtures)\.ts$/.test(entry.name) &&
        !entry.name.endsWith('.testing.ts')
      )
        files.push(path.relative(modulesDir, full));
    }
  };
  walk(modulesDir);
  return files;
}

const moduleOf = (file: string) => file.split(path.sep)[0]!;
const source = (file: string) => fs.readFileSync(path.join(modulesDir, file), 'utf8');
/** The module paths a file imports (`#app/modules/<module>/…` or a relative path leaving its module). */
function importedModules(file: string): { module: string; target: string }[] {
  return [...source(file).matchAll(/from\s+'([^']+)'/g)].flatMap(([, spec]) => {
    const target = spec!.startsWith('#app/modules/')
      ? spec!.slice('#app/modules/'.length)
      : spec!.startsWith('.')
        ? path.relative(modulesDir, path.resolve(path.join(modulesDir, path.dirname(file)), spec!))
        : null;
    return target && !target.startsWith('..')
      ? [{ module: target.split(path.sep)[0]!.split('/')[0]!, target }]
      : [];
  });
}

describe('module boundaries (docs/decisions/011)', () => {
  it('finds the modules’ source files', () => {
    expect(sourceFiles()).toContain(path.join('payment', 'payment.service.ts'));
  });

  it('payment knows nothing of orders: no payment file imports the order module', () => {
    const offenders = sourceFiles()
      .filter((f) => moduleOf(f) === 'payment')
      .filter((f) => importedModules(f).some((i) => i.module === 'order'));
    expect(offenders).toEqual([]);
  });

  it('notification knows nothing of orders: it renders the snapshot the order module writes (decision 023)', () => {
    const offenders = sourceFiles()
      .filter((f) => moduleOf(f) === 'notification')
      .filter((f) =>
        importedModules(f).some((i) => ['order', 'customer', 'catalog', 'payment'].includes(i.module)),
      );
    expect(offenders).toEqual([]);
  });

  it('the stock table is named only by the inventory module', () => {
    const offenders = sourceFiles().filter(
      (f) =>
        moduleOf(f) !== 'inventory' &&
        /(selectFrom|updateTable|insertInto|deleteFrom|Join)\(\s*'stock\b/.test(source(f)),
    );
    expect(offenders).toEqual([]);
  });

  it('Kysely statements live in repositories (and inventory’s expressions) only', () => {
    const offenders = sourceFiles().filter(
      (f) =>
        !/\.(repository|expressions)\.ts$/.test(f) &&
        /\.(selectFrom|updateTable|insertInto|deleteFrom)\(/.test(source(f)),
    );
    expect(offenders).toEqual([]);
  });

  it('no module imports another module’s repository', () => {
    const offenders = sourceFiles().flatMap((f) =>
      importedModules(f)
        .filter((i) => i.module !== moduleOf(f) && /\.repository\.ts$/.test(i.target))
        .map((i) => `${f} → ${i.target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lib/ imports no module (issue 30 item 5): the owned-list kit and the job claim live elsewhere', () => {
    const libDir = path.join(modulesDir, '..', 'lib');
    const offenders = fs
      .readdirSync(libDir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) =>
        [...fs.readFileSync(path.join(libDir, f), 'utf8').matchAll(/from\s+'([^']+)'/g)].some(
          ([, spec]) => spec!.startsWith('#app/modules/') || spec!.startsWith('../modules/'),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('the owned-list kit knows no other module: the customer token is injected (issue 30 item 5)', () => {
    const offenders = sourceFiles()
      .filter((f) => moduleOf(f) === 'owned-list')
      .filter((f) => importedModules(f).some((i) => i.module !== 'owned-list'));
    expect(offenders).toEqual([]);
  });

  it('the audit log and the job claim have one address each: the old staff/ and lib/ shims are gone (issue 30)', () => {
    expect(fs.existsSync(path.join(modulesDir, 'staff', 'staff.audit.ts'))).toBe(false);
    expect(fs.existsSync(path.join(modulesDir, '..', 'lib', 'job-run.ts'))).toBe(false);
  });

  it('no import cycle in apps/ and packages/, type-only imports included (issue 30)', () => {
    const graph = importGraph(tsFiles(['apps', 'packages']));
    expect(graph.size).toBeGreaterThan(500);
    expect(importCycles(graph)).toEqual([]);
  });
});

describe('the catalogue read side (docs/decisions/039)', () => {
  const graph = importGraph(tsFiles(['apps', 'packages']));
  const readDir = path.join(modulesDir, 'catalog', 'read') + path.sep;

  it('nothing outside modules/catalog/read imports its internals: only its door, index.ts (tests: *.testing.ts)', () => {
    const offenders = [...graph].flatMap(([from, targets]) =>
      from.startsWith(readDir)
        ? []
        : targets
            .filter((to) => to.startsWith(readDir) && path.basename(to) !== 'index.ts')
            .filter((to) => !(/\.test\.ts$|[/]test[/]/.test(from) && to.endsWith('.testing.ts')))
            .map((to) => `${path.relative(repoRoot, from)} → ${path.relative(repoRoot, to)}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the exchange rooms (issue 30 item 5, docs/decisions/047)', () => {
  const graph = importGraph(tsFiles(['apps', 'packages']));
  const exchangeDir = path.join(modulesDir, 'exchange');
  const room = (file: string) => {
    const rel = path.relative(exchangeDir, file).split(path.sep);
    return rel.length > 1 && ['onec', 'sheet'].includes(rel[0]!) ? rel[0]! : null;
  };

  it('finds both rooms', () => {
    const rooms = new Set([...graph.keys()].map(room));
    expect(rooms).toEqual(new Set([null, 'onec', 'sheet']));
  });

  it('exchange/onec and exchange/sheet do not import each other: only the shared core in exchange/', () => {
    const offenders = [...graph].flatMap(([from, targets]) => {
      const here = room(from);
      return here
        ? targets
            .filter((to) => room(to) !== null && room(to) !== here)
            .map((to) => `${path.relative(repoRoot, from)} → ${path.relative(repoRoot, to)}`)
        : [];
    });
    expect(offenders).toEqual([]);
  });
});
