import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// In development (`npm run dev`) the API runs beside Vite on API_PORT and /api, /media are proxied to it.
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [reactRouter()],
  server: { port: 3000, proxy: { '/api': api, '/media': api } },
  build: { target: 'es2022' },
});
