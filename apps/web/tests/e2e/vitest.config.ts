import { defineConfig } from 'vitest/config';

// Browser journeys in real Chromium against the started shop (one shop per file, files run one at a time).
// No retries: a journey that fails once has found a race to fix (each test sets up its own shopper, and reads
// of the page poll until it settles: shop.ts `eventually`, playwright's waiting locators).
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
