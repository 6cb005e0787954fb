import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects: API tests on a real PostgreSQL (embedded, or DATABASE_URL),
 * web component tests in jsdom, and browser journeys in Chromium against a started server.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core CI machine, where an API
    // test file spends most of its time waiting on PostgreSQL, so two files overlap well. The
    // browser journeys stay one at a time (fileParallelism: false below).
    maxWorkers: 2,
    // Every portal a test builds or starts (in process, as a child process, or the browser
    // journeys' server) opens at most this many PostgreSQL connections instead of production's 20:
    // two test files at once, each with two or three portals, stay far under a default server's
    // max_connections of 100 (a CI run once failed on "too many clients already").
    env: { DATABASE_POOL_SIZE: '8' },
    projects: [
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts', 'packages/shared/**/*.test.ts', 'apps/cli/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The web app's own Vite config brings its React plugin (installed in apps/web).
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
