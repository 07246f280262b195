import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 11 §11: the shop runs on the Node version its package.json names (>=20.19); no installed package may require
// a newer one (`npm ci` would warn EBADENGINE, and the package may use what Node 20 lacks). Reads the lock file, so a
// dependency update that brings such a package fails here, before a deployment does.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('runtime support (issue 11 §11)', () => {
  it('every locked package supports the oldest Node the shop supports', () => {
    const oldest = semver.minVersion(read('package.json').engines.node as string)!.version;
    expect(oldest).toBe('20.19.0');
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string' && !semver.satisfies(oldest, p.engines.node))
      .map(([name, p]) => `${name}@${p.version} needs node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
