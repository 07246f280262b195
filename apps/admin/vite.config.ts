import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The back office's own build (apps/admin/build/client), served under /admin: nothing of it reaches the storefront's
// bundles. In development (`npm run dev -w apps/admin`) /api is proxied to the shop started with `npm start`.
export default defineConfig({
  base: '/admin/',
  plugins: [reactRouter()],
  server: { port: 3002, proxy: { '/api': `http://127.0.0.1:${process.env.SHOP_PORT ?? 3000}` } },
  build: { target: 'es2022' },
});
