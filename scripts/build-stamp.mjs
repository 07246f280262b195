// The build stamp of `npm start` (issue 11 §11): a fingerprint of every source the build reads, written by the build
// (apps/web/scripts/build-server.mjs) and compared by scripts/start.mjs, which rebuilds only when it differs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'apps/web/dist/build-stamp.json');
/** What the build makes: without any of them the build runs whatever the stamp says. */
const outputs = [
  'apps/web/dist/server.mjs',
  'apps/web/build/server/index.js',
  'apps/admin/build/client/index.html',
];
/** What the build reads: sources, their configuration and the installed versions (lock file). */
const inputs = [
  'apps/web',
  'apps/admin',
  'apps/api/src',
  'apps/api/package.json',
  'packages/contract',
  'tools',
  'scripts',
  'package.json',
  'package-lock.json',
];
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist', 'tests', '.react-router', 'data']);

/** Path, size and modification time of every input file (tests aside): changes when any source changes. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  const visit = (rel) => {
    const full = path.join(root, rel);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort())
        if (!SKIPPED_DIRS.has(name)) visit(path.join(rel, name));
    } else if (!/\.test\.tsx?$/.test(rel)) hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const rel of inputs) visit(rel);
  return hash.digest('hex');
}

/** Whether the last build is of the sources as they are now, with all its outputs present. */
export function buildIsCurrent() {
  if (outputs.some((f) => !fs.existsSync(path.join(root, f))) || !fs.existsSync(stampFile)) return false;
  return JSON.parse(fs.readFileSync(stampFile, 'utf8')).sources === sourceFingerprint();
}

/** Records that the build now matches the sources. */
export function writeBuildStamp() {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(
    stampFile,
    JSON.stringify({ sources: sourceFingerprint(), builtAt: new Date().toISOString() }),
  );
}
