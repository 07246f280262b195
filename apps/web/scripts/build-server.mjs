// Compiles the one-port server (apps/web/server.ts with the API, the contract and the ePay simulator it starts)
// into one JavaScript file, apps/web/dist/server.mjs, so `npm start` runs without TypeScript tooling (issue 11 §11).
// The shop's own workspaces are bundled; every npm package stays an import of node_modules (native ones included).
// dist/ sits as deep under the repository as apps/api/src, so paths the code derives from its own location
// (config.ts: the data folder; seed.content.ts: the information pages) still point at the same places.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeBuildStamp } from '../../../scripts/build-stamp.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const outDir = path.join(webDir, 'dist');
const visibleFromWeb = [path.join(webDir, 'node_modules'), path.resolve(webDir, '../../node_modules')].map(
  (dir) => dir + path.sep,
);

/**
 * npm packages stay external: by name when Node finds the same copy from dist/ (the root's and apps/web's
 * node_modules), else by their file path relative to dist/ (a version kept in another workspace's node_modules,
 * e.g. apps/api's); node: built-ins stay as they are. The
 * shop's workspaces (@kiim/*), relative and `#app/*` imports are bundled.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, async (args) => {
      if (args.pluginData === 'inner' || args.path.startsWith('@kiim/') || path.isAbsolute(args.path))
        return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const r = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'inner',
      });
      if (r.errors.length) return { errors: r.errors };
      if (!r.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      // Found by Node from dist/ as from apps/web (the same copy React Router's build imports): keep it bare.
      if (visibleFromWeb.some((dir) => r.path.startsWith(dir))) return { path: args.path, external: true };
      const rel = path.relative(outDir, r.path).split(path.sep).join('/');
      return { path: rel.startsWith('.') ? rel : `./${rel}`, external: true };
    });
  },
};

await build({
  entryPoints: [path.join(webDir, 'server.ts')],
  outfile: path.join(outDir, 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Bundled CommonJS-style code may call require(): give ES modules one.
  banner: {
    js: "import { createRequire as __kiimRequire } from 'node:module'; const require = __kiimRequire(import.meta.url);",
  },
});
// The storefront's build ends here (after react-router build and the compressed copies): npm start may skip it now.
writeBuildStamp();
