import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// In development (`npm run dev`) the API runs beside Vite on API_PORT and /api, /media are proxied to it.
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

type ModuleInfo = { importers: readonly string[] } | null;

/** The modules of a first visit: the root route (every page) and the home page (where most visits start). */
const isRoot = (id: string) => /\/app\/(root\.tsx|routes\/catalog\/home\.tsx)(\?|$)/.test(id);
const neededByRoot = new Map<string, boolean>();

/** Whether the root route or the home page imports the module, directly or not (a first visit loads it). */
function rootImports(
  id: string,
  getModuleInfo: (id: string) => ModuleInfo,
  visiting = new Set<string>(),
): boolean {
  const known = neededByRoot.get(id);
  if (known !== undefined) return known;
  if (visiting.has(id)) return false;
  visiting.add(id);
  const importers = getModuleInfo(id)?.importers ?? [];
  const found = importers.some(
    (importer) => isRoot(importer) || rootImports(importer, getModuleInfo, visiting),
  );
  if (found || visiting.size === 1) neededByRoot.set(id, found);
  return found;
}

export default defineConfig({
  plugins: [reactRouter()],
  server: { port: 3000, proxy: { '/api': api, '/media': api } },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // The app's components, helpers and the contract's browser code that a first visit needs (the root
        // route's header, footer, sign-in dialog, form and text kits; the home page's cards and sliders) in one
        // chunk rather than a dozen of 1 KB each: every request costs a round trip on a mobile network, more than
        // its few bytes (bench/README.md). Parts only other pages use (checkout, orders, listings) stay with
        // those pages, so the first visit does not download them.
        manualChunks: (id, { getModuleInfo }) =>
          /\/app\/(components|lib)\/|\/packages\/contract\//.test(id) && rootImports(id, getModuleInfo)
            ? 'shared'
            : undefined,
      },
    },
  },
});
