import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure logic, beside the code; files share one module graph), integration (real server on a free port,
 * real HTTP and socket.io-client, PGlite or TEST_DATABASE_URL), e2e (Playwright driving Debian's
 * Chromium against the built app).
 */
export default defineConfig({
  test: {
    // The threads pool serves the unit files (singleThread below) and the browser tests, one at a
    // time whatever the machine's size.
    poolOptions: { threads: { maxThreads: 1, minThreads: 1 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          // Pure functions with no module state: one module graph for all files (about 15 s instead
          // of 50 s for 80 files on two cores).
          pool: 'threads',
          poolOptions: { threads: { singleThread: true, isolate: false } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll waits up to 10 s (Vitest's default is 1 s): with the integration files
          // running beside them on two cores, a screen's first data can take longer than a second.
          expect: { poll: { timeout: 10_000 } },
          // In the threads pool, one file at a time (the root's maxThreads), each in a fresh worker
          // with its own app and browser: Vitest runs its pools side by side, so the browser tests
          // (mostly waiting on real game and contest clocks) overlap the integration files in the
          // forks pool instead of following them. (Vitest sizes a pool from the root config, at
          // CPUs − 1 workers by default, and ignores a project's fileParallelism.)
          pool: 'threads',
        },
      },
    ],
  },
});
