import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser files that spend most of their time waiting on real game and contest clocks, in the order
 * they run. They go first, beside the integration files (whose CPU load stretches a waiting file
 * less than a busy one); the browser files that keep the CPU busy (axe checks, many screens) follow,
 * mostly once the integration files are done (docs/testing.md).
 */
const WAITING_BROWSER_FILES = ['contest', 'fair-play', 'user-story', 'home-focus-and-replay', 'scale-out', 'connection-guards', 'waiting-room'];

/** Vitest's order (failed, then longest, first), with the browser files of WAITING_BROWSER_FILES moved ahead. */
class WaitingBrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      if (spec.project.name !== 'e2e') return -1;
      const i = WAITING_BROWSER_FILES.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
      return i < 0 ? WAITING_BROWSER_FILES.length : i;
    };
    // Array sort is stable: files of one rank keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Three projects: unit (pure logic, beside the code; files share one module graph), integration (real server on a free port,
 * real HTTP and socket.io-client, PGlite or TEST_DATABASE_URL), e2e (Playwright driving Debian's
 * Chromium against the built app).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: WaitingBrowserFilesFirst },
    // The threads pool serves the unit files (singleThread below) and the browser tests, one at a
    // time whatever the machine's size.
    poolOptions: { threads: { maxThreads: 1, minThreads: 1 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'],
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
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
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
