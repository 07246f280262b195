import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// In development (`npm run dev`) the API runs beside Vite on API_PORT and /api, /media are proxied to it.
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [reactRouter()],
  server: { port: 3000, proxy: { '/api': api, '/media': api } },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // Shared components, helpers and the contract's browser code in one chunk rather than a dozen of 1 KB
        // each: every request costs a round trip on a mobile network, more than its few bytes (bench/README.md).
        manualChunks: (id) => (/\/app\/(components|lib)\/|\/packages\/contract\//.test(id) ? 'shared' : undefined),
      },
    },
  },
});
