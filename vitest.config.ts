import { defineConfig } from 'vitest/config';

// One runner for every suite (STACK). The server project runs once per database engine: TEST_DB_ENGINE=pglite
// (default) skips the *.pg.test.ts suites, which need a real PostgreSQL server for concurrency and crashes.
const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    // The box has two cores; PGlite takes about 750 MB per test file.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: engine === 'pglite' ? ['**/*.pg.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          pool: 'forks',
          // A file's modules stay loaded for the next file on the same worker: each file imports the whole app (about
          // 1.3 s), and no server test keeps state in a module or the environment between files.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/journeys/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/setup-failures.ts'],
          // One journey at a time: two at a time (a server each, support/journey-server.ts) took CI from 37 to 27
          // minutes, but on two cores some waits on animations and toasts still failed; back on when they hold.
          fileParallelism: false,
          // Journeys keep no state in the support modules that one file could leave to the next (each opens its own
          // browser and accounts), and importing Playwright and the support again for each of 54 files cost ~35 s.
          isolate: false,
          // A state polled for may take a loaded box more than the default second.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
