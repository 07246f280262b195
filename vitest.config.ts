import { defineConfig } from 'vitest/config';

// Unit and API tests, and the tests of tools/ (the browser journeys have their own config in apps/web/tests/e2e).
// API tests run on SQLite by default and on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'tools/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/*.test.ts',
      'apps/admin/app/**/*.test.{ts,tsx}',
      'bench/*.test.ts',
    ],
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    setupFiles: ['apps/api/src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
