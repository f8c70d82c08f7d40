import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Four projects: `fast` and `slow` (the unit tests: pure functions of contracts, report-charts and
// the server, and the root scripts of npm start, npm test and the docs check — `fast` runs in under
// 30 s on 2 cores, `slow` holds the files that take seconds each), `server` (routes and repositories
// against a real database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set) and `web`
// (components under happy-dom with Testing Library).

/** Unit test files and folders of the `fast` and `slow` projects. */
const unitTests = [
  'packages/contracts/test/**/*.test.ts',
  'packages/report-charts/test/**/*.test.ts',
  'apps/server/test/unit/**/*.test.ts',
  'scripts/test/**/*.test.mjs',
];
/**
 * The unit tests that take seconds each: the demo build over the real datasets, property tests
 * with thousands of runs, tests that start child processes or parse the whole repository. Everything else is `fast`.
 */
const slowUnitTests = [
  'apps/server/test/unit/demo/**/*.test.ts',
  'apps/server/test/unit/validate-row.test.ts',
  'apps/server/test/unit/read-files.test.ts',
  'packages/contracts/test/calendar-dates.test.ts',
  // Parses every source file of the repository (the /api/ path-literal check).
  'packages/contracts/test/operations.test.ts',
  'scripts/test/test-setup.test.mjs',
];

export default defineConfig({
  test: {
    // Every core (Vitest's default leaves one idle: on 2 cores, one file at a time). The server
    // project runs its files one at a time all the same (fileParallelism: false).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        // Pure functions: the files share one module graph (no file mocks modules or changes process.env).
        test: { name: 'fast', include: unitTests, exclude: slowUnitTests, environment: 'node', isolate: false },
      },
      { test: { name: 'slow', include: slowUnitTests, environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/unit/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The files share one worker's module graph: each builds its own app on its own database
          // copy (test/helper.ts `build`) and no file mocks modules or changes process.env, so loading
          // the server's modules once instead of per file (~2.5 s each) is safe; it halved the server
          // step of `npm test` (1,050 s → 550 s for the PGlite and PostgreSQL passes side by side).
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
          // A whole report page renders in 1–3 s on 2 idle cores; 5 s (the default) was met only
          // when nothing else ran on the machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
