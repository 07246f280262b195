// `npm start` (issue 11 §11): builds the shop only when its sources changed since the last build (scripts/build-stamp.mjs),
// then runs the compiled server (apps/web/dist/server.mjs) — plain JavaScript, no TypeScript tooling at run time.
// With a current build the shop is up in about a second.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsCurrent, root } from './build-stamp.mjs';

if (!buildIsCurrent()) {
  console.log('Kiim: the sources changed since the last build — building (npm run build)…');
  // Always a production build, whatever NODE_ENV the shop runs with: under NODE_ENV=test or development Vite bundles
  // React's development build (twice the bytes, several times slower to hydrate), and the stamp would then call
  // that build current for every later start, production ones included.
  const built = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) {
    console.error('Kiim: the build failed (see above); fix it and run npm start again');
    process.exit(built.status ?? 1);
  }
}
await import(pathToFileURL(path.join(root, 'apps/web/dist/server.mjs')).href);
