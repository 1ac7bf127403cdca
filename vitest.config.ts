import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core (vitest's default leaves one core out: a single worker on a two-core
    // machine, idle while a test waits on PostgreSQL or Redis).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'game',
          root: 'packages/game',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // Property tests and 200,000-draw odds checks share the cores with the other files.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'jetton',
          root: 'packages/jetton',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          environment: 'node',
          // A worker imports the server once for all its files instead of once a file (about a
          // second each): each file still makes its own app and database (helpers.ts), and
          // shared test modules make theirs per file (fuzz/harness.ts, attacks/harness.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
