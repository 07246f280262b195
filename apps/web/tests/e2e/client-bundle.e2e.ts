import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The storefront's scripts as built (`npm run build`, which the browser journeys run on): zod validates on the server
// only. A runtime import of `@kiim/contract`'s index in a component (instead of a zod-free subpath such as
// `@kiim/contract/enums` or `/cart`) pulls the whole contract with zod into the browser — 42 KB of compressed script
// the product page once loaded at once (docs/perf/storefront-pages.md, «zod out of the browser»).

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/client/assets');

describe('the storefront’s client build', () => {
  it('holds no zod in any script (its issue code «invalid_type» appears in no chunk)', () => {
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    const withZod = scripts.filter((f) =>
      fs.readFileSync(path.join(assets, f), 'utf8').includes('invalid_type'),
    );
    expect(withZod).toEqual([]);
  });
});
