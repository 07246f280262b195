import { defineConfig } from 'vitest/config';

// Browser journeys in real Chromium against the started shop (one shop per file, files run one at a time).
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // In CI a failed journey is tried once more: accounts.e2e.ts has an intermittent race (after password
    // recovery → sign-out → password sign-in) seen once in a clean-clone run and not yet explained. Locally a
    // failure fails at once, so the race stays visible.
    retry: process.env.CI ? 1 : 0,
  },
});
