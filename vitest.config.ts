import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure functions of contracts and server, and the root scripts of npm start,
// npm test and the docs check), `server` (routes and
// repositories against a real database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set)
// and `web` (components under happy-dom with Testing Library).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/test/**/*.test.ts',
            'packages/report-charts/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'scripts/test/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
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
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
        },
      },
    ],
  },
});
